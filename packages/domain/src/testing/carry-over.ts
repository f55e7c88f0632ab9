import type { CarryOver, CarryOverSource } from '../carry-over';

/** The installation values are taken from: the installer's last bus of the depot. */
export function createCarryOverSource(overrides: Partial<CarryOverSource> = {}): CarryOverSource {
  return { id: 41, name: 'Bus 4713 Betriebshof', systemSerialNumber: 'SN-DEMO-0003', updatedAt: '2026-11-20T07:30:00.000Z', ...overrides };
}

/** What a second bus of the same model can take over, in the server's answer shape. */
export function createCarryOver(overrides: Partial<CarryOver> = {}): CarryOver {
  const source = createCarryOverSource();
  return {
    vehicle: {
      source,
      values: { type: 'bus', manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023, transmission: 'electric', batteryType: 'HV', batteryCapacity: 480, batteryCapacityUnit: 'kWh', city: 'Berlin, Germany' },
    },
    setup: {
      source,
      controllers: [
        { pvModulesCount: 5, activeChannelCount: 3 },
        { pvModulesCount: 6, activeChannelCount: 4 },
      ],
    },
    name: { source, suggested: 'Bus 4714 Betriebshof' },
    recent: [
      { ...source, manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023 },
      { id: 40, name: 'Gelenkbus 7', systemSerialNumber: 'SN-DEMO-0002', updatedAt: '2026-11-19T15:00:00.000Z', manufacturer: 'Solaris', model: 'Urbino 18 electric', year: 2021 },
    ],
    ...overrides,
  };
}
