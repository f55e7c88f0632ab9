import type { ComponentType } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { withTexts } from '@/lib/i18n-lazy';
import { lazyComponent } from '@/lib/lazy-component';
import { loadOnce } from '@/lib/load-once';
import type { ScreenTextPart } from '@/locales/parts';

/**
 * Route-level code splitting: each screen is its own chunk, so #/login loads only what it shows; a
 * screen with texts of its own (locales/parts.ts) loads them alongside. Until both are there the
 * screen shows the page loader (see lazyComponent, and why not `React.lazy`); a load that failed goes
 * to the route's error boundary and is tried again when the screen is opened again.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, texts?: ScreenTextPart) {
  const Screen = lazyComponent(loadOnce(() => (texts ? withTexts(texts, load) : load()).then((module) => module[name])), PageLoader);
  return <Screen />;
}
