import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { installation, vehicle } from '../src/db/schema';
import { bearer, readyToSubmit, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

const vehicleInput = {
  type: 'bus', manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023, transmission: 'electric', batteryType: 'HV',
  batteryCapacity: 480, batteryCapacityUnit: 'kWh', vin: 'WMA12345678901234', mileage: 15000,
} as const;

async function people(c: TestContext) {
  return {
    creator: bearer(await c.tokenFor('creator@example.com')),
    colleague: bearer(await c.tokenFor('colleague@example.com')),
    admin: bearer(await c.tokenFor('fleet-admin@example.com', [{ fleet: 'sono', role: 'admin' }])),
    otherFleetAdmin: bearer(await c.tokenFor('acme-admin@example.com', [{ fleet: 'acme', role: 'admin' }])),
  };
}

async function draftOf(c: TestContext, h: Record<string, string>, serial: string) {
  const created = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: `Draft ${serial}` } });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json();
  await c.app.inject({ method: 'POST', url: `/api/installations/${id}/vehicle`, headers: h, payload: { ...vehicleInput, version: 0 } });
  return id as number;
}

const listed = async (c: TestContext, h: Record<string, string>, id: number) =>
  ((await c.app.inject({ url: '/api/installations?fleet=sono&pageSize=100', headers: h })).json().items as { id: number; canDelete: boolean }[]).find((i) => i.id === id);

describe('who may delete an installation', () => {
  it('an installer may not delete a colleague\'s draft: 403 with the envelope, and the draft and its vehicle stay', async () => {
    const c = await ctx();
    const p = await people(c);
    const id = await draftOf(c, p.creator, 'SN-DEMO-0002');
    const before = await c.database.db.select().from(installation).where(eq(installation.id, id));

    const res = await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: p.colleague });
    expect(res.statusCode).toBe(403);
    expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await c.database.db.select().from(installation).where(eq(installation.id, id))).toEqual(before);
    expect(await c.database.db.select().from(vehicle).where(eq(vehicle.id, before[0]!.vehicleId!))).toHaveLength(1);

    // The list and the detail tell each caller what they may do.
    expect(await listed(c, p.colleague, id)).toMatchObject({ canDelete: false });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: p.colleague })).json()).toMatchObject({ canDelete: false });
    expect(await listed(c, p.creator, id)).toMatchObject({ canDelete: true });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: p.creator })).json()).toMatchObject({ canDelete: true });
    expect(await listed(c, p.admin, id)).toMatchObject({ canDelete: true });
    // Read again in turn, each caller still gets their own answer of the one detail the cache holds.
    for (const [who, canDelete] of [[p.colleague, false], [p.admin, true], [p.creator, true], [p.colleague, false]] as const) {
      expect((await c.app.inject({ url: `/api/installations/${id}`, headers: who })).json()).toMatchObject({ id, canDelete });
    }
  });

  it('the creator deletes their own draft', async () => {
    const c = await ctx();
    const p = await people(c);
    const id = await draftOf(c, p.creator, 'SN-DEMO-0003');
    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: p.creator })).statusCode).toBe(204);
    expect(await c.database.db.select().from(installation).where(eq(installation.id, id))).toHaveLength(0);
  });

  it('a fleet admin deletes any draft of the fleet; an admin of another fleet gets 404 and changes nothing', async () => {
    const c = await ctx();
    const p = await people(c);
    const id = await draftOf(c, p.creator, 'SN-DEMO-0004');
    const foreign = await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: p.otherFleetAdmin });
    expect(foreign.statusCode).toBe(404);
    expect(ErrorEnvelopeSchema.parse(foreign.json())).toMatchObject({ code: 'NOT_FOUND' });
    expect(await c.database.db.select().from(installation).where(eq(installation.id, id))).toHaveLength(1);

    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: p.admin })).statusCode).toBe(204);
    expect(await c.database.db.select().from(installation).where(eq(installation.id, id))).toHaveLength(0);
  });

  it('nobody may delete a completed installation, and the list says so', async () => {
    const c = await ctx();
    const p = await people(c);
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001', 'creator@example.com');
    const submitted = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'completed', canDelete: false });
    for (const who of [p.creator, p.admin]) {
      expect(await listed(c, who, id)).toMatchObject({ canDelete: false });
      expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: who })).statusCode).toBe(409);
    }
  });
});
