import { useEffect, useState, type ComponentType } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { withTexts } from '@/lib/i18n-lazy';
import { loadOnce } from '@/lib/load-once';
import type { ScreenTextPart } from '@/locales/parts';

/**
 * Route-level code splitting: each screen is its own chunk, so #/login loads only what it shows; a
 * screen with texts of its own (locales/parts.ts) loads them alongside.
 *
 * Not `React.lazy`: a lazy screen suspends, its layout shows the loader as a Suspense fallback, and
 * React holds back every reveal for 300 ms after a fallback came or went (its fallback throttle), so
 * on a page load that opened the wizard its header showed about half a second later than its code and data
 * allowed. The screen shows the loader itself until its code is there and then renders in an
 * ordinary update, which React does not hold back. A load that failed (offline before the chunk came)
 * goes to the route's error boundary, and is tried again when the screen is opened again.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, texts?: ScreenTextPart) {
  let loaded: ComponentType | null = null;
  const { get } = loadOnce(() => (texts ? withTexts(texts, load) : load()).then((module) => (loaded = module[name])));

  function Screen() {
    const [Loaded, setLoaded] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let isMounted = true;
      get().then(
        (component) => isMounted && setLoaded(() => component),
        (error: unknown) => isMounted && setFailure({ error }),
      );
      return () => {
        isMounted = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded /> : <PageLoader />;
  }

  return <Screen />;
}
