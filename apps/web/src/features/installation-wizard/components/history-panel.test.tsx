import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { HistoryEntry } from '@portal/domain/history';
import { i18n } from '@/lib/i18n';
import { createReadyInstallation, createSummary } from '../testing/check-factory';
import { isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

const REASON = 'Controller B gets a new fuse on Monday';
const actor = { name: 'Ina Installer', email: 'ina@example.com' };
const entry = (id: number, action: HistoryEntry['action'], field: string, newValue: string): HistoryEntry => ({
  id,
  at: '2026-11-21T10:00:00.000Z',
  action,
  actor,
  field,
  oldValue: null,
  newValue,
});

/** The history of an installation submitted with a failed check, newest first. */
const history: HistoryEntry[] = [
  entry(3, 'submitted', 'failedChecksReason', REASON),
  entry(2, 'submitted', 'reportVersion', '1'),
  entry(1, 'changed', 'failedChecksReason', REASON),
];

async function openHistory() {
  startWizard('/sono/installations/42?tab=summary', {
    'GET /api/installations/42': { body: createReadyInstallation() },
    'GET /api/installations/42/summary': { body: createSummary() },
    'GET /api/installations/42/history': { body: history },
  });
  fireEvent.click(await screen.findByTestId('history-open', undefined, slow));
  await screen.findByTestId('history-list', undefined, slow);
  return screen.getAllByTestId('history-entry').map((e) => e.textContent);
}

describe('history panel', { timeout: TEST_TIMEOUT_MS }, () => {
  it("shows the installer's reason for proceeding with failed checks, when it was given and with the submit", async () => {
    const entries = await openHistory();
    expect(entries[0]).toContain(`SubmittedReason: ${REASON}`);
    expect(entries[2]).toContain(`ChangedReason for proceeding with failed checks to “${REASON}”`);
    expect(within(screen.getByTestId('history-list')).getAllByText(/Ina Installer/)).toHaveLength(3);
  });

  it('says the same in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const entries = await openHistory();
    expect(entries[0]).toContain(`Grund: ${REASON}`);
    expect(entries[2]).toContain(`Grund für das Fortfahren trotz fehlgeschlagener Prüfungen`);
    expect(entries[2]).toContain(REASON);
  });
});
