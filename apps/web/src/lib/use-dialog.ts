import { useState } from 'react';

type DialogState<T> = { key: number; opened: boolean; item: T | null };

/** What `useDialog` gives: the state, `open` and `close`. */
export type Dialog<T> = DialogState<T> & { open: (item: T | null) => void; close: () => void };

/**
 * A dialog about one item (null: a new one). `open` shows it with a new `key`, so a form mounted
 * with that key starts afresh; `close` hides it and keeps the item, so its text stays during the
 * closing transition.
 */
export function useDialog<T>(): Dialog<T> {
  const [state, setState] = useState<DialogState<T>>({ key: 0, opened: false, item: null });
  const open = (item: T | null) => setState((current) => ({ key: current.key + 1, opened: true, item }));
  const close = () => setState((current) => ({ ...current, opened: false }));
  return { ...state, open, close };
}
