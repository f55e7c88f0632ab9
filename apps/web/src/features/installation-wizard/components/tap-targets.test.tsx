import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_THEME } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createInstallation } from '../testing/installation-factory';
import { ErrorModal } from '@/components/ui/error-modal';
import { MailLink } from '@/components/ui/mail-link';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { renderWithProviders } from '@/test/render';
import { CloseDialog } from './close-dialog';
import { CompletionModal } from './completion-modal';
import { ConnectionBadge } from './connection-badge';
import { ProceedWithFailedChecksModal } from './proceed-with-failed-checks-modal';


/** WCAG's contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('tap targets and toast contrast', () => {
  it('gives the completion, unsaved-changes, failed-checks and error dialogs a 44 px close button', async () => {
    renderWithProviders(
      <>
        <CompletionModal installation={createInstallation()} fleet="sono" onClose={() => undefined} />
        <CloseDialog opened isSaving={false} onSave={() => undefined} onDiscard={() => undefined} onCancel={() => undefined} />
        <ProceedWithFailedChecksModal opened isSaving={false} onProceed={() => undefined} onCancel={() => undefined} />
        <ErrorModal error={new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'x' })} onClose={() => undefined} />
      </>,
    );
    expect(await screen.findAllByRole('dialog')).toHaveLength(4);
    const closeButtons = [...document.querySelectorAll<HTMLElement>('.mantine-Modal-close')];
    expect(closeButtons).toHaveLength(4);
    for (const button of closeButtons) expect(button.style.getPropertyValue('--cb-size')).toBe('var(--cb-size-xl)');
  });

  it('keeps the offline badge and the support e-mail links at least 44 px high', () => {
    renderWithProviders(
      <>
        <ConnectionBadge status={{ isOnline: false, items: { changes: [], files: [] }, changes: 0, photos: 0, documents: 0, isShown: true }} />
        <MailLink email="support@example.com" size="sm" />
      </>,
    );
    expect(screen.getByTestId('connection-badge').style.minHeight).toBe('44px');
    expect(screen.getByTestId('connection-badge').closest('button')!.style.minHeight).toBe('44px');
    expect(screen.getByTestId('mail-link').style.minHeight).toBe('44px');
    expect(screen.getByTestId('mail-link').style.display).toBe('inline-flex');
  });

  it('writes a toast with a title in a colour of at least 4.5:1 on white', async () => {
    renderWithProviders(<Notifications />);
    notify(i18n.t, { title: 'Saved', message: 'Installation saved.' });
    const text = await screen.findByText('Installation saved.');
    expect(text.style.color).toBe('var(--mantine-color-gray-8)');
    expect(contrast(DEFAULT_THEME.colors.gray[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
