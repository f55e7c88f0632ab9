import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ApiError, errorFromTransport } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { showError, useErrorStore } from '@/lib/error-store';

const failure = new ApiError({
  status: 500,
  code: 'INTERNAL_ERROR',
  message: 'An unexpected error occurred',
  details: { attempt: 3 },
});

const outage = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable. Please try again in a moment.' });

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
    expect(screen.getByTestId('error-modal-status').textContent).toBe('500');
    expect(screen.getByTestId('error-modal-code').textContent).toBe('INTERNAL_ERROR');
    expect(screen.getByTestId('error-modal-message').textContent).toBe('An unexpected error occurred');
  });

  it('says that the service is unreachable and to try again shortly, in English and German', async () => {
    renderWithProviders(<div />);
    act(() => showError(outage));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Service unavailable');
    expect(screen.getByTestId('error-modal-text').textContent).toBe('The service cannot be reached at the moment. Please try again in a few moments.');
    expect(screen.getByTestId('error-modal-status').textContent).toBe('503');
    expect(screen.getByTestId('error-modal-code').textContent).toBe('SERVICE_UNAVAILABLE');
    try {
      await act(() => i18n.changeLanguage('de'));
      expect(screen.getByRole('dialog').textContent).toContain('Dienst nicht erreichbar');
      expect(screen.getByTestId('error-modal-text').textContent).toBe(
        'Der Dienst ist im Moment nicht erreichbar. Bitte versuchen Sie es in wenigen Augenblicken erneut.',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says the same when no answer arrived at all', async () => {
    renderWithProviders(<div />);
    act(() => showError(errorFromTransport(new TypeError('Failed to fetch'))));
    await screen.findByRole('dialog');
    expect(screen.getByTestId('error-modal-text').textContent).toBe('The service cannot be reached at the moment. Please try again in a few moments.');
    expect(screen.getByTestId('error-modal-message').textContent).toBe('Failed to fetch');
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
