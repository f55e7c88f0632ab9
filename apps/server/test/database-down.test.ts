import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestContext } from './helper';

/** A TCP hop between the app and PostgreSQL that the test can cut and restore. */
function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((port = (server!.address() as net.AddressInfo).port)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { start, stop };
}

describe.skipIf(engine !== 'postgres')('database down', () => {
  let c: TestContext | undefined;
  afterAll(async () => c?.close());

  it('readiness answers 503 with the envelope while PostgreSQL is unreachable, and 200 again once it is back, without a restart', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = createProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const port = await proxy.start();
    c = await createTestApp({ viaProxyPort: port });
    expect((await c.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);

    await proxy.stop();
    const down = await c.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { database: 'unreachable' } });
    // Liveness: the process itself is fine, so nothing restarts it.
    expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.start();
    await expect.poll(async () => (await c!.app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 15_000 }).toBe(200);
  });
});
