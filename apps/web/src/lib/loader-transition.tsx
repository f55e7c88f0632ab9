import type { ReactNode } from 'react';
import type { CSSProperties } from 'react';

type LoaderTransitionProps = {
  mounted: boolean;
  transition?: string | { in: CSSProperties; out: CSSProperties; common?: CSSProperties };
  children: (styles: CSSProperties) => ReactNode;
};

/**
 * What Mantine's Button and ActionIcon get as their `Transition` (see lean-imports.ts): the loading
 * spinner shows and hides at once, in the place it would slide to, instead of sliding in over 150 ms.
 * Every named transition ends where the element stands, so only a transition given as styles has a
 * place of its own to keep (the Button's spinner is centred by it).
 */
export function Transition({ mounted, transition, children }: LoaderTransitionProps): ReactNode {
  if (!mounted) return null;
  return children(typeof transition === 'object' ? { ...transition.common, ...transition.in } : {});
}
