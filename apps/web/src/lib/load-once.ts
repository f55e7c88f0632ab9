/**
 * What `load` gives, loaded once: `get` waits for it, `preload` starts it and ignores a failure. A
 * failed load (offline before it came) is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return { get, preload: () => void get().catch(() => undefined) };
}
