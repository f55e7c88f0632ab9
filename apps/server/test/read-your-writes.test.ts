import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { bearer, cookieHeader, createPostgresDatabase, createTestApp, draftInstallation, engine, type TestContext } from './helper';
import { createProxy } from './tcp-proxy';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer that sends each request to
 * either. B's listening connection goes through a hop the test can freeze: B then hears of nothing
 * that is written, as a busy or far-away process hears of it late.
 */
describe.skipIf(engine !== 'postgres')("a client reads its own writes on the process it reaches next", () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: ReturnType<typeof createProxy>;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    const url = new URL(pgDb.url);
    proxy = createProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const listenVia = Object.assign(new URL(pgDb.url), { hostname: '127.0.0.1', port: String(await proxy.start()) }).toString();
    const first = await openDatabase({ url: pgDb.url, poolSize: 5 });
    await first.migrate();
    a = await createTestApp({ database: first });
    b = await createTestApp({ database: await openDatabase({ url: pgDb.url, directUrl: listenVia, poolSize: 5 }), seed: false });
  });

  afterAll(async () => {
    proxy?.thaw();
    await a?.close();
    await b?.close();
    await proxy?.stop();
    await pgDb?.drop();
  });

  const detail = (c: TestContext, id: number, headers: Record<string, string>) => c.app.inject({ url: `/api/installations/${id}`, headers });

  it('a read that brings the token of a write the process has not heard of yet waits until it has, then answers the write', async () => {
    const { h, id } = await draftInstallation(a, 'SN-DEMO-0001', 'two-processes@example.com');
    const { version } = (await detail(a, id, h)).json() as { version: number };
    // B answers the detail from memory from its second read on.
    for (let i = 0; i < 2; i++) expect((await detail(b, id, h)).json()).toMatchObject({ version });
    expect(b.app.readCache.size.details).toBe(1);

    proxy.freeze();
    const put = await a.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { name: 'Renamed through A', startDate: '2026-11-20', version } });
    expect(put.statusCode, put.body).toBe(200);
    const setCookie = [put.headers['set-cookie']].flat().find((c) => c?.startsWith('portal-written='));
    expect(setCookie).toMatch(/^portal-written=[0-9a-f]{12}\.\d+; Max-Age=10; Path=\/api; HttpOnly; SameSite=Lax$/);
    const cookie = cookieHeader(setCookie);

    // Without the token B has nothing to wait for: it answers what it holds, as it would any other client.
    expect((await detail(b, id, h)).json()).toMatchObject({ name: 'SN-DEMO-0001', version });
    // With it, B does not answer before it has heard the write.
    let answered = false;
    const read = detail(b, id, { ...h, cookie }).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered).toBe(false);
    proxy.thaw();
    expect((await read).json()).toMatchObject({ name: 'Renamed through A', version: put.json().version });
    // Heard once, the token costs nothing more: B answers from memory again.
    expect((await detail(b, id, { ...h, cookie })).json()).toMatchObject({ name: 'Renamed through A' });
    expect(b.app.readCache.size.details).toBe(1);
  });

  it('a write answered while the process heard nothing is still read on the other process, and the list follows', async () => {
    const { h, id } = await draftInstallation(a, 'SN-DEMO-0002', 'two-processes-list@example.com');
    const list = (c: TestContext, headers: Record<string, string>) => c.app.inject({ url: '/api/installations?fleet=sono', headers });
    const nameInList = async (c: TestContext, headers: Record<string, string>) => ((await list(c, headers)).json().items as { id: number; name: string }[]).find((item) => item.id === id)?.name;
    for (let i = 0; i < 2; i++) expect(await nameInList(b, h)).toBe('SN-DEMO-0002');

    let cookie = '';
    let version = (await detail(a, id, h)).json().version as number;
    proxy.freeze();
    // Three writes in a row: the cookie keeps the tokens of the last ones, and B hears of none until it thaws.
    for (const name of ['First', 'Second', 'Third']) {
      const put = await a.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: { ...h, cookie }, payload: { name, startDate: '2026-11-20', version } });
      expect(put.statusCode, put.body).toBe(200);
      version = put.json().version;
      cookie = cookieHeader(put.headers['set-cookie']);
    }
    expect(cookie.split('=')[1]!.split('_')).toHaveLength(3);
    const read = nameInList(b, { ...h, cookie });
    setTimeout(() => proxy.thaw(), 200);
    expect(await read).toBe('Third');
    expect((await detail(b, id, { ...h, cookie })).json()).toMatchObject({ name: 'Third', version });
  });

  it('a cookie that is no token is ignored, and a token that no process wrote costs one round trip, never a stale or foreign read', async () => {
    const { h, id } = await draftInstallation(a, 'SN-DEMO-0003', 'two-processes-forged@example.com');
    for (let i = 0; i < 2; i++) expect((await detail(b, id, h)).statusCode).toBe(200);
    for (const cookie of ['portal-written=not-a-token', `portal-written=${'0'.repeat(300)}`, 'portal-written=abcdef012345.99999_%00']) {
      const res = await detail(b, id, { ...h, cookie });
      expect(res.statusCode, cookie).toBe(200);
    }
    // A token of the right shape that no process wrote: B makes sure it has heard everything, once.
    const forged = await detail(b, id, { ...h, cookie: 'portal-written=abcdef012345.7' });
    expect(forged.json()).toMatchObject({ name: 'SN-DEMO-0003' });
    // Another process's id of a tenant it cannot see stays 404 with a token too.
    const other = bearer(await a.tokenFor('two-processes-acme@example.com', [{ fleet: 'acme' }]));
    expect((await detail(b, id, { ...other, cookie: 'portal-written=abcdef012345.7' })).statusCode).toBe(404);
  });
});
