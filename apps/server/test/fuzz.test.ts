import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { rowsOf } from '../src/db/client';
import { listTables } from '../src/services/backup';
import { bearer, DEVICE_KEY, draftInstallation, engine, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

/** The data a write could touch; sessions, counters and the raw heartbeat log are left out. */
const NOT_DATA = new Set(['session', 'verification', 'send_limit', 'jwks', 'account', 'idempotency_key']);

async function snapshot(c: TestContext) {
  const out: string[] = [];
  for (const t of (await listTables(c.database.db)).filter((name) => !NOT_DATA.has(name))) {
    out.push(JSON.stringify(rowsOf(await c.database.db.execute(sql.raw(`select * from "${t}" order by 1, 2`)))));
  }
  return out.join('\n');
}

const paramValue = fc.oneof(fc.integer({ min: -5, max: 3_000_000_000 }).map(String), fc.string({ maxLength: 30 }), fc.constant('sono'), fc.constant('1'));
const body = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('version', 'name', 'email', 'systemSerialNumber', 'startDate', 'type', 'file', 'ids', 'imei', 'controllers', 'role'), fc.anything({ maxDepth: 2 })),
);

// Property runs are the same on both engines; PGlite is enough.
describe.skipIf(engine !== 'pglite')('fuzzing every JSON route', () => {
  it('never answers 500, always answers the envelope on failure, and stores nothing from a refused request', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('fuzzer@example.com', [{ fleet: 'sono', role: 'admin' }]));
    await draftInstallation(c, 'SN-DEMO-0001', 'fuzzer@example.com');
    const routes = c.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/auth') && !r.url.endsWith('/events'));
    let refused = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.array(paramValue, { minLength: 3, maxLength: 3 }), body, async (params, payload) => {
          let i = 0;
          const url = route.url.replace(/:\w+/g, () => encodeURIComponent(params[i++]!));
          const headers = route.url.startsWith('/api/devices') ? { 'x-api-key': DEVICE_KEY } : h;
          const isWrite = route.method !== 'GET';
          const before = isWrite ? await snapshot(c) : '';
          const res = await c.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: route.method === 'GET' ? undefined : JSON.stringify(payload ?? null),
          });
          expect(res.statusCode, `${route.method} ${url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            refused++;
            expect(ErrorEnvelopeSchema.safeParse(res.json()).success, res.body).toBe(true);
            if (isWrite) expect(await snapshot(c), `${route.method} ${url} was refused but changed data`).toBe(before);
          }
        }),
        { numRuns: 20, seed: 20261122 },
      );
    }
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});
