import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { i18n } from '@/lib/i18n';
import { createInstallationWithVehicle } from '../testing/installation-factory';
import { bodiesOf, chooseOption, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

isolateWizardTests();

const healthy = PASSED_INSPECTION;

/** Types the PV modules and active channels of each controller row, in order. */
async function fillRows(...rows: [pvModules: string, channels: string][]) {
  await screen.findByTestId('setup-pv-0', undefined, slow);
  rows.forEach(([pvModules, channels], index) => {
    change(`setup-pv-${index}`, pvModules);
    change(`setup-channels-${index}`, channels);
  });
}

const pickOption = (testId: string, option: string) => chooseOption(screen.getByTestId(testId), option);

function openSetupTab(setupAnswer?: Parameters<typeof startWizard>[1][string]) {
  const installation = createInstallationWithVehicle({
    systemDataConfirmed: true,
    inspections: [
      { chargeControllerSerial: 'CC-DEMO-0001-A', ...healthy },
      { chargeControllerSerial: 'CC-DEMO-0001-B', ...healthy, faultLed: 'on' },
    ],
  });
  return startWizard('/sono/installations/42?tab=setup', {
    'GET /api/installations/42': { body: installation },
    'PUT /api/installations/42/setup': setupAnswer ?? { body: { ...installation, version: 4 } },
  });
}

const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('setup tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('keeps Next disabled while a field is empty', async () => {
    openSetupTab();
    const next = (await screen.findByTestId('step-next', undefined, slow)) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    change('setup-pv-0', '6');
    change('setup-channels-0', '4');
    change('setup-pv-1', '6');
    expect(next.disabled).toBe(true);
    change('setup-channels-1', '4');
    await waitFor(() => expect(next.disabled).toBe(false));
  });

  it('limits the active channels per controller type and the PV modules of the whole system', async () => {
    const { fake } = openSetupTab();
    await fillRows(['8', '8'], ['6', '8']);
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The active channels must be between 1 and 7.')).toBeTruthy();
    expect(screen.getAllByText('Together, the charge controllers can have at most 12 PV modules.')).toHaveLength(2);
    expect(screen.getByText('Please verify physical inspection data')).toBeTruthy();
    expect(screen.getByTestId('setup-sum').textContent).toBe('PV modules assigned: 14 of 12');
    change('setup-pv-0', 'six');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The field PV modules should be a number')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says under each wrong LED what a healthy controller shows, and what to do next, in both languages', async () => {
    const { fake } = openSetupTab();
    await fillRows(['6', '4'], ['6', '4']);
    pickOption('setup-powerLed-1', 'Blinking');
    // Said as soon as the LED is chosen, and still after Save.
    expect(await screen.findByText("A healthy controller's power LED is constantly lit.")).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(screen.getByTestId('setup-powerLed-1').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("A healthy controller's power LED is constantly lit.")).toBeTruthy();
    expect(screen.getByText("A healthy controller's fault LED is off.")).toBeTruthy();
    expect(screen.queryByText("A healthy controller's status LED is on or blinking.")).toBeNull();
    expect(screen.queryByTestId('setup-inspection-help-0')).toBeNull();
    const help = screen.getByTestId('setup-inspection-help-1');
    expect(help.textContent).toContain('Check the wiring of this charge controller and its fuse');
    expect(within(help).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByText('Bei einem intakten Laderegler leuchtet die Power-LED dauerhaft.')).toBeTruthy();
    expect(screen.getByText('Bei einem intakten Laderegler ist die Fehler-LED aus.')).toBeTruthy();
    expect(screen.getByTestId('setup-inspection-help-1').textContent).toContain('Prüfen Sie die Verkabelung dieses Ladereglers und seine Sicherung');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the server’s PV module limit on every controller', async () => {
    openSetupTab({
      status: 400,
      body: { status: 400, code: 'VALIDATION_ERROR', message: 'The setup is not valid', details: [{ index: -1, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' }] },
    });
    await fillRows(['6', '7'], ['6', '8']);
    pickOption('setup-faultLed-1', 'Off');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(screen.getAllByText('Together, the charge controllers can have at most 12 PV modules.')).toHaveLength(2));
  });

  it('sends every controller at once', async () => {
    const { fake } = openSetupTab();
    await fillRows(['6', '7'], ['6', '8']);
    pickOption('setup-faultLed-1', 'Off');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')).toHaveLength(1));
    expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')[0]).toEqual({
      version: 3,
      controllers: [
        { serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 6, activeChannelCount: 7, inspection: healthy },
        { serialNumber: 'CC-DEMO-0001-B', pvModulesCount: 6, activeChannelCount: 8, inspection: healthy },
      ],
    });
  });

  it.each([
    { language: 'en', warning: '1 PV module not assigned to a charge controller', question: /1 of the system’s 12 PV modules is not assigned/, confirm: 'Continue' },
    { language: 'de', warning: '1 PV-Modul keinem Laderegler zugeordnet', question: /1 der 12 PV-Module des Systems ist keinem Laderegler zugeordnet/, confirm: 'Fortfahren' },
  ])('warns about PV modules not assigned and asks once before moving on ($language)', async ({ language, warning, question, confirm }) => {
    const { fake } = openSetupTab();
    await act(() => i18n.changeLanguage(language));
    await fillRows(['6', '7'], ['5', '8']);
    pickOption('setup-faultLed-1', language === 'de' ? 'Aus' : 'Off');
    expect((await screen.findByTestId('setup-unassigned')).textContent).toBe(warning);
    fireEvent.click(screen.getByTestId('step-next'));
    const dialog = within(await screen.findByTestId('setup-unassigned-dialog'));
    expect(dialog.getByText(question)).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: confirm }));
    await waitFor(() => expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=uploads'));
  });
});
