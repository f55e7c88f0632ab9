/** A long label (German) wraps onto a second line on phones instead of being cut off. */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;
