import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { i18n } from '@/lib/i18n';
import { LoginEmailForm } from './login-email-form';

function setup() {
  const onSubmit = vi.fn();
  renderWithProviders(<LoginEmailForm isSubmitting={false} onSubmit={onSubmit} />);
  const input = screen.getByRole('textbox', { name: /email/i });
  const submit = screen.getByRole('button', { name: 'Request email link' });
  return { onSubmit, input, submit };
}

describe('LoginEmailForm', () => {
  it('asks for the email when it is empty', async () => {
    const { onSubmit, submit } = setup();
    fireEvent.click(submit);
    expect(await screen.findByText('The email is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses something that is not an email address', async () => {
    const { onSubmit, input, submit } = setup();
    fireEvent.change(input, { target: { value: 'installer@' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid address, trimmed and in lower case', async () => {
    const { onSubmit, input, submit } = setup();
    fireEvent.change(input, { target: { value: '  Max.Mustermann@Example.COM ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('max.mustermann@example.com'));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('speaks German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const onSubmit = vi.fn();
    renderWithProviders(<LoginEmailForm isSubmitting={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink per E-Mail anfordern' }));
    expect(await screen.findByText('Das Feld E-Mail ist erforderlich')).toBeTruthy();
  });
});
