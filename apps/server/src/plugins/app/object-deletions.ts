import fp from 'fastify-plugin';
import client from 'prom-client';
import { repeatWhileOpen } from './repeat';
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
  repeatWhileOpen(app, options.intervalMs, 'queued object deletions could not run', () => processObjectDeletions(app.db, store));
});
