import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

type Overrides = Partial<Parameters<typeof ConfirmDialog>[0]>;

function renderDialog(overrides: Overrides = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmDialog
      opened
      title="Delete partner"
      text="Do you really want to delete Miller Solar?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      closeLabel="Close"
      isPending={false}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="delete-dialog"
      confirmTestId="delete-dialog-confirm"
      {...overrides}
    />,
  );
  return { dialog: within(screen.getByTestId('delete-dialog')), onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('shows the question with cancel and confirm buttons', () => {
    const { dialog, onConfirm, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Delete partner' })).toBeTruthy();
    expect(dialog.getByText('Do you really want to delete Miller Solar?')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();

    fireEvent.click(dialog.getByTestId('delete-dialog-confirm'));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows what else the user should know below the question', () => {
    const { dialog } = renderDialog({ children: <p>2 installations lose their partner.</p> });
    expect(dialog.getByText('2 installations lose their partner.')).toBeTruthy();
  });

  it('says why the last try failed and can refuse another one', () => {
    const { dialog } = renderDialog({ errorText: 'The partner no longer exists.', canConfirm: false });
    expect(dialog.getByRole('alert').textContent).toBe('The partner no longer exists.');
    expect(dialog.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });

  it('cannot be closed while the change is being saved', () => {
    const { dialog, onClose } = renderDialog({ isPending: true });
    expect(dialog.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
