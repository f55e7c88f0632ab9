import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createCarryOver, createCarryOverSource } from '@portal/domain/testing/carry-over';
import { i18n } from '@/lib/i18n';
import { createInstallation, createInstallationWithVehicle } from '../testing/installation-factory';
import { bodiesOf, chooseOption, isolateWizardTests, slow, startWizard, startWizardOnTab, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

const CARRY_OVER = 'GET /api/fleets/sono/installations/carry-over';
const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const marks = () => screen.queryAllByTestId('carried-mark').map((mark) => mark.textContent);

/** The Solaris of another installer, as `from=40` answers it. */
const picked = createCarryOver({
  vehicle: {
    source: createCarryOverSource({ id: 40, name: 'Gelenkbus 7', systemSerialNumber: 'SN-DEMO-0002' }),
    values: { type: 'bus', manufacturer: 'Solaris', model: 'Urbino 18 electric', year: 2021, transmission: 'electric', batteryType: 'HV', batteryCapacity: 553, batteryCapacityUnit: 'kWh', city: null },
  },
});

function openTab(tab: 'vehicle' | 'setup', carryOver = createCarryOver()) {
  // The setup tab opens once the tabs before it are done.
  const installation = tab === 'setup' ? createInstallationWithVehicle({ systemDataConfirmed: true }) : createInstallation({ customerDataConfirmed: true });
  return startWizardOnTab(installation, tab, {
    [CARRY_OVER]: (_init, url) => ({ body: url.searchParams.get('from') === '40' ? picked : carryOver }),
    'POST /api/installations/42/vehicle': (init) => ({ body: { ...installation, version: 4, vehicle: { id: 9, licensePlate: null, ...JSON.parse(String(init?.body)) } } }),
    'PUT /api/installations/42/setup': { body: { ...installation, version: 4 } },
  });
}

describe('"Same as the last vehicle" on the vehicle tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('fills what repeats from the last vehicle, marks it until saved, and leaves the VIN, plate and mileage to the installer', async () => {
    const { fake } = openTab('vehicle');
    const button = await screen.findByTestId('vehicle-same-as-last', undefined, slow);
    expect(button.textContent).toContain('Same as the last vehicle');
    expect(button.textContent).toContain("MAN Lion's City 12 E 2023 · Bus 4713 Betriebshof");
    expect(fake.calls.find((c) => c.path === '/api/fleets/sono/installations/carry-over')?.query.get('for')).toBe('42');

    fireEvent.click(button);
    expect(valueOf('vehicle-type')).toBe('bus');
    expect(valueOf('vehicle-manufacturer')).toBe('MAN');
    expect(valueOf('vehicle-model')).toBe("Lion's City 12 E");
    expect(valueOf('vehicle-year')).toBe('2023');
    expect(valueOf('vehicle-transmission')).toBe('electric');
    expect(valueOf('vehicle-battery-type')).toBe('HV');
    expect(valueOf('vehicle-battery-capacity')).toBe('480');
    expect(valueOf('vehicle-battery-unit')).toBe('kWh');
    expect(valueOf('vehicle-city')).toBe('Berlin, Germany');
    for (const own of ['vehicle-vin', 'vehicle-license-plate', 'vehicle-mileage']) expect(valueOf(own)).toBe('');
    expect(marks()).toEqual(Array(8).fill('From the last vehicle'));
    expect(screen.getByTestId('carried-notice').textContent).toBe(
      "Taken from “Bus 4713 Betriebshof” (SN-DEMO-0003). Please enter this vehicle's own VIN, licence plate and mileage.",
    );

    // A value the installer changes is theirs: its mark goes.
    change('vehicle-model', "Lion's City 12 E Efficient");
    expect(marks()).toHaveLength(7);

    change('vehicle-vin', 'WMAA40ZZ5NP012346');
    change('vehicle-mileage', '120');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')).toHaveLength(1));
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({
      type: 'bus',
      manufacturer: 'MAN',
      model: "Lion's City 12 E Efficient",
      year: 2023,
      transmission: 'electric',
      batteryType: 'HV',
      batteryCapacity: 480,
      batteryCapacityUnit: 'kWh',
      city: 'Berlin, Germany',
      vin: 'WMAA40ZZ5NP012346',
      mileage: 120,
      version: 3,
    });
    await waitFor(() => expect(marks()).toEqual([]));
    expect(screen.queryByTestId('carried-notice')).toBeNull();
  });

  it('is checked by the same rules as typed values', async () => {
    const { fake } = openTab('vehicle');
    fireEvent.click(await screen.findByTestId('vehicle-same-as-last', undefined, slow));
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The VIN is required')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says it in German, and takes a vehicle picked from the fleet', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { fake } = openTab('vehicle');
    expect((await screen.findByTestId('vehicle-same-as-last', undefined, slow)).textContent).toContain('Wie das letzte Fahrzeug');
    fireEvent.click(screen.getByTestId('vehicle-same-as-last'));
    expect(marks()).toEqual(Array(8).fill('Vom letzten Fahrzeug'));
    expect(screen.getByTestId('carried-notice').textContent).toBe(
      'Übernommen von „Bus 4713 Betriebshof“ (SN-DEMO-0003). Bitte geben Sie FIN, Kennzeichen und Kilometerstand dieses Fahrzeugs ein.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Anderes Fahrzeug wählen' }));
    const picker = await screen.findByRole('dialog', { name: 'Werte welches Fahrzeugs übernehmen?' });
    const item = within(picker).getByTestId('vehicle-picker-40');
    expect(item.textContent).toBe('Gelenkbus 7SN-DEMO-0002 · Solaris Urbino 18 electric 2021');
    fireEvent.click(item);
    await waitFor(() => expect(valueOf('vehicle-manufacturer')).toBe('Solaris'));
    expect(fake.calls.some((c) => c.path === '/api/fleets/sono/installations/carry-over' && c.query.get('from') === '40' && c.query.get('for') === '42')).toBe(true);
    expect(valueOf('vehicle-model')).toBe('Urbino 18 electric');
    expect(valueOf('vehicle-battery-capacity')).toBe('553');
    expect(valueOf('vehicle-city')).toBe('');
    expect(marks()).toEqual(Array(8).fill('Vom gewählten Fahrzeug'));
  });

  it('offers nothing when the fleet has no earlier vehicle', async () => {
    openTab('vehicle', createCarryOver({ vehicle: null, setup: null, recent: [] }));
    await screen.findByTestId('vehicle-manufacturer', undefined, slow);
    await waitFor(() => expect(screen.queryByTestId('vehicle-carry-over')).toBeNull());
  });
});

describe('"Same as the last vehicle" and "All LEDs as expected" on the setup tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('takes PV modules and active channels per controller, fills the LEDs in one tap, and saves them as typed', async () => {
    const { fake } = openTab('setup');
    fireEvent.click(await screen.findByTestId('setup-same-as-last', undefined, slow));
    expect([valueOf('setup-pv-0'), valueOf('setup-channels-0'), valueOf('setup-pv-1'), valueOf('setup-channels-1')]).toEqual(['5', '3', '6', '4']);
    expect(marks()).toEqual(Array(4).fill('From the last vehicle'));

    fireEvent.click(screen.getByRole('button', { name: 'All LEDs as expected' }));
    for (const row of [0, 1]) {
      expect(valueOf(`setup-powerLed-${row}`)).toBe('constantlyLit');
      expect(valueOf(`setup-statusLed-${row}`)).toBe('on');
      expect(valueOf(`setup-faultLed-${row}`)).toBe('off');
    }
    expect(screen.getByTestId('carried-notice').textContent).toContain('You can still change each LED.');
    // Each LED can still be changed.
    chooseOption(screen.getByTestId('setup-statusLed-1'), 'Blinking');
    expect(valueOf('setup-statusLed-1')).toBe('blinking');

    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')).toHaveLength(1));
    expect(bodiesOf(fake, 'PUT', '/api/installations/42/setup')[0]).toEqual({
      version: 3,
      controllers: [
        { serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 5, activeChannelCount: 3, inspection: { powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' } },
        { serialNumber: 'CC-DEMO-0001-B', pvModulesCount: 6, activeChannelCount: 4, inspection: { powerLed: 'constantlyLit', statusLed: 'blinking', faultLed: 'off' } },
      ],
    });
    await waitFor(() => expect(marks()).toEqual([]));
  });

  it('does not take a setup of another controller count over, and says why, in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const oneController = createCarryOver();
    oneController.setup!.controllers = [{ pvModulesCount: 8, activeChannelCount: 5 }];
    openTab('setup', oneController);
    const button = await screen.findByTestId('setup-same-as-last', undefined, slow);
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toContain('Das letzte Fahrzeug hatte 1 Laderegler, dieses hat 2. Die Einrichtung lässt sich daher nicht übernehmen.');
    fireEvent.click(screen.getByRole('button', { name: 'Alle LEDs wie erwartet' }));
    expect(valueOf('setup-powerLed-0')).toBe('constantlyLit');
    expect(valueOf('setup-pv-0')).toBe('');
    expect(screen.getByTestId('carried-notice').textContent).toContain('Jede LED lässt sich weiterhin ändern.');
  });
});

describe('the suggested installation name', { timeout: TEST_TIMEOUT_MS }, () => {
  it('fills the name of a new installation with the next of the series, which the installer can change', async () => {
    const { fake } = startWizard('/sono/installations/new', {
      [CARRY_OVER]: { body: createCarryOver() },
      'POST /api/installations': (init) => ({ status: 201, body: createInstallation({ id: 43, ...JSON.parse(String(init?.body)) }) }),
    });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4714 Betriebshof'));
    expect(marks()).toEqual(['Suggested after “Bus 4713 Betriebshof”. You can change it.']);
    change('general-name', 'Bus 4720 Betriebshof');
    expect(marks()).toEqual([]);
    change('general-serial', 'SN-DEMO-0004');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations')).toHaveLength(1));
    expect(bodiesOf(fake, 'POST', '/api/installations')[0]).toMatchObject({ systemSerialNumber: 'SN-DEMO-0004', name: 'Bus 4720 Betriebshof' });
  });

  it('never lands in a name field the installer is already in', async () => {
    const { fake } = startWizard('/sono/installations/new', { [CARRY_OVER]: { body: createCarryOver() } });
    // The suggestion answers only once the installer has tapped into the field and begun to type.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/installations/carry-over')) await answered;
      return fake.fetchFn(input, init);
    });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    const name = (await screen.findByTestId('general-name', undefined, slow)) as HTMLInputElement;
    act(() => name.focus());
    answer();
    await waitFor(() => expect(fake.calls.some((call) => call.path.endsWith('/installations/carry-over'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    // The field the installer is in keeps what they type, and nothing is put in front of it.
    expect(valueOf('general-name')).toBe('');
    expect(marks()).toEqual([]);
    change('general-name', 'Half-typed bus');
    expect(valueOf('general-name')).toBe('Half-typed bus');
  });

  it('suggests after what the server says now, not after what an earlier new installation was told', async () => {
    // The first new installation is told 'Bus 4714'; by the second, a colleague has recorded 4714, and the
    // server's answer (which takes its time) says 4715.
    const later = createCarryOver({ name: { source: createCarryOverSource({ id: 44, name: 'Bus 4714 Betriebshof' }), suggested: 'Bus 4715 Betriebshof' } });
    let answers = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { fake } = startWizard('/sono/installations/new', {
      [CARRY_OVER]: async () => {
        answers += 1;
        if (answers === 1) return { body: createCarryOver() };
        await answered;
        return { body: later };
      },
    });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4714 Betriebshof'));

    // The installer gives that one up and starts the next from the fleet home: a suggested name is
    // nothing they entered, so the close asks nothing.
    fireEvent.click(screen.getByTestId('wizard-close'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add new installation' }, slow));
    expect(screen.queryByTestId('close-dialog')).toBeNull();
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await screen.findByTestId('general-name', undefined, slow);
    await waitFor(() => expect(fake.calls.filter((call) => call.path.endsWith('/installations/carry-over'))).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    // The answer kept from the first tab suggests nothing while the fresh one is on its way...
    expect(valueOf('general-name')).toBe('');
    expect(marks()).toEqual([]);
    // ...and the fresh one does.
    answer();
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4715 Betriebshof'));
    expect(marks()).toEqual(['Suggested after “Bus 4714 Betriebshof”. You can change it.']);
  });

  it('offline, suggests after the answer the device kept', async () => {
    const { fake } = startWizard('/sono/installations/new', { [CARRY_OVER]: { body: createCarryOver() } });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4714 Betriebshof'));
    fireEvent.click(screen.getByTestId('wizard-close'));
    await waitFor(() => expect(screen.queryByTestId('close-dialog') ?? screen.getByRole('button', { name: 'Add new installation' })).toBeTruthy(), slow);
    if (screen.queryByTestId('close-dialog')) fireEvent.click(screen.getByRole('button', { name: "Don't save" }));

    // The signal goes: the device says so, and requests fail.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/installations/carry-over') ? Promise.reject(new TypeError('Failed to fetch')) : fake.fetchFn(input, init),
    );
    act(() => void window.dispatchEvent(new Event('offline')));
    fireEvent.click(await screen.findByRole('button', { name: 'Add new installation' }, slow));
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4714 Betriebshof'), slow);
    expect(marks()).toEqual(['Suggested after “Bus 4713 Betriebshof”. You can change it.']);
  });

  it('says so in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    startWizard('/sono/installations/new', { [CARRY_OVER]: { body: createCarryOver() } });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(valueOf('general-name')).toBe('Bus 4714 Betriebshof'));
    expect(marks()).toEqual(['Vorschlag nach „Bus 4713 Betriebshof“. Sie können ihn ändern.']);
  });
});
