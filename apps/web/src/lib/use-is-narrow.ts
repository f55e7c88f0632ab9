import { useMediaQuery } from '@mantine/hooks';
import { NARROW_BREAKPOINT_PX } from '@portal/domain/constants';

const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

/** SPEC §2: below 1024 px (portrait tablets, phones) the menu folds away and tables turn into cards. */
export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
}
