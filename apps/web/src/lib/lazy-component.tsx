import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { Loader } from './load-once';

/**
 * What `loader` gives, as state: at once when it has loaded already, else after a render without it.
 * A failed load comes back as `failure`; with `retryWhenOnline` it is tried again when the network is back.
 */
export function useLoaded<T>(loader: Loader<T>, { retryWhenOnline = false } = {}): { value: T | undefined; failure: { error: unknown } | null } {
  const [value, setValue] = useState<T | undefined>(() => loader.peek());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (value !== undefined) return;
    let isMounted = true;
    const attempt = () => {
      loader.get().then(
        // A component is a function: handed to the setter as is, React would call it. As a transition,
        // the render of what came (a whole screen) yields to the browser every few milliseconds, so a
        // tap during it is answered (see main.tsx).
        (loaded) => isMounted && startTransition(() => setValue(() => loaded)),
        (error: unknown) => isMounted && setFailure({ error }),
      );
    };
    attempt();
    if (retryWhenOnline) window.addEventListener('online', attempt);
    return () => {
      isMounted = false;
      window.removeEventListener('online', attempt);
    };
  }, [loader, value, retryWhenOnline]);
  return { value, failure: value === undefined ? failure : null };
}

/**
 * A component whose code is its own chunk, loaded by `loader` (see loadOnce) when it first renders:
 * until then it shows `Loading`. Fetched ahead through the same loader, it renders at once.
 *
 * Not `React.lazy`: a lazy component suspends, the boundary above shows its fallback, and React holds
 * back every reveal for 300 ms after a fallback came or went (its fallback throttle), so a screen or a
 * wizard tab showed up to that much later than its code allowed. This one shows `Loading` itself and
 * then renders in an update of its own (a transition, see useLoaded), which React does not hold back. A load that failed (offline
 * before the chunk came) goes to the nearest error boundary, and is tried again when the component
 * renders again.
 */
export function lazyComponent<P extends object>(loader: Loader<ComponentType<P>>, Loading: ComponentType) {
  return function Lazy(props: P) {
    const { value: Loaded, failure } = useLoaded(loader);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : <Loading />;
  };
}
