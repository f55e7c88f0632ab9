import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Picks `option` of the select with test id `testId`. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).selectOption({ label: option });
}

/** Checks that the select with test id `testId` shows `option`. */
export async function expectChosen(page: Page, testId: string, option: string): Promise<void> {
  await expect(page.getByTestId(testId).locator('option:checked')).toHaveText(option);
}

/** The customer tab: confirms the customer's data and goes on. */
export async function customerStep(page: Page): Promise<void> {
  await page.getByTestId('customer-confirm').check();
  await page.getByTestId('step-next').click();
}

/** A vehicle as an installer types it on the vehicle tab (electric, high voltage battery). */
export type TypedVehicle = { type: string; manufacturer: string; model: string; year: string; batteryCapacity: string; vin: string; mileage: string };

/** The vehicle tab: fills it in and goes on. */
export async function vehicleStep(page: Page, vehicle: TypedVehicle): Promise<void> {
  await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
  await choose(page, 'vehicle-type', vehicle.type);
  await page.getByTestId('vehicle-manufacturer').fill(vehicle.manufacturer);
  await page.getByTestId('vehicle-model').fill(vehicle.model);
  await page.getByTestId('vehicle-year').fill(vehicle.year);
  await choose(page, 'vehicle-transmission', 'Electric');
  await choose(page, 'vehicle-battery-type', 'High voltage');
  await page.getByTestId('vehicle-battery-capacity').fill(vehicle.batteryCapacity);
  await page.getByTestId('vehicle-vin').fill(vehicle.vin);
  await page.getByTestId('vehicle-mileage').fill(vehicle.mileage);
  await page.getByTestId('step-next').click();
}

/** The system tab: confirms the controller serial numbers and goes on. */
export async function systemStep(page: Page): Promise<void> {
  await expect(page.getByTestId('step-title')).toHaveText('System');
  await page.getByTestId('system-confirm').check();
  await page.getByTestId('step-next').click();
}

/** The setup tab of a system with one controller: its counts and a passing inspection, then on. */
export async function setupStep(page: Page, setup: { pvModules: string; channels: string; statusLed: 'On' | 'Blinking' }): Promise<void> {
  await expect(page.getByTestId('step-title')).toHaveText('Setup');
  await page.getByTestId('setup-pv-0').fill(setup.pvModules);
  await page.getByTestId('setup-channels-0').fill(setup.channels);
  await choose(page, 'setup-powerLed-0', 'Constantly lit');
  await choose(page, 'setup-statusLed-0', setup.statusLed);
  await choose(page, 'setup-faultLed-0', 'Off');
  await page.getByTestId('step-next').click();
}

/** The digital check with `count` rows: waits until each has passed, ticks each as seen, then on. */
export async function passedChecksStep(page: Page, count: number): Promise<void> {
  const rows = page.getByTestId('check-row');
  for (let i = 0; i < count; i++) await expect(rows.nth(i).getByTestId('check-result')).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
  for (let i = 0; i < count; i++) await rows.nth(i).getByRole('checkbox').click();
  await page.getByTestId('step-next').click();
}
