import { useId as useReactId } from 'react';

/**
 * Mantine's `useId`, taken from React's own (apps/web/lean-imports.ts): the same id on the first render
 * and after it. Mantine's sets a random id right after mounting (for React before 18), so every input
 * rendered again, synchronously, once it had mounted. A static id passed to a component wins, as there.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
