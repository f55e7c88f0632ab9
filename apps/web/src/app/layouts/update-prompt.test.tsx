import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { setUpdateWaitingForTests } from '@/lib/service-worker';
import { renderWithProviders } from '@/test/render';
import { UpdatePrompt } from './update-prompt';

afterEach(() => setUpdateWaitingForTests(false));

describe('the update prompt', () => {
  it('offers "Reload to update" once a new version waits, and never inside the wizard', () => {
    const { rerender } = renderWithProviders(<UpdatePrompt isInWizard={false} />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => setUpdateWaitingForTests(true));
    expect(screen.getByTestId('update-prompt').textContent).toContain('A new version of the portal is available.');
    expect(screen.getByRole('button', { name: 'Reload to update' })).toBeTruthy();
    rerender(<UpdatePrompt isInWizard />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });
});
