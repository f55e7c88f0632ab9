import type { PhysicalInspection } from '../setup';
import type { Vehicle, VehicleData, VehicleInput } from '../vehicle';

/**
 * Test data shared by the domain, web, server, browser and bench tests, so each vehicle is written
 * once. The bus is SN-DEMO-0001's as the web app shows it; the truck is what API tests record.
 */
export function createBusInput(overrides: Partial<VehicleData> = {}) {
  return {
    type: 'bus',
    manufacturer: 'MAN',
    model: "Lion's City",
    year: 2022,
    transmission: 'electric' as const,
    batteryType: 'HV',
    batteryCapacity: 480,
    batteryCapacityUnit: 'kWh',
    vin: '1M8GDM9AXKP042788',
    mileage: 12000,
    ...overrides,
  } satisfies VehicleInput;
}

/** The bus in the server's answer shape (`Vehicle`), as the wizard reads it. */
export function createVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return { id: 7, ...createBusInput(), licensePlate: null, city: null, ...overrides };
}

/** The vehicle the API tests, the browser tests and the benchmarks record for a draft. */
export function createTruckInput(overrides: Partial<VehicleData> = {}) {
  return {
    type: 'truck',
    manufacturer: 'Volvo',
    model: 'FH Electric',
    year: 2024,
    transmission: 'electric' as const,
    batteryType: 'HV',
    batteryCapacity: 540,
    batteryCapacityUnit: 'kWh',
    vin: 'YV2RT40A5KB123456',
    mileage: 2000,
    ...overrides,
  } satisfies VehicleInput;
}

/** A physical inspection every controller passes. */
export const PASSED_INSPECTION = { powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' } as const satisfies PhysicalInspection;

/** A setup every controller passes: one PV module and one active channel each, inspection passed. */
export function passingSetupOf(controllers: readonly { serialNumber: string }[]) {
  return controllers.map((c) => ({ serialNumber: c.serialNumber, pvModulesCount: 1, activeChannelCount: 1, inspection: PASSED_INSPECTION }));
}
