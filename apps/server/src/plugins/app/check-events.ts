import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_STREAM_RETRY_MS } from '@portal/domain/constants';
import { AppError } from '../../errors';
import { claimEventStream, releaseEventStreams, renewEventStreams, type StreamOwner } from '../../services/checks/event-streams';
import { purgeExpiredLimits } from '../../services/access/send-limit';
import { CHECK_EVENTS_CHANNEL } from '../../services/checks/system-checks';

export interface CheckStream {
  id: string;
  installationId: number;
  lastId: number;
  res: ServerResponse;
  /** When the next keep-alive comment is due (ms since the epoch). */
  keepAliveAt: number;
  /** The response is chunked on a plain socket, and its head is already on that socket. */
  isDirect: boolean;
}

/** Bytes of the stream as they are, and as one chunk of a chunked HTTP/1.1 response. */
interface Frame {
  body: Buffer;
  chunk: Buffer;
}
const CRLF = Buffer.from('\r\n');
const frameOf = (body: Buffer): Frame => ({ body, chunk: Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, CRLF]) });

/**
 * A chunk written straight to the socket costs one write; `res.write` costs four and a tick each,
 * which is most of a fan-out to thousands of streams. Same bytes, same order on the socket.
 */
function send(stream: CheckStream, frame: Frame) {
  const { res } = stream;
  if (res.writableEnded) return;
  const socket = res.socket;
  if (stream.isDirect && socket?.writable) socket.write(frame.chunk);
  else res.write(frame.body);
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

const RETRY = Buffer.from(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
const KEEP_ALIVE = frameOf(Buffer.from(': keep-alive\n\n'));
/** Streams renewed per statement: a statement over every id at once holds the event loop while it is built and read. */
const RENEW_BATCH = 500;

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
      /** A read is queued and has not started: it will see whatever is announced until it starts. */
      isQueued: boolean;
    }
    const watched = new Map<number, Watched>();
    const byId = new Map<string, CheckStream>();
    let isClosing = false;
    const staleMs = app.env.eventStreamCheckMs * 3;
    const keepAliveMs = app.env.sseKeepAliveMs;

    /** One read of the event log per installation, written to each stream past its own last id. */
    function pullInstallation(installationId: number) {
      const w = watched.get(installationId);
      if (!w || w.isQueued) return;
      w.isQueued = true;
      // One read at a time per installation keeps events in order and never sends one twice.
      w.pulling = w.pulling.then(async () => {
        w.isQueued = false;
        if (w.streams.size === 0) return;
        let from = Infinity;
        for (const s of w.streams) from = Math.min(from, s.lastId);
        try {
          const events = await service.eventsAfter(installationId, from);
          if (events.length === 0) return;
          const last = events.at(-1)!.id;
          // Each event is encoded once, and a stream that is behind on none of them gets all of them in one write.
          const bodies = events.map((e) => Buffer.from(`id: ${e.id}\ndata: ${e.payload}\n\n`));
          const all = frameOf(bodies.length === 1 ? bodies[0]! : Buffer.concat(bodies));
          for (const stream of w.streams) {
            // A stream opened during the read, behind `from`, is left to the read its opening queued.
            if (stream.res.writableEnded || stream.lastId >= last || stream.lastId < from) continue;
            if (stream.lastId < events[0]!.id) send(stream, all);
            else send(stream, frameOf(Buffer.concat(bodies.filter((_, i) => events[i]!.id > stream.lastId))));
            stream.lastId = last;
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

    // One timer for every stream's keep-alive: each stream still gets one per period, counted from its opening.
    const keepAliveTick = Math.min(250, Math.max(50, Math.floor(keepAliveMs / 4)));
    const keepAlive = setInterval(() => {
      const now = Date.now();
      for (const stream of byId.values()) {
        if (stream.keepAliveAt > now) continue;
        stream.keepAliveAt += keepAliveMs * Math.max(1, Math.ceil((now - stream.keepAliveAt) / keepAliveMs));
        send(stream, KEEP_ALIVE);
      }
    }, keepAliveTick);
    keepAlive.unref();

    app.decorate('checkStreams', {
      async claim(owner: StreamOwner) {
        const id = randomUUID();
        if (!(await claimEventStream(app.db, id, owner, app.env.eventStreamsPerUser, staleMs))) {
          throw new AppError('RATE_LIMITED', `At most ${app.env.eventStreamsPerUser} check event streams may be open at once. Close another tab or window first.`);
        }
        return id;
      },
      open(id: string, installationId: number, lastId: number, res: ServerResponse) {
        const stream: CheckStream = { id, installationId, lastId, res, keepAliveAt: Date.now() + keepAliveMs, isDirect: false };
        let w = watched.get(installationId);
        if (!w) watched.set(installationId, (w = { streams: new Set(), pulling: Promise.resolve(), isQueued: false }));
        w.streams.add(stream);
        byId.set(id, stream);
        // The first write goes through the response: it puts the head on the socket before it.
        res.write(RETRY);
        stream.isDirect = res.socket instanceof Socket && (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true;
        pullInstallation(installationId);
        let closed = false;
        return () => {
          if (closed) return;
          closed = true;
          w.streams.delete(stream);
          byId.delete(id);
          if (w.streams.size === 0 && watched.get(installationId) === w) watched.delete(installationId);
          if (!isClosing) void release([id]);
        };
      },
      count: () => byId.size,
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
      void (async () => {
        const ids = [...byId.keys()];
        for (let at = 0; at < ids.length; at += RENEW_BATCH) {
          const batch = ids.slice(at, at + RENEW_BATCH);
          const alive = await renewEventStreams(app.db, batch);
          for (const id of batch) if (!alive.has(id)) byId.get(id)?.res.end();
        }
      })()
        .catch((error) => app.log.warn({ err: error }, 'checking the sessions of event streams failed; retrying on the next tick'))
        .finally(() => (checking = false));
    }, app.env.eventStreamCheckMs);
    streamCheck.unref();

    // Shutdown: end every stream so clients reconnect to another process at once.
    app.onDrain(async () => {
      isClosing = true;
      if (sweeper) clearInterval(sweeper);
      clearInterval(streamCheck);
      clearInterval(keepAlive);
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
