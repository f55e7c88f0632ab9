import fp from 'fastify-plugin';
import client from 'prom-client';
import { pendingObjectDeletions, processObjectDeletions } from '../../services/uploads/object-deletions';

/**
 * Retries the queued deletions of objects no row names any more, every `intervalMs` (0: never), on
 * each process; SKIP LOCKED keeps two processes off the same object. Reports the queue's length.
 */
export const objectDeletionsPlugin = fp(async (app, options: { intervalMs: number }) => {
  const store = app.fileStore;
  new client.Gauge({
    name: 'portal_object_deletions_pending',
    help: 'Objects of the object store waiting to be deleted (their rows are gone)',
    registers: [app.metrics.registry],
    async collect() {
      this.set(store ? await pendingObjectDeletions(app.db).catch(() => 0) : 0);
    },
  });
  if (!store || options.intervalMs === 0) return;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= processObjectDeletions(app.db, store)
      .catch((error: unknown) => app.log.warn({ err: error }, 'queued object deletions could not run'))
      .finally(() => (running = null));
  }, options.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
