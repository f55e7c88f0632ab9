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

    interface Watched {
      streams: Set<CheckStream>;
      pulling: Promise<void>;
    }
    const watched = new Map<number, Watched>();

    /** One read of the event log per installation, written to each stream past its own last id. */
    function pullInstallation(installationId: number) {
      const w = watched.get(installationId);
      if (!w) return;
      // One read at a time per installation keeps events in order and never sends one twice.
      w.pulling = w.pulling.then(async () => {
        if (w.streams.size === 0) return;
        const from = Math.min(...[...w.streams].map((s) => s.lastId));
        try {
          const events = await service.eventsAfter(installationId, from);
          for (const stream of w.streams) {
            if (stream.res.writableEnded) continue;
            for (const e of events) {
              if (e.id <= stream.lastId) continue;
              stream.res.write(`id: ${e.id}\ndata: ${e.payload}\n\n`);
              stream.lastId = e.id;
            }
          }
          if (events.length === 1000) pullInstallation(installationId);
        } catch (error) {
          app.log.warn({ err: error }, 'reading check events failed; the stream will retry on the next event');
        }
      });
    }
    const pullAll = () => {
      for (const id of watched.keys()) pullInstallation(id);
    };

    const unlisten = await app.database.listen(CHECK_EVENTS_CHANNEL, (payload) => pullInstallation(Number(payload)), pullAll);

    app.decorate('checkStreams', {
      open(installationId: number, lastId: number, res: ServerResponse) {
        const stream: CheckStream = { installationId, lastId, res };
        let w = watched.get(installationId);
        if (!w) watched.set(installationId, (w = { streams: new Set(), pulling: Promise.resolve() }));
        w.streams.add(stream);
        res.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
        pullInstallation(installationId);
        const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), app.env.sseKeepAliveMs);
        return () => {
          clearInterval(keepAlive);
          w.streams.delete(stream);
          if (w.streams.size === 0 && watched.get(installationId) === w) watched.delete(installationId);
        };
      },
      count: () => [...watched.values()].reduce((n, w) => n + w.streams.size, 0),
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
      for (const w of watched.values()) for (const s of w.streams) s.res.end();
      watched.clear();
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
);
