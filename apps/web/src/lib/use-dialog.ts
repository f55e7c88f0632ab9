import { useState } from 'react';

type DialogState<T> = { key: number; opened: boolean; item: T | null };

/**
 * A dialog about one item (null: a new one). `open` shows it with a new `key`, so a form mounted
 * with that key starts afresh; `close` hides it and keeps the item, so its text stays during the
 * closing transition.
 */
export function useDialog<T>() {
  const [state, setState] = useState<DialogState<T>>({ key: 0, opened: false, item: null });
  const open = (item: T | null) => setState((current) => ({ key: current.key + 1, opened: true, item }));
  const close = () => setState((current) => ({ ...current, opened: false }));
  return { ...state, open, close };
}
