/**
 * What `load` gives, loaded once: `get` waits for it, `preload` starts it and ignores a failure, and
 * `peek` gives it at once when it has loaded (else undefined). A failed load (offline before it came)
 * is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loading: Promise<T> | null = null;
  let loaded: { value: T } | null = null;
  const get = () =>
    (loading ??= load().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return { get, preload: () => void get().catch(() => undefined), peek: () => loaded?.value };
}

export type Loader<T> = ReturnType<typeof loadOnce<T>>;
