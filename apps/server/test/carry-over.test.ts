import { describe, expect, it } from 'vitest';
import { createBusInput, createTruckInput, PASSED_INSPECTION } from '@portal/domain/testing/vehicle';
import { bearer, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

type Headers = Record<string, string>;

async function create(c: TestContext, h: Headers, serial: string, name: string) {
  const res = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { fleet: 'sono', systemSerialNumber: serial, startDate: '2026-11-20', name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; system: { chargeControllers: { serialNumber: string }[] } };
}

async function recordVehicle(c: TestContext, h: Headers, id: number, vehicle: object) {
  const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json() as { version: number };
  const res = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/vehicle`, headers: h, payload: { ...vehicle, version: current.version } });
  expect(res.statusCode, res.body).toBe(200);
}

async function recordSetup(c: TestContext, h: Headers, id: number, counts: [number, number][]) {
  const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json() as { version: number; system: { chargeControllers: { serialNumber: string }[] } };
  const controllers = current.system.chargeControllers.map((cc, i) => ({ serialNumber: cc.serialNumber, pvModulesCount: counts[i]![0], activeChannelCount: counts[i]![1], inspection: PASSED_INSPECTION }));
  const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: { version: current.version, controllers } });
  expect(res.statusCode, res.body).toBe(200);
}

const carryOver = (c: TestContext, h: Headers, query = '', fleet = 'sono') => c.app.inject({ url: `/api/fleets/${fleet}/installations/carry-over${query}`, headers: h });

const bus = createBusInput({ vin: 'WMAA40ZZ5NP012345', licensePlate: 'B-VG 4713', mileage: 48_213, city: 'Berlin, Germany' });

describe('carry-over from the last vehicle of a fleet', () => {
  it('has nothing to offer before the installer has recorded anything', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('carry-first@example.com'));
    const res = await carryOver(c, h);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vehicle: null, setup: null, name: null, recent: [] });
  });

  it("gives the installer's last vehicle and setup, never its VIN, licence plate or mileage, and the next name", async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('carry-ina@example.com'));
    const first = await create(c, h, 'SN-DEMO-0001', 'Bus 4713 Betriebshof');
    await recordVehicle(c, h, first.id, bus);
    await recordSetup(c, h, first.id, [
      [5, 3],
      [6, 4],
    ]);
    const second = await create(c, h, 'SN-DEMO-0005', 'Bus 4714 Betriebshof');

    const res = await carryOver(c, h, `?for=${second.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vehicle).toEqual({
      source: { id: first.id, name: 'Bus 4713 Betriebshof', systemSerialNumber: 'SN-DEMO-0001', updatedAt: expect.any(String) },
      values: { type: 'bus', manufacturer: 'MAN', model: "Lion's City", year: 2022, transmission: 'electric', batteryType: 'HV', batteryCapacity: 480, batteryCapacityUnit: 'kWh', city: 'Berlin, Germany' },
    });
    expect(body.setup).toMatchObject({
      source: { id: first.id },
      controllers: [
        { pvModulesCount: 5, activeChannelCount: 3 },
        { pvModulesCount: 6, activeChannelCount: 4 },
      ],
    });
    // The second one is not a source of itself; its name is taken, so the series goes on.
    expect(body.name).toEqual({ source: expect.objectContaining({ id: first.id }), suggested: 'Bus 4715 Betriebshof' });
    expect(body.recent).toEqual([{ id: first.id, name: 'Bus 4713 Betriebshof', systemSerialNumber: 'SN-DEMO-0001', updatedAt: expect.any(String), manufacturer: 'MAN', model: "Lion's City", year: 2022 }]);
    for (const own of ['WMAA40ZZ5NP012345', 'B-VG 4713', '48213', '"vin"', '"licensePlate"', '"mileage"']) expect(res.body).not.toContain(own);

    // A new installation (no `for` yet) is suggested the name after the installer's newest one.
    expect((await carryOver(c, h)).json().name.suggested).toBe('Bus 4715 Betriebshof');
  });

  it("takes the installer's most recently changed installation with a vehicle, not someone else's newer one", async () => {
    const c = await ctx();
    const ina = bearer(await c.tokenFor('carry-ina@example.com'));
    const otto = bearer(await c.tokenFor('carry-otto@example.com'));
    const ottos = await create(c, otto, 'SN-DEMO-0002', 'Otto 1');
    const inas = await create(c, ina, 'SN-DEMO-0003', 'Bus 0099');
    await recordVehicle(c, ina, inas.id, createTruckInput({ model: 'FH Aero', city: null }));
    await recordVehicle(c, otto, ottos.id, createTruckInput({ manufacturer: 'Scania', model: 'BEV 40', vin: 'YS2R4X20005399999' }));

    const mine = (await carryOver(c, ina)).json();
    expect(mine.vehicle.source.id).toBe(inas.id);
    expect(mine.vehicle.values).toMatchObject({ type: 'truck', manufacturer: 'Volvo', model: 'FH Aero', city: null });
    // Its setup is not saved: the setup comes from the installer's last saved one.
    expect(mine.setup.source.name).toBe('Bus 4713 Betriebshof');
    expect(mine.name.suggested).toBe('Bus 0100');
    // The picker lists the whole fleet's vehicles, most recently changed first.
    expect(mine.recent.map((r: { name: string }) => r.name)).toEqual(['Otto 1', 'Bus 0099', 'Bus 4713 Betriebshof']);

    // Picked: that installation's vehicle, whoever recorded it, and no setup where it has none saved.
    const picked = await carryOver(c, ina, `?from=${ottos.id}`);
    expect(picked.statusCode).toBe(200);
    expect(picked.json().vehicle).toMatchObject({ source: { id: ottos.id, name: 'Otto 1' }, values: { manufacturer: 'Scania', model: 'BEV 40' } });
    expect(picked.json().setup).toBeNull();
    expect(picked.body).not.toContain('YS2R4X20005399999');

    // Saving a vehicle makes that installation the last one.
    const first = mine.recent.find((r: { name: string }) => r.name === 'Bus 4713 Betriebshof');
    await recordVehicle(c, ina, first.id, { ...bus, model: "Lion's City 18" });
    expect((await carryOver(c, ina)).json().vehicle).toMatchObject({ source: { id: first.id }, values: { model: "Lion's City 18" } });
  });

  it("answers 404 for another fleet and for another fleet's installations, and the owner still reads them", async () => {
    const c = await ctx();
    const acme = bearer(await c.tokenFor('carry-acme@example.com', [{ fleet: 'acme', role: 'admin' }]));
    const sono = bearer(await c.tokenFor('carry-ina@example.com'));
    const theirs = await c.app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: acme,
      payload: { fleet: 'acme', systemSerialNumber: 'SN-ACME-0001', startDate: '2026-11-20', name: 'ACME 1' },
    });
    expect(theirs.statusCode).toBe(201);
    const acmeId = theirs.json().id as number;
    await recordVehicle(c, acme, acmeId, createTruckInput({ vin: 'YV2RT40A5KB654321' }));

    for (const res of [await carryOver(c, acme), await carryOver(c, sono, '', 'acme'), await carryOver(c, sono, '', 'nowhere'), await carryOver(c, sono, `?from=${acmeId}`), await carryOver(c, sono, `?for=${acmeId}`)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(res.body).not.toContain('YV2RT40A5KB654321');
    }
    expect((await carryOver(c, sono, '?from=999999')).statusCode).toBe(404);
    expect((await carryOver(c, sono, '?from=abc')).statusCode).toBe(400);

    const own = await carryOver(c, acme, `?from=${acmeId}`, 'acme');
    expect(own.statusCode).toBe(200);
    expect(own.json().vehicle.source.id).toBe(acmeId);
  });
});
