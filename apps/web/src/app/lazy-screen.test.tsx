import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { renderWithProviders } from '@/test/render';
import { lazyScreen } from './lazy-screen';

function Checklist() {
  return <h1>Checklist</h1>;
}

/** A module load the test settles by hand. */
function deferredLoad() {
  const loads: { resolve: (module: { Checklist: typeof Checklist }) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ Checklist: typeof Checklist }>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { load, loads };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyScreen', () => {
  it('shows the loader until the code is there, then the screen; opened again it shows at once', async () => {
    const { load, loads } = deferredLoad();
    const element = lazyScreen(load, 'Checklist');
    const first = renderWithProviders(element);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading', { name: 'Checklist' })).toBeNull();
    await act(async () => loads[0]!.resolve({ Checklist }));
    expect(screen.getByRole('heading', { name: 'Checklist' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    first.unmount();

    renderWithProviders(element);
    expect(screen.getByRole('heading', { name: 'Checklist' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the error boundary and tries again when the screen is opened again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, loads } = deferredLoad();
    const element = lazyScreen(load, 'Checklist');
    // The route's boundary clears its error when the address changes, as moving to the screen again does.
    let openAgain = () => undefined as void;
    function Route() {
      const [visit, setVisit] = useState(1);
      openAgain = () => setVisit((n) => n + 1);
      return (
        <ErrorBoundary fallback={<p role="alert">Could not load</p>} resetKey={visit}>
          {element}
        </ErrorBoundary>
      );
    }
    renderWithProviders(<Route />);
    await act(async () => loads[0]!.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toBe('Could not load');

    act(() => openAgain());
    expect(screen.getByRole('status')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => loads[1]!.resolve({ Checklist }));
    expect(screen.getByRole('heading', { name: 'Checklist' })).toBeTruthy();
  });
});
