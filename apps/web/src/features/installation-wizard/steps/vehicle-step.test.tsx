import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DISTANCE_UNIT_STORAGE_KEY } from '@portal/domain/constants';
import { maxVehicleYear } from '@portal/domain/vehicle';
import { i18n } from '@/lib/i18n';
import { createInstallationWithVehicle } from '../testing/installation-factory';
import { bodiesOf, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

function openVehicleTab() {
  const installation = createInstallationWithVehicle();
  return startWizard('/sono/installations/42?tab=vehicle', {
    'GET /api/installations/42': { body: installation },
    'POST /api/installations/42/vehicle': (init) => ({ body: { ...installation, version: 4, vehicle: { ...installation.vehicle!, ...JSON.parse(String(init?.body)) } } }),
  });
}

const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('vehicle tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('explains a wrong year, a malformed VIN and a value that is not a number', async () => {
    const { fake } = openVehicleTab();
    await screen.findByTestId('vehicle-year', undefined, slow);
    change('vehicle-year', '1999');
    change('vehicle-vin', '1M8GDM9AXKP04278O');
    change('vehicle-battery-capacity', '48o');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText(`Please enter a valid year between 2000 and ${maxVehicleYear()}.`)).toBeTruthy();
    expect(screen.getByText('The VIN must have 17 letters and digits, without I, O and Q.')).toBeTruthy();
    expect(screen.getByText('The field battery capacity should be a number')).toBeTruthy();
    change('vehicle-manufacturer', '');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The manufacturer is required')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the same in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    openVehicleTab();
    await screen.findByTestId('vehicle-year', undefined, slow);
    change('vehicle-year', '20x1');
    change('vehicle-mileage', 'viel');
    change('vehicle-vin', 'ABC');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('Das Feld Baujahr muss eine Zahl sein')).toBeTruthy();
    expect(screen.getByText('Das Feld Kilometerstand muss eine Zahl sein')).toBeTruthy();
    expect(screen.getByText('Die FIN muss aus 17 Buchstaben und Ziffern bestehen, ohne I, O und Q.')).toBeTruthy();
    change('vehicle-year', '1990');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText(`Bitte geben Sie ein gültiges Jahr zwischen 2000 und ${maxVehicleYear()} ein.`)).toBeTruthy();
  });

  it('shows and reads numbers with the German decimal comma and thousands point', async () => {
    await act(() => i18n.changeLanguage('de'));
    const installation = createInstallationWithVehicle();
    const withDecimal = { ...installation, vehicle: { ...installation.vehicle!, batteryType: 'LV' as const, batteryCapacity: 24.5, batteryCapacityUnit: 'Ah' as const } };
    const { fake } = startWizard('/sono/installations/42?tab=vehicle', {
      'GET /api/installations/42': { body: withDecimal },
      'POST /api/installations/42/vehicle': (init) => ({ body: { ...withDecimal, version: 4, vehicle: { ...withDecimal.vehicle, ...JSON.parse(String(init?.body)) } } }),
    });
    const capacity = await screen.findByTestId('vehicle-battery-capacity', undefined, slow);
    expect(capacity).toHaveProperty('value', '24,5');
    change('vehicle-battery-capacity', '12,75');
    change('vehicle-mileage', '15.000');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')).toHaveLength(1));
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({ batteryCapacity: 12.75, mileage: 15000 });
    // The save ends with its notice; the next test starts only after it.
    expect(await screen.findByText('Der Schritt „Fahrzeug“ wurde gespeichert.', undefined, slow)).toBeTruthy();
  });

  it('warns about a wrong VIN check digit but still saves, in upper case', async () => {
    const { fake } = openVehicleTab();
    await screen.findByTestId('vehicle-vin', undefined, slow);
    change('vehicle-vin', '1m8gdm9a1kp042788');
    expect(screen.getByTestId('vehicle-vin')).toHaveProperty('value', '1M8GDM9A1KP042788');
    expect(await screen.findByTestId('vin-warning')).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The vehicle data has been saved successfuly!', undefined, slow)).toBeTruthy();
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({ vin: '1M8GDM9A1KP042788', version: 3 });
  });

  it('says a negative mileage must be 0 or more, in both languages', async () => {
    const { fake } = openVehicleTab();
    await screen.findByTestId('vehicle-mileage', undefined, slow);
    change('vehicle-mileage', '-5');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The mileage must be 0 or more.')).toBeTruthy();
    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByText('Das Feld Kilometerstand muss 0 oder größer sein.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('warns about the check digit only on North American VINs', async () => {
    openVehicleTab();
    await screen.findByTestId('vehicle-vin', undefined, slow);
    for (const vin of ['WVWZZZ1JZXW000001', 'WDB9634031L123456']) {
      change('vehicle-vin', vin);
      expect(screen.queryByTestId('vin-warning')).toBeNull();
    }
    change('vehicle-vin', '1M8GDM9A1KP042788');
    expect(screen.getByTestId('vin-warning').textContent).toContain('North American VIN');
  });

  it('shows no check digit help on a completed installation', async () => {
    const installation = createInstallationWithVehicle({ status: 'completed' });
    startWizard('/sono/installations/42?tab=vehicle', {
      'GET /api/installations/42': { body: { ...installation, vehicle: { ...installation.vehicle!, vin: '1M8GDM9A1KP042788' } } },
    });
    expect(await screen.findByTestId('vehicle-vin', undefined, slow)).toHaveProperty('value', '1M8GDM9A1KP042788');
    expect(screen.getByTestId('completed-notice')).toBeTruthy();
    expect(screen.queryByTestId('vin-warning')).toBeNull();
  });

  it('gives back the typed mileage unchanged after switching to miles and back, and saves it once converted', async () => {
    const { fake } = openVehicleTab();
    const mileage = await screen.findByTestId('vehicle-mileage', undefined, slow);
    change('vehicle-mileage', '120000');
    fireEvent.click(screen.getByRole('radio', { name: 'miles' }));
    await waitFor(() => expect(mileage).toHaveProperty('value', '74565'));
    fireEvent.click(screen.getByRole('radio', { name: 'km' }));
    await waitFor(() => expect(mileage).toHaveProperty('value', '120000'));
    fireEvent.click(screen.getByRole('radio', { name: 'miles' }));
    await waitFor(() => expect(mileage).toHaveProperty('value', '74565'));
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')).toHaveLength(1));
    // Saved from what was typed (120000 km), not from the 74565 miles shown.
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({ mileage: 120000 });
  });

  it('converts the shown mileage when the unit changes and saves it in km', async () => {
    const { fake } = openVehicleTab();
    const mileage = await screen.findByTestId('vehicle-mileage', undefined, slow);
    expect(mileage).toHaveProperty('value', '12000');
    change('vehicle-mileage', '100');
    fireEvent.click(screen.getByRole('radio', { name: 'miles' }));
    await waitFor(() => expect(mileage).toHaveProperty('value', '62'));
    expect(localStorage.getItem(DISTANCE_UNIT_STORAGE_KEY)).toBe('miles');
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')).toHaveLength(1));
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({ mileage: 100 });
  });

  it('keeps the exact km of an untouched mileage shown in miles', async () => {
    localStorage.setItem(DISTANCE_UNIT_STORAGE_KEY, 'miles');
    const { fake } = openVehicleTab();
    const mileage = await screen.findByTestId('vehicle-mileage', undefined, slow);
    expect(mileage).toHaveProperty('value', '7456');
    change('vehicle-model', "Lion's City 12 E");
    fireEvent.click(screen.getByTestId('step-save'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')).toHaveLength(1));
    expect(bodiesOf(fake, 'POST', '/api/installations/42/vehicle')[0]).toMatchObject({ mileage: 12000, model: "Lion's City 12 E" });
  });
});
