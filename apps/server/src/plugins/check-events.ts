import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_STREAM_RETRY_MS } from '@portal/domain/constants';
import { CHECK_EVENTS_CHANNEL, createSystemCheckService, type SystemCheckService } from '../services/system-checks';

export interface CheckStream {
  installationId: number;
  lastId: number;
  res: ServerResponse;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemChecks: SystemCheckService;
    checkStreams: {
      open(installationId: number, lastId: number, res: ServerResponse): () => void;
      count(): number;
    };
  }
}

/**
 * Digital check events: stored first, announced by NOTIFY (so a heartbeat received by any process
 * reaches streams held by every process), then read in id order by each open stream.
 */
export const checkEventsPlugin = fp(
  async (app: FastifyInstance, opts: { onRunStarted?: Parameters<typeof createSystemCheckService>[1]['onRunStarted'] }) => {
    const service = createSystemCheckService(app.database, { windowSeconds: app.env.checkWindowSeconds, onRunStarted: opts.onRunStarted });
    app.decorate('systemChecks', service);

    const streams = new Map<number, Set<CheckStream & { pulling: Promise<void> }>>();

    function pull(stream: CheckStream & { pulling: Promise<void> }) {
      // One read at a time per stream keeps events in order and never sends one twice.
      stream.pulling = stream.pulling.then(async () => {
        if (stream.res.writableEnded) return;
        try {
          const events = await service.eventsAfter(stream.installationId, stream.lastId);
          for (const e of events) {
            stream.res.write(`id: ${e.id}\ndata: ${e.payload}\n\n`);
            stream.lastId = e.id;
          }
          if (events.length === 1000) pull(stream);
        } catch (error) {
          app.log.warn({ err: error }, 'reading check events failed; the stream will retry on the next event');
        }
      });
    }

    const pullInstallation = (installationId: number) => {
      for (const s of streams.get(installationId) ?? []) pull(s);
    };
    const pullAll = () => {
      for (const set of streams.values()) for (const s of set) pull(s);
    };

    const unlisten = await app.database.listen(CHECK_EVENTS_CHANNEL, (payload) => pullInstallation(Number(payload)), pullAll);

    app.decorate('checkStreams', {
      open(installationId: number, lastId: number, res: ServerResponse) {
        const stream = { installationId, lastId, res, pulling: Promise.resolve() };
        if (!streams.has(installationId)) streams.set(installationId, new Set());
        streams.get(installationId)!.add(stream);
        res.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
        pull(stream);
        const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), app.env.sseKeepAliveMs);
        return () => {
          clearInterval(keepAlive);
          streams.get(installationId)?.delete(stream);
          if (streams.get(installationId)?.size === 0) streams.delete(installationId);
        };
      },
      count: () => [...streams.values()].reduce((n, s) => n + s.size, 0),
    });

    let sweeping = false;
    const sweeper =
      app.env.checkSweepIntervalMs > 0
        ? setInterval(() => {
            if (sweeping) return;
            sweeping = true;
            service
              .sweep()
              .catch((error) => app.log.warn({ err: error }, 'sweeping expired checks failed'))
              .finally(() => (sweeping = false));
          }, app.env.checkSweepIntervalMs)
        : null;
    sweeper?.unref();

    // Shutdown: end every stream so clients reconnect to another process at once.
    app.addHook('preClose', async () => {
      if (sweeper) clearInterval(sweeper);
      for (const set of streams.values()) for (const s of set) s.res.end();
      streams.clear();
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
);
