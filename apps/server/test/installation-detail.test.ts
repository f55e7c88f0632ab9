import { describe, expect, it } from 'vitest';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';
import { bearer, useTestApp, type TestContext } from './helper';

// GET /api/installations/{id} answers JSON text written by the database; every write answers the
// same installation through the compiled serializer. Both must be the same bytes.
const ctx = useTestApp();

const detail = (c: TestContext, id: number, headers: Record<string, string>) => c.app.inject({ url: `/api/installations/${id}`, headers });

describe('the detail as the database writes it', () => {
  it('is byte for byte what the writes answer, through every tab, with text that needs escaping', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('detail-writer@example.com'));
    const created = await c.app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: h,
      payload: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-02-28', name: 'Bus "7" \\ Süd ☀ 😀', comments: 'Tor 2\n\tHalle </script> \u2028 \u007f' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const read = await detail(c, id, h);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(read.body).toBe(created.body);
    // Read again, from the read cache: the same bytes, with their length in UTF-8, not in characters.
    const again = await detail(c, id, h);
    expect(again.rawPayload.equals(read.rawPayload)).toBe(true);
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(created.body, 'utf8'));
    expect(Buffer.byteLength(created.body, 'utf8')).toBeGreaterThan(created.body.length);

    const updated = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, customerDataConfirmed: true, comments: null } });
    expect(updated.statusCode).toBe(200);
    expect((await detail(c, id, h)).body).toBe(updated.body);

    const vehicle = await c.app.inject({
      method: 'POST',
      url: `/api/installations/${id}/vehicle`,
      headers: h,
      payload: {
        type: 'bus', manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023, transmission: 'electric', batteryType: 'HV',
        batteryCapacity: 412.75, batteryCapacityUnit: 'kWh', vin: 'WMA12345678901234', licensePlate: null, mileage: 0, city: 'München', version: 1,
      },
    });
    expect(vehicle.statusCode).toBe(200);
    expect(vehicle.json().vehicle).toMatchObject({ batteryCapacity: 412.75, licensePlate: null });
    expect((await detail(c, id, h)).body).toBe(vehicle.body);

    const setup = await c.app.inject({
      method: 'PUT',
      url: `/api/installations/${id}/setup`,
      headers: h,
      payload: {
        version: 2,
        controllers: [
          { serialNumber: 'CC-DEMO-0001-B', pvModulesCount: 5, activeChannelCount: 5, inspection: { ...PASSED_INSPECTION, statusLed: 'blinking' } },
          { serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 7, activeChannelCount: 7, inspection: PASSED_INSPECTION },
        ],
      },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().inspections.map((i: { chargeControllerSerial: string }) => i.chargeControllerSerial)).toEqual(['CC-DEMO-0001-A', 'CC-DEMO-0001-B']);
    const afterSetup = await detail(c, id, h);
    expect(afterSetup.body).toBe(setup.body);

    // Who may delete it is the caller's: its creator and a fleet admin may, another installer may not.
    const admin = bearer(await c.tokenFor('detail-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    const other = bearer(await c.tokenFor('detail-other@example.com'));
    expect(afterSetup.json().canDelete).toBe(true);
    expect((await detail(c, id, admin)).json()).toEqual({ ...afterSetup.json(), canDelete: true });
    expect((await detail(c, id, other)).json()).toEqual({ ...afterSetup.json(), canDelete: false });

    // Another fleet's member and an id that does not exist get the same 404.
    const acme = bearer(await c.tokenFor('detail-acme@example.com', [{ fleet: 'acme' }]));
    for (const [headers, target] of [[acme, id], [h, id + 1000]] as const) {
      const res = await detail(c, target, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });
});
