import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * `useMergeRefs` of @floating-ui/react, for Mantine's ScrollArea (see lean-imports.ts): one callback
 * ref that sets every given ref, and clears them (or runs their clean-ups) when the node goes.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): (node: T | null) => void {
  return useMergedRef<T>(...(refs as Ref<T>[]));
}
