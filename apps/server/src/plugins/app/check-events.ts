import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_STREAM_RETRY_MS } from '@portal/domain/constants';
import { AppError } from '../../errors';
import { claimEventStream, releaseEventStreams, renewEventStreams, type StreamOwner } from '../../services/event-streams';
import { purgeExpiredLimits } from '../../services/send-limit';
import { CHECK_EVENTS_CHANNEL } from '../../services/system-checks';

export interface CheckStream {
  id: string;
  installationId: number;
  lastId: number;
  res: ServerResponse;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkStreams: {
      /** Counts a new stream against the user's limit (429 beyond it); returns its id. */
      claim(owner: StreamOwner): Promise<string>;
      open(id: string, installationId: number, lastId: number, res: ServerResponse): () => void;
      count(): number;
    };
  }
}

/**
 * Digital check events: stored first, announced by NOTIFY (so a heartbeat received by any process
 * reaches streams held by every process), then read in id order by each open stream.
 */
export const checkEventsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = app.systemChecks;

    interface Watched {
      streams: Set<CheckStream>;
      pulling: Promise<void>;
    }
    const watched = new Map<number, Watched>();
    const byId = new Map<string, CheckStream>();
    let isClosing = false;
    const staleMs = app.env.eventStreamCheckMs * 3;

    /** One read of the event log per installation, written to each stream past its own last id. */
    function pullInstallation(installationId: number) {
      const w = watched.get(installationId);
      if (!w) return;
      // One read at a time per installation keeps events in order and never sends one twice.
      w.pulling = w.pulling.then(async () => {
        if (w.streams.size === 0) return;
        let from = Infinity;
        for (const s of w.streams) from = Math.min(from, s.lastId);
        try {
          const events = await service.eventsAfter(installationId, from);
          // Each event is encoded once and the same bytes go to every stream.
          const frames = events.map((e) => Buffer.from(`id: ${e.id}\ndata: ${e.payload}\n\n`));
          for (const stream of w.streams) {
            if (stream.res.writableEnded) continue;
            for (let i = 0; i < events.length; i++) {
              const e = events[i]!;
              if (e.id <= stream.lastId) continue;
              stream.res.write(frames[i]);
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

    const release = (ids: string[]) =>
      releaseEventStreams(app.db, ids).catch((error) => app.log.warn({ err: error }, 'releasing event streams failed; they expire by themselves'));

    app.decorate('checkStreams', {
      async claim(owner: StreamOwner) {
        const id = randomUUID();
        if (!(await claimEventStream(app.db, id, owner, app.env.eventStreamsPerUser, staleMs))) {
          throw new AppError('RATE_LIMITED', `At most ${app.env.eventStreamsPerUser} check event streams may be open at once. Close another tab or window first.`);
        }
        return id;
      },
      open(id: string, installationId: number, lastId: number, res: ServerResponse) {
        const stream: CheckStream = { id, installationId, lastId, res };
        let w = watched.get(installationId);
        if (!w) watched.set(installationId, (w = { streams: new Set(), pulling: Promise.resolve() }));
        w.streams.add(stream);
        byId.set(id, stream);
        res.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
        pullInstallation(installationId);
        const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), app.env.sseKeepAliveMs);
        let closed = false;
        return () => {
          if (closed) return;
          closed = true;
          clearInterval(keepAlive);
          w.streams.delete(stream);
          byId.delete(id);
          if (w.streams.size === 0 && watched.get(installationId) === w) watched.delete(installationId);
          if (!isClosing) void release([id]);
        };
      },
      count: () => [...watched.values()].reduce((n, w) => n + w.streams.size, 0),
    });

    const { sendLimit, codeGuessLimit, heartbeatRateLimit } = app.env;
    const longestLimitWindow = Math.max(sendLimit.windowSeconds, codeGuessLimit.windowSeconds, heartbeatRateLimit.windowSeconds);
    let sweeping = false;
    const sweeper =
      app.env.checkSweepIntervalMs > 0
        ? setInterval(() => {
            if (sweeping) return;
            sweeping = true;
            service
              .sweep()
              .catch((error) => app.log.warn({ err: error }, 'sweeping expired checks failed'))
              .then(() => service.purgeHeartbeats(app.env.heartbeatRetentionDays))
              .then(() => purgeExpiredLimits(app.db, longestLimitWindow))
              .catch((error) => app.log.warn({ err: error }, 'deleting old heartbeats or rate-limit counters failed'))
              .finally(() => (sweeping = false));
          }, app.env.checkSweepIntervalMs)
        : null;
    sweeper?.unref();

    // A stream lasts only as long as its session and the user's membership of the fleet: each
    // process re-checks its own streams in the database, so a logout or revoke anywhere ends them.
    let checking = false;
    const streamCheck = setInterval(() => {
      if (checking || byId.size === 0) return;
      checking = true;
      const ids = [...byId.keys()];
      renewEventStreams(app.db, ids)
        .then((alive) => {
          for (const id of ids) if (!alive.has(id)) byId.get(id)?.res.end();
        })
        .catch((error) => app.log.warn({ err: error }, 'checking the sessions of event streams failed; retrying on the next tick'))
        .finally(() => (checking = false));
    }, app.env.eventStreamCheckMs);
    streamCheck.unref();

    // Shutdown: end every stream so clients reconnect to another process at once.
    app.addHook('preClose', async () => {
      isClosing = true;
      if (sweeper) clearInterval(sweeper);
      clearInterval(streamCheck);
      const ids = [...byId.keys()];
      for (const w of watched.values()) for (const s of w.streams) s.res.end();
      watched.clear();
      byId.clear();
      await release(ids);
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
);
