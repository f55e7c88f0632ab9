import { useMediaQuery } from '@mantine/hooks';
import { NARROW_BREAKPOINT_PX } from '@portal/domain/constants';

export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;
/** Mantine's `sm` breakpoint: a phone held upright, where a calendar opens full width and a table of checks turns into cards. */
const PHONE_QUERY = '(max-width: 48em)';

/** SPEC §2: below 1024 px (portrait tablets, phones) the menu folds away and tables turn into cards. */
export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
}

/** A phone-sized screen (up to 768 px), for the few pieces that change only there. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/** A device whose main pointer is a finger (phones, tablets): nothing to drag files with. */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

export function useIsTouch(): boolean {
  return useMediaQuery(TOUCH_QUERY, false, { getInitialValueInEffect: false });
}
