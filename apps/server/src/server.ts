import type http from 'node:http';
import net from 'node:net';
import { controlSocketPath } from './admin/control-client';
import { startControlSocket } from './admin/control-socket';
import { DataDirBusyError } from './admin/data-dir-lock';
import { buildApp } from './app';
import { persistentSecret } from './auth/secret';
import { SIGNING_KEY_MISMATCH, unreadableSigningKeys } from './auth/signing-keys';
import { seedDemo } from './db/seed';
import { startMetricsServer } from './plugins/metrics';
import { FileStoreError } from './services/uploads/file-store';
import { EnvError, loadEnv } from './env';
import { openRuntime } from './runtime';

/** How often a stopping process looks whether its connections are gone. */
const DRAIN_POLL_MS = 50;

const openConnections = (server: net.Server) => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

async function main() {
  const env = loadEnv();
  const runtime = await openRuntime(env, 'portal server');
  // After a restore under another secret, every sign-in would fail: say so now, not with a 500 later.
  if ((await unreadableSigningKeys(runtime.database.db, runtime.authSecret)).length > 0) {
    await runtime.release();
    throw new EnvError(SIGNING_KEY_MISMATCH);
  }
  // Demo mode: the built-in device simulator authenticates with a key of its own.
  const extraDeviceKeys = env.simulator ? [persistentSecret(env.dataDir, '.device-key')] : [];
  const app = await buildApp({ env, database: runtime.database, authSecret: runtime.authSecret, extraDeviceKeys });

  // A missing bucket or refused credentials stop the start, naming the variable, instead of failing every upload later.
  if (app.fileStore) {
    try {
      await app.fileStore.check();
    } catch (error) {
      await app.close();
      await runtime.release();
      throw error instanceof FileStoreError ? new EnvError(error.message) : error;
    }
  }

  if (env.demo && (await seedDemo(runtime.database.db))) app.log.info('Seeded the demo data (fleets sono and acme)');

  const metrics = env.metrics ? await startMetricsServer(app.metrics, env.metrics.port, env.metrics.host) : undefined;
  if (metrics) app.log.info(`Metrics on http://${env.metrics!.host}:${metrics.port}/metrics`);

  let control: http.Server | undefined;
  if (runtime.database.engine === 'pglite') {
    control = await startControlSocket(controlSocketPath(env.dataDir), {
      db: app.db,
      auth: app.auth,
      readCache: app.readCache,
      authSecret: runtime.authSecret,
      objectStoreBucket: env.s3?.bucket,
      fileStore: app.fileStore,
    });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const budgetMs = env.shutdownTimeoutMs;
    app.log.info({ signal, budgetMs }, 'shutting down');
    const force = setTimeout(() => {
      // Out of time: whatever is still open is cut, and the stop is still a stop.
      app.log.warn('shutdown took longer than SHUTDOWN_TIMEOUT_MS; closing the remaining connections');
      app.server.closeAllConnections();
      process.exit(0);
    }, budgetMs);
    force.unref();
    // 1. Stop accepting connections (a proxy then sends new ones elsewhere) but keep the open ones:
    //    every answer now says Connection: close, and idle keep-alive connections are left for the
    //    proxy to close, so no request is sent into a socket this process is closing.
    net.Server.prototype.close.call(app.server);
    await app.drain();
    const idleDeadline = Date.now() + budgetMs / 2;
    while (Date.now() < idleDeadline && (await openConnections(app.server)) > 0) await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
    // 2. Close what is left: idle connections at once, the others once their request is answered
    //    (Connection: close), before the database closes under them.
    const answeredDeadline = Date.now() + Math.max(0, budgetMs / 2 - 1000);
    app.server.closeIdleConnections();
    while (Date.now() < answeredDeadline && (await openConnections(app.server)) > 0) {
      await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
      app.server.closeIdleConnections();
    }
    control?.close();
    metrics?.close();
    await app.close();
    await runtime.release();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    `Installer portal on ${env.publicUrl} (${runtime.database.engine}${env.demo ? ', demo mode: sign-in mails go to the log and DATA_DIR/outbox' : ''})`,
  );
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
