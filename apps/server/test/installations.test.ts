import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { chargeController, installation, physicalInspection, session, user, vehicle } from '../src/db/schema';
import { bearer, useTestApp, type TestContext } from './helper';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

const ctx = useTestApp();

const vehicleInput = {
  type: 'bus',
  manufacturer: 'MAN',
  model: "Lion's City 12 E",
  year: 2023,
  transmission: 'electric',
  batteryType: 'HV',
  batteryCapacity: 480,
  batteryCapacityUnit: 'kWh',
  vin: 'WMA12345678901234',
  licensePlate: 'M-SB 1234',
  mileage: 15000,
  city: 'Munich',
};
const goodInspection = PASSED_INSPECTION;

async function installer(c: TestContext, name = `i${Math.random().toString(36).slice(2, 8)}`) {
  return bearer(await c.tokenFor(`${name}@example.com`));
}

/** Records the vehicle of installation `id` (`POST /api/installations/{id}/vehicle`). */
const saveVehicle = (c: TestContext, headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/vehicle`, headers, payload });

async function create(c: TestContext, headers: Record<string, string>, serial: string, extra: Record<string, unknown> = {}) {
  return c.app.inject({
    method: 'POST',
    url: '/api/installations',
    headers,
    payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: `Bus ${serial}`, ...extra },
  });
}

describe('creating an installation (general tab)', () => {
  it('creates a draft for a registry system and reads it back with system and customer', async () => {
    const c = await ctx();
    const h = await installer(c);
    const res = await create(c, h, 'sn-demo-0001', { comments: 'Depot 3' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      fleet: 'sono',
      name: 'Bus sn-demo-0001',
      systemSerialNumber: 'SN-DEMO-0001',
      startDate: '2026-11-20',
      status: 'draft',
      comments: 'Depot 3',
      customerDataConfirmed: false,
      vehicle: null,
      version: 0,
      system: {
        serialNumber: 'SN-DEMO-0001',
        customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sonomotors.example' },
        pvModuleCount: 12,
        installedCapacity: 1440,
        controllerQuantity: 2,
      },
    });
    expect(body.system.chargeControllers).toHaveLength(2);
    expect(body.system.telematics[0]).toMatchObject({ imei: '356938035643801' });
    const got = await c.app.inject({ url: `/api/installations/${body.id}`, headers: h });
    expect(got.json()).toEqual(body);
  });

  it('an unknown serial and a serial of another fleet are "not found"', async () => {
    const c = await ctx();
    const h = await installer(c);
    for (const serial of ['SN-NOPE-0001', 'SN-ACME-0001']) {
      const res = await create(c, h, serial);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'SYSTEM_NOT_FOUND', message: 'System with this product serial number has not been found' });
    }
  });

  it('a serial that already has an installation is refused', async () => {
    const c = await ctx();
    const h = await installer(c);
    expect((await create(c, h, 'SN-DEMO-0002')).statusCode).toBe(201);
    const again = await create(c, await installer(c), 'SN-DEMO-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SYSTEM_ALREADY_INSTALLED', message: 'The system with this product serial number already exists' });
  });

  it('a serial that already has an installation names it, with its status and fleet, so the installer can open it', async () => {
    const c = await ctx();
    const h = await installer(c);
    const first = await create(c, h, 'SN-DEMO-0003');
    expect(first.statusCode).toBe(201);
    const { id } = first.json<{ id: number }>();
    const again = await create(c, await installer(c), 'sn-demo-0003');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 409,
      code: 'SYSTEM_ALREADY_INSTALLED',
      message: 'The system with this product serial number already exists',
      details: { field: 'systemSerialNumber', serialNumber: 'SN-DEMO-0003', installationId: id, installationName: 'Bus SN-DEMO-0003', status: 'draft', fleet: 'sono' },
    });
    // The link it gives opens for the installer who asked.
    expect((await c.app.inject({ method: 'GET', url: `/api/installations/${id}`, headers: await installer(c) })).statusCode).toBe(200);
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
  });

  it('reports each invalid field with its message key', async () => {
    const c = await ctx();
    const h = await installer(c);
    const res = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { systemSerialNumber: '', startDate: '20/11/2026', name: '' } });
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { path: string; message: string }[];
    expect(details.map((d) => [d.path, d.message])).toEqual(
      expect.arrayContaining([
        ['body.systemSerialNumber', 'required'],
        ['body.startDate', 'invalidDate'],
        ['body.name', 'required'],
      ]),
    );
    expect(await c.database.db.select().from(installation).where(eq(installation.name, ''))).toHaveLength(0);
  });

  it('a serial of another of the caller\'s fleets is not recorded there unasked when the request names a fleet', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('both-fleets@example.com', [{ fleet: 'sono' }, { fleet: 'acme' }]));
    const refused = await create(c, h, 'sn-acme-0001', { fleet: 'sono' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      code: 'SYSTEM_IN_OTHER_FLEET',
      details: { field: 'systemSerialNumber', serialNumber: 'SN-ACME-0001', fleet: 'acme', fleetName: 'ACME Logistics' },
    });
    expect(await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-ACME-0001'))).toHaveLength(0);

    // A fleet the caller is not a member of is not found, and nothing is written.
    const stranger = await create(c, await installer(c), 'SN-DEMO-0005', { fleet: 'acme' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-DEMO-0005'))).toHaveLength(0);

    const confirmed = await create(c, h, 'SN-ACME-0001', { fleet: 'acme' });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ fleet: 'acme', systemSerialNumber: 'SN-ACME-0001' });
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${confirmed.json().id}`, headers: h });
  });

  it('a retried create with the same Idempotency-Key creates once and answers the same', async () => {
    const c = await ctx();
    const h = { ...(await installer(c)), 'idempotency-key': 'create-demo-3-attempt' };
    const results = await Promise.all([create(c, h, 'SN-DEMO-0003'), create(c, h, 'SN-DEMO-0003'), create(c, h, 'SN-DEMO-0003')]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const later = await create(c, h, 'SN-DEMO-0003');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replay']).toBe('true');
    expect(later.json().id).toBe(results[0]!.json().id);
    const rows = await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-DEMO-0003'));
    expect(rows).toHaveLength(1);
  });
});

describe('updating (general, customer) with optimistic concurrency', () => {
  it('saves, bumps the version, and refuses a stale version with 409 without overwriting', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await create(c, h, 'SN-DEMO-0004')).json();
    const first = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, name: 'Renamed', customerDataConfirmed: true } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Renamed', customerDataConfirmed: true, version: 1 });

    const stale = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, name: 'Lost update' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', details: { currentVersion: 1 } });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json()).toMatchObject({ name: 'Renamed', version: 1 });
  });

  it('keeps the system tab\'s confirmation of the controller serials with the installation, versioned', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await create(c, h, 'SN-DEMO-0005')).json();
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json()).toMatchObject({ systemDataConfirmed: false });
    const saved = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, systemDataConfirmed: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ systemDataConfirmed: true, version: 1 });
    // Another device of another installer of the fleet reads it.
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: await installer(c) })).json()).toMatchObject({ systemDataConfirmed: true });

    const stale = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, systemDataConfirmed: false } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 1 } });
    const acme = bearer(await c.tokenFor('acme-only@example.com', [{ fleet: 'acme' }]));
    const foreign = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: acme, payload: { version: 1, systemDataConfirmed: false } });
    expect(foreign.statusCode).toBe(404);
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json()).toMatchObject({ systemDataConfirmed: true, version: 1 });
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
  });

  it('the serial number cannot be changed once the installation exists', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await create(c, h, 'SN-DEMO-0005')).json();
    const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, systemSerialNumber: 'SN-DEMO-0001', name: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().systemSerialNumber).toBe('SN-DEMO-0005');
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
  });
});

describe('vehicle', () => {
  it('records the vehicle, stores mileage in km and diesel spelled right, then updates it', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await create(c, h, 'SN-DEMO-0005')).json();
    const res = await saveVehicle(c, h, id, { ...vehicleInput, transmission: 'disel', vin: 'wma12345678901234', version: 0 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(body.vehicle).toMatchObject({ transmission: 'diesel', vin: 'WMA12345678901234', mileage: 15000, city: 'Munich' });

    const vehicleId = body.vehicleId;
    const got = await c.app.inject({ url: `/api/vehicles/${vehicleId}`, headers: h });
    expect(got.json()).toMatchObject({ id: vehicleId, model: "Lion's City 12 E" });
    const put = await c.app.inject({ method: 'PUT', url: `/api/vehicles/${vehicleId}`, headers: h, payload: { ...vehicleInput, mileage: 16000, version: 1 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ mileage: 16000 });
    const again = await saveVehicle(c, h, id, { ...vehicleInput, version: 2 });
    expect(again.json().vehicleId).toBe(vehicleId);
    expect(await c.database.db.select().from(vehicle).where(eq(vehicle.id, vehicleId))).toHaveLength(1);
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
  });

  it('answers every validation error code of the vehicle form', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await create(c, h, 'SN-DEMO-0005')).json();
    const res = await saveVehicle(c, h, id, { ...vehicleInput, type: 'plane', manufacturer: '', year: 1999, batteryType: 'LV', batteryCapacityUnit: 'kWh', batteryCapacity: 'ten', vin: 'IOQ', mileage: -5, version: 0 });
    expect(res.statusCode).toBe(400);
    const got = Object.fromEntries((res.json().details as { path: string; message: string }[]).map((d) => [d.path, d.message]));
    expect(got).toMatchObject({
      'body.type': 'required',
      'body.manufacturer': 'required',
      'body.year': 'invalidYear',
      'body.batteryCapacity': 'invalidNumber',
      'body.vin': 'invalidVin',
      'body.mileage': 'negativeNumber',
    });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json()).toMatchObject({ vehicle: null, version: 0 });
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
  });
});

describe('setup', () => {
  it('saves every controller with its inspection and checks channels and the PV module sum', async () => {
    const c = await ctx();
    const h = await installer(c);
    const { id } = (await c.app.inject({ url: '/api/installations?fleet=sono&q=sn-demo-0001', headers: h })).json().items[0];
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
    const setup = (a: number, b: number, channelsA = 6) => ({
      version: current.version,
      controllers: [
        { serialNumber: 'CC-DEMO-0001-A', pvModulesCount: a, activeChannelCount: channelsA, inspection: goodInspection },
        { serialNumber: 'CC-DEMO-0001-B', pvModulesCount: b, activeChannelCount: 6, inspection: { ...goodInspection, statusLed: 'blinking' } },
      ],
    });

    const tooMany = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: setup(7, 6) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([{ index: -1, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' }]);

    const channels = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: setup(6, 6, 8) });
    expect(channels.json().details).toEqual([{ index: 0, field: 'activeChannelCount', message: 'invalidActiveChannels' }]);

    const badLed = await c.app.inject({
      method: 'PUT',
      url: `/api/installations/${id}/setup`,
      headers: h,
      payload: { ...setup(6, 6), controllers: [{ ...setup(6, 6).controllers[0], inspection: { ...goodInspection, faultLed: 'on' } }] },
    });
    expect(badLed.statusCode).toBe(400);
    expect(badLed.json().details[0].message).toBe('inspectionFailed');

    const ok = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: setup(6, 6) });
    expect(ok.statusCode).toBe(200);
    const saved = ok.json();
    expect(saved.version).toBe(current.version + 1);
    expect(saved.system.chargeControllers.map((cc: { pvModulesCount: number }) => cc.pvModulesCount)).toEqual([6, 6]);
    expect(saved.inspections).toEqual([
      { chargeControllerSerial: 'CC-DEMO-0001-A', ...goodInspection },
      { chargeControllerSerial: 'CC-DEMO-0001-B', ...goodInspection, statusLed: 'blinking' },
    ]);

    // One controller at a time through the SPEC route; the sum counts the other's stored value.
    const saveControllerA = (pvModulesCount: number) =>
      c.app.inject({
        method: 'PUT',
        url: '/api/chargecontrollers/CC-DEMO-0001-A',
        headers: h,
        payload: { installationId: id, version: saved.version, pvModulesCount, activeChannelCount: 7, inspection: goodInspection },
      });
    const single = await saveControllerA(7);
    expect(single.statusCode).toBe(400);
    expect(single.json().details[0].message).toBe('pvModuleLimitExceeded');
    const singleOk = await saveControllerA(5);
    expect(singleOk.statusCode).toBe(200);
    expect(singleOk.json()).toMatchObject({ serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 5, version: saved.version + 1 });
  });
});

describe('list', () => {
  it('pages, sorts and searches by name, serial number or VIN', async () => {
    const c = await ctx();
    const h = await installer(c);
    const list = await c.app.inject({ url: '/api/installations?fleet=sono&pageSize=2&sort=systemSerialNumber&order=asc', headers: h });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.pageSize).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items[0].systemSerialNumber < body.items[1].systemSerialNumber).toBe(true);

    const byName = (await c.app.inject({ url: '/api/installations?fleet=sono&q=renamed', headers: h })).json();
    expect(byName.items.map((i: { name: string }) => i.name)).toEqual(['Renamed']);
    const bySerial = (await c.app.inject({ url: '/api/installations?fleet=sono&q=DEMO-0002', headers: h })).json();
    expect(bySerial.items.map((i: { systemSerialNumber: string }) => i.systemSerialNumber)).toEqual(['SN-DEMO-0002']);
    const none = (await c.app.inject({ url: '/api/installations?fleet=sono&q=%25', headers: h })).json();
    expect(none.total).toBe(0);
  });

  it('needs a fleet the caller is a member of', async () => {
    const c = await ctx();
    const h = await installer(c);
    expect((await c.app.inject({ url: '/api/installations?fleet=acme', headers: h })).statusCode).toBe(404);
    expect((await c.app.inject({ url: '/api/installations', headers: h })).statusCode).toBe(400);
  });
});

describe('reads that check the session in the same statement', () => {
  it('a first page answers exactly what the searching path answers, for every sort, order and mine', async () => {
    const c = await ctx();
    const admin = bearer(await c.tokenFor('list-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    const h = await installer(c);
    // Several rows to sort (serials other tests of this file took already answer 409 here).
    for (const serial of ['SN-DEMO-0001', 'SN-DEMO-0002', 'SN-DEMO-0003', 'SN-DEMO-0004']) await create(c, serial === 'SN-DEMO-0002' ? admin : h, serial);
    expect((await c.app.inject({ url: '/api/installations?fleet=sono', headers: admin })).json().total).toBeGreaterThanOrEqual(3);
    for (const headers of [admin, h]) {
      for (const sort of ['name', 'systemSerialNumber', 'startDate', 'status', 'createdAt']) {
        for (const order of ['asc', 'desc']) {
          for (const mine of ['', '&mine=true']) {
            const url = `/api/installations?fleet=sono&pageSize=3&sort=${sort}&order=${order}${mine}`;
            const page = await c.app.inject({ url, headers });
            // Every installation of the fleet matches the search text "sn-demo": the same rows, read the other way.
            const searched = await c.app.inject({ url: `${url}&q=sn-demo`, headers });
            expect(page.statusCode, url).toBe(200);
            expect(page.json(), url).toEqual(searched.json());
          }
        }
      }
    }
    const second = (await c.app.inject({ url: '/api/installations?fleet=sono&pageSize=1&page=2', headers: admin })).json();
    expect(second).toEqual((await c.app.inject({ url: '/api/installations?fleet=sono&pageSize=1&page=2&q=sn-demo', headers: admin })).json());
  });

  it('an ended session answers 401 and a removed membership 404, at once, on the detail and the list', async () => {
    const c = await ctx();
    const h = await installer(c, 'ending');
    const created = (await create(c, h, 'SN-DEMO-0005')).json();
    expect((await c.app.inject({ url: `/api/installations/${created.id}`, headers: h })).statusCode).toBe(200);
    expect((await c.app.inject({ url: '/api/installations?fleet=sono', headers: h })).statusCode).toBe(200);

    // As through the server's control socket: the command answers once the server has heard the change.
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'revoke', email: 'ending@example.com', fleet: 'sono' });
    expect((await c.app.inject({ url: `/api/installations/${created.id}`, headers: h })).statusCode).toBe(404);
    expect((await c.app.inject({ url: '/api/installations?fleet=sono', headers: h })).statusCode).toBe(404);

    const [person] = await c.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'ending@example.com'));
    await c.database.db.delete(session).where(eq(session.userId, person!.id));
    // A write behind the server's back counts from the moment the server hears it (NOTIFY): no later than this.
    await c.app.readCache.settle();
    for (const url of [`/api/installations/${created.id}`, '/api/installations?fleet=sono', '/api/installations?fleet=sono&q=x']) {
      const res = await c.app.inject({ url, headers: h });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });
});

describe('delete', () => {
  it('removes the installation with its vehicle and inspections and frees the system', async () => {
    const c = await ctx();
    // The demo draft was made by someone else: a fleet admin may delete it.
    const h = bearer(await c.tokenFor('delete-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    const { id: listedId } = (await c.app.inject({ url: '/api/installations?fleet=sono&q=sn-demo-0001', headers: h })).json().items[0];
    const before = (await c.app.inject({ url: `/api/installations/${listedId}`, headers: h })).json();
    await c.app.inject({ method: 'POST', url: `/api/installations/${listedId}/vehicle`, headers: h, payload: { ...vehicleInput, version: before.version } });
    const res = await c.app.inject({ method: 'DELETE', url: `/api/installations/${listedId}`, headers: h });
    expect(res.statusCode).toBe(204);
    expect((await c.app.inject({ url: `/api/installations/${listedId}`, headers: h })).statusCode).toBe(404);
    expect(await c.database.db.select().from(physicalInspection).where(eq(physicalInspection.installationId, listedId))).toHaveLength(0);
    const controllers = await c.database.db.select().from(chargeController).where(eq(chargeController.serialNumber, 'CC-DEMO-0001-A'));
    expect(controllers[0]!.pvModulesCount).toBeNull();
    expect((await create(c, h, 'SN-DEMO-0001')).statusCode).toBe(201);
  });
});

describe('systems and places', () => {
  it('reads a system of the caller\'s fleets only', async () => {
    const c = await ctx();
    const h = await installer(c);
    const res = await c.app.inject({ url: '/api/systems/SN-DEMO-0003', headers: h });
    expect(res.json()).toMatchObject({ serialNumber: 'SN-DEMO-0003', chargeControllers: [{ type: 'HV' }, { type: 'LV' }] });
    expect((await c.app.inject({ url: '/api/systems/SN-ACME-0001', headers: h })).statusCode).toBe(404);
  });

  it('suggests cities offline in the shape of Mapbox features', async () => {
    const c = await ctx();
    const h = await installer(c);
    const res = await c.app.inject({ url: '/api/mapbox/locations/koln?language=de', headers: h });
    expect(res.statusCode).toBe(200);
    const first = res.json().features[0];
    expect(first).toMatchObject({ text: 'Köln', place_name: 'Köln, Deutschland', context: [{ id: 'country.de', short_code: 'de' }] });
    expect(first.center).toHaveLength(2);
    const en = (await c.app.inject({ url: '/api/mapbox/locations/Berl?language=en', headers: h })).json();
    expect(en.features[0].place_name).toBe('Berlin, Germany');
    expect((await c.app.inject({ url: '/api/mapbox/locations/zzzzqqq', headers: h })).json()).toEqual({ features: [] });
  });

  it('knows big cities by their German, English and local names, and names them in the interface language', async () => {
    const c = await ctx();
    const h = await installer(c);
    const names = async (query: string, language: 'de' | 'en') =>
      ((await c.app.inject({ url: `/api/mapbox/locations/${encodeURIComponent(query)}?language=${language}`, headers: h })).json() as { features: { place_name: string }[] }).features.map(
        (f) => f.place_name,
      );
    const deMunich = await names('München', 'de');
    expect(deMunich[0]).toBe('München, Deutschland');
    expect(deMunich.indexOf('Münchenstein, Schweiz')).toBeGreaterThan(0);
    expect((await names('Munich', 'de'))[0]).toBe('München, Deutschland');
    expect((await names('München', 'en'))[0]).toBe('Munich, Germany');
    expect((await names('Köln', 'en'))[0]).toBe('Cologne, Germany');
    expect((await names('Cologne', 'de'))[0]).toBe('Köln, Deutschland');
    expect((await names('Wien', 'de'))[0]).toBe('Wien, Österreich');
    expect((await names('Wien', 'en'))[0]).toBe('Vienna, Austria');
    expect((await names('Vienna', 'de'))[0]).toBe('Wien, Österreich');
    expect((await names('Zurich', 'de'))[0]).toBe('Zürich, Schweiz');
    expect((await names('Zürich', 'en'))[0]).toBe('Zurich, Switzerland');
    expect((await names('Lodz', 'en'))[0]).toBe('Łódź, Poland');
    expect((await names('Mailand', 'de'))[0]).toBe('Mailand, Italien');
  });
});
