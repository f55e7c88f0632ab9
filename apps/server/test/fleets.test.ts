import { describe, expect, it } from 'vitest';
import { bearer, draftInstallation, useTestApp } from './helper';

const ctx = useTestApp();

describe('GET /api/me', () => {
  it('lists the fleets of the user, with the role', async () => {
    const c = await ctx();
    const token = await c.tokenFor('two@example.com', [{ fleet: 'sono' }, { fleet: 'acme', role: 'admin' }]);
    const res = await c.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().fleets).toEqual([
      { slug: 'acme', name: 'ACME Logistics', role: 'admin' },
      { slug: 'sono', name: 'Sono Demo Fleet', role: 'installer' },
    ]);
  });

  it('a user without fleets gets an empty list', async () => {
    const c = await ctx();
    const token = await c.tokenFor('nobody@example.com', []);
    expect((await c.app.inject({ url: '/api/me', headers: bearer(token) })).json()).toMatchObject({ fleets: [], company: null });
  });
});

describe('GET /api/fleets/:slug', () => {
  it('gives a member the fleet with its customer', async () => {
    const c = await ctx();
    const token = await c.tokenFor('member@example.com');
    await c.tokenFor('fleet-boss@example.com', [{ fleet: 'sono', role: 'admin' }]);
    const res = await c.app.inject({ url: '/api/fleets/sono', headers: bearer(token) });
    expect(res.json()).toEqual({
      slug: 'sono',
      name: 'Sono Demo Fleet',
      role: 'installer',
      customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sonomotors.example' },
      // Whom a member asks for help with their account.
      admins: [{ name: 'fleet-boss', email: 'fleet-boss@example.com' }],
      hasOwnInstallations: false,
    });
  });

  it('says whether the user has started an installation in that fleet, not in another one or by someone else', async () => {
    const c = await ctx();
    const email = 'first-bus@example.com';
    const token = await c.tokenFor(email, [{ fleet: 'sono' }, { fleet: 'acme' }]);
    const own = async (slug: string, t = token) => ((await c.app.inject({ url: `/api/fleets/${slug}`, headers: bearer(t) })).json() as { hasOwnInstallations: boolean }).hasOwnInstallations;
    expect(await own('sono')).toBe(false);
    await draftInstallation(c, 'SN-DEMO-0001', email);
    expect(await own('sono')).toBe(true);
    // Another fleet of the same user, and another member of the same fleet, have none.
    expect(await own('acme')).toBe(false);
    expect(await own('sono', await c.tokenFor('colleague@example.com'))).toBe(false);
  });

  it('answers 404 for a fleet of which the user is not a member, and for one that does not exist', async () => {
    const c = await ctx();
    const token = await c.tokenFor('acme-only@example.com', [{ fleet: 'acme' }]);
    for (const slug of ['sono', 'missing']) {
      const res = await c.app.inject({ url: `/api/fleets/${slug}`, headers: bearer(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Fleet not found' });
    }
  });
});

describe('GET /api/fleets/:slug/serials', () => {
  it("lists the fleet's serial numbers without an installation, and answers 404 for another fleet", async () => {
    const c = await ctx();
    const token = await c.tokenFor('serials@example.com');
    const serials = async (slug: string, t = token) => c.app.inject({ url: `/api/fleets/${slug}/serials`, headers: bearer(t) });
    const before = (await serials('sono')).json() as { serials: string[] };
    const serial = before.serials[0]!;
    expect(before.serials.every((s) => s.startsWith('SN-DEMO-'))).toBe(true);
    await draftInstallation(c, serial, 'serials@example.com');
    const after = (await serials('sono')).json() as { serials: string[] };
    expect(after.serials).not.toContain(serial);
    expect(after.serials.length).toBe(before.serials.length - 1);
    // Only members see a fleet's registry.
    const res = await serials('sono', await c.tokenFor('acme-member@example.com', [{ fleet: 'acme' }]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Fleet not found' });
  });
});
