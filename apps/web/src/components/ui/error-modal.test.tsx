import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ApiError } from '@/lib/api-error';
import { showError, useErrorStore } from '@/lib/error-store';

const failure = new ApiError({
  status: 502,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The database is not reachable',
  details: { attempt: 3 },
});

async function openModal() {
  renderWithProviders(<div />);
  act(() => showError(failure));
  return screen.findByRole('dialog');
}

describe('ErrorModal', () => {
  it('stays closed while nothing failed', () => {
    renderWithProviders(<div />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows status, code and message of the last error', async () => {
    const dialog = await openModal();
    expect(dialog.textContent).toContain('Something went wrong');
    expect(dialog.textContent).toContain('Please try again later.');
    expect(screen.getByTestId('error-modal-status').textContent).toBe('502');
    expect(screen.getByTestId('error-modal-code').textContent).toBe('SERVICE_UNAVAILABLE');
    expect(screen.getByTestId('error-modal-message').textContent).toBe('The database is not reachable');
  });

  it('reveals the details on request', async () => {
    await openModal();
    expect(screen.queryByTestId('error-modal-details')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(JSON.parse(screen.getByTestId('error-modal-details').textContent ?? '')).toEqual({ attempt: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByTestId('error-modal-details')).toBeNull();
  });

  it('closes with Escape', async () => {
    const dialog = await openModal();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useErrorStore.getState().error).toBeNull();
  });

  it('closes with Confirm', async () => {
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns an unknown thrown value into the generic message', async () => {
    renderWithProviders(<div />);
    act(() => showError(new Error('secret stack detail')));
    await screen.findByRole('dialog');
    expect(screen.getByTestId('error-modal-message').textContent).toBe('An unexpected error occurred');
    expect(screen.getByTestId('error-modal-status').textContent).toBe('500');
    expect(screen.getByTestId('error-modal-code').textContent).toBe('UNKNOWN_ERROR');
  });
});
