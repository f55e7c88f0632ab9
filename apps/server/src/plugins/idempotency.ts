import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKey } from '../db/schema';
import { AppError } from '../errors';
import { findScopedInstallation } from '../services/installations/repository';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { userId: string; key: string } | null;
  }
}

const PENDING = 0;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const WAIT_FOR_TWIN_MS = 10_000;
const KEEP_HOURS = 24;
const ABANDONED_AFTER_MS = 60_000;

/** What makes two requests with one key the same request: the query and the body as received. */
function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(request.url.slice(request.url.split('?')[0]!.length));
  hash.update('\n');
  const { body } = request;
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined) hash.update(JSON.stringify(body) ?? '');
  return hash.digest('hex');
}

/** A data URL in an answer (an upload's file as sent): never kept for a replay. */
const DATA_URL_FIELD = /,"file":"data:[^"]*"/g;

/**
 * A replay answers only a caller who may still see what the first request acted on: the fleet the
 * route names, the installation it names, or the installation it created. Otherwise 404, as a fresh
 * read would answer.
 */
async function assertStillAllowed(app: FastifyInstance, request: FastifyRequest, body: string) {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const route = request.routeOptions.url ?? '';
  if (params.fleet) request.fleets.bySlug(params.fleet);
  const sent = typeof request.body === 'object' && request.body ? (request.body as { fleet?: unknown }) : {};
  if (typeof sent.fleet === 'string') request.fleets.bySlug(sent.fleet);
  let installationId = route.startsWith('/api/installations/:id') ? Number(params.id) : Number.NaN;
  if (route === '/api/installations') {
    try {
      installationId = Number((JSON.parse(body) as { id?: unknown }).id);
    } catch {
      installationId = Number.NaN;
    }
  }
  if (Number.isInteger(installationId)) await findScopedInstallation(app.db, request.fleets.ids, installationId);
}

/**
 * Writes sent with `Idempotency-Key` run once per user and key: the key is reserved before the
 * handler runs, a twin request waits for the first one's answer, and a retry gets it replayed.
 * The same key with another method, path, query or body is a client bug: 422, never a replay.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotency', null);

  const reserve: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!header || request.method === 'GET' || !request.signedIn) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_PATTERN.test(key)) throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 8 to 128 letters, digits or -_.:');
    const userId = request.signedIn.userId;
    const path = request.url.split('?')[0]!;
    const hash = requestHash(request);

    const deadline = Date.now() + WAIT_FOR_TWIN_MS;
    for (;;) {
      const [reserved] = await app.db
        .insert(idempotencyKey)
        .values({ userId, key, method: request.method, path, requestHash: hash, statusCode: PENDING, body: '' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKey.key });
      if (reserved) {
        request.idempotency = { userId, key };
        if (Math.random() < 0.01) {
          await app.db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
        }
        return;
      }
      const [stored] = await app.db
        .select()
        .from(idempotencyKey)
        .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)));
      if (!stored) continue; // the first request failed and released the key: run this one
      // Keys stored before hashes were kept have none; they compare by method and path only.
      if (stored.method !== request.method || stored.path !== path || (stored.requestHash !== '' && stored.requestHash !== hash)) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
      }
      if (stored.statusCode === PENDING && Date.now() - stored.createdAt.getTime() > ABANDONED_AFTER_MS) {
        // The first request never answered (its process died): free the key and run this one.
        await app.db.delete(idempotencyKey).where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key), eq(idempotencyKey.statusCode, PENDING)));
        continue;
      }
      if (stored.statusCode !== PENDING) {
        await assertStillAllowed(app, request, stored.body);
        reply.header('idempotent-replay', 'true');
        reply.status(stored.statusCode);
        return reply.type('application/json; charset=utf-8').send(stored.body || undefined);
      }
      if (Date.now() > deadline) throw new AppError('CONFLICT', 'The same request is still being processed');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const store: onSendHookHandler = async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKey.userId, pending.userId), eq(idempotencyKey.key, pending.key));
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      await app.db
        .update(idempotencyKey)
        // The answer without the files' bytes: a replay names the uploads, their addresses serve the files.
        .set({ statusCode: reply.statusCode, body: typeof payload === 'string' ? payload.replace(DATA_URL_FIELD, '') : '' })
        .where(where);
    } else {
      // A refused or failed request did nothing: let a retry run for real.
      await app.db.delete(idempotencyKey).where(where);
    }
    return payload;
  };

  // Reads take no key: routes that answer only GET (and its HEAD) run without these two hooks.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preHandler = [reserve, ...[route.preHandler ?? []].flat()];
    route.onSend = [store, ...[route.onSend ?? []].flat()];
  });
});
