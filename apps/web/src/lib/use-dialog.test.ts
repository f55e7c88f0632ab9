import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDialog } from './use-dialog';

describe('useDialog', () => {
  it('opens with a new key each time and keeps the item while closed', () => {
    const { result } = renderHook(() => useDialog<string>());
    expect(result.current).toMatchObject({ key: 0, opened: false, item: null });

    act(() => result.current.open('Ada'));
    expect(result.current).toMatchObject({ key: 1, opened: true, item: 'Ada' });

    act(() => result.current.close());
    expect(result.current).toMatchObject({ key: 1, opened: false, item: 'Ada' });

    act(() => result.current.open(null));
    expect(result.current).toMatchObject({ key: 2, opened: true, item: null });
  });
});
