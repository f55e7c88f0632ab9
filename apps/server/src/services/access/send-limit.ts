import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { limitKeyOf } from './client-address';

export interface SendLimits {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

const hashKey = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;

/** Counts one hit in a fixed window shared by every process: the count inside the window and the ms it has left. */
async function hitWindow(db: Db, key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }> {
  const result = await db.execute(sql`
    insert into send_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when send_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else send_limit.count + 1 end,
      window_start = case when send_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else send_limit.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000) as ttl_ms`);
  const row = rowsOf<{ count: number; ttl_ms: number | string }>(result)[0];
  return { count: Number(row?.count ?? 0), ttlMs: Math.max(0, Number(row?.ttl_ms ?? 0)) };
}

const hit = async (db: Db, key: string, windowSeconds: number) => (await hitWindow(db, key, windowSeconds)).count;

/** Deletes counters whose window ended: they count as nothing anyway. */
export async function purgeExpiredLimits(db: Db, longestWindowSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    delete from send_limit where window_start < now() - make_interval(secs => ${longestWindowSeconds}) returning key`);
  return rowsOf<{ key: string }>(result).length;
}

/** Takes back one hit, e.g. a code guess that turned out right. */
async function unhit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update send_limit set count = greatest(count - 1, 0) where key = ${key}`);
}

/** True when another sign-in email may be sent to this address from this IP. */
export async function allowSignInMail(db: Db, limits: SendLimits, email: string, ip: string): Promise<boolean> {
  const [byIp, byEmail] = [await hit(db, hashKey('ip', limitKeyOf(ip)), limits.windowSeconds), await hit(db, hashKey('email', email), limits.windowSeconds)];
  return byIp <= limits.perIp && byEmail <= limits.perEmail;
}

/** Gives back the hits of a mail that could not be sent: an outage must not lock the address out. */
export async function releaseSignInMail(db: Db, email: string, ip: string): Promise<void> {
  for (const key of [hashKey('ip', limitKeyOf(ip)), hashKey('email', email)]) await unhit(db, key);
}

const guessKeys = (email: string, ip: string) => [hashKey('guess-ip', limitKeyOf(ip)), hashKey('guess-email', email.trim().toLowerCase())];

/**
 * Counts one code attempt per address and per client (IP, or IPv6 /64), before the code is checked,
 * so parallel guesses count too. The windows are their own: a new sign-in mail does not reset them.
 * `address`: the address has had too many wrong codes, and no code is looked at. `client`: this
 * client has guessed too often across addresses: its code is still checked, and only a wrong one is
 * refused, so a right code never fails because of others' guesses behind the same NAT.
 */
export async function allowCodeGuess(db: Db, limits: SendLimits, email: string, ip: string): Promise<'ok' | 'address' | 'client'> {
  const [byIp, byEmail] = guessKeys(email, ip);
  const [ipCount, emailCount] = [await hit(db, byIp!, limits.windowSeconds), await hit(db, byEmail!, limits.windowSeconds)];
  if (emailCount > limits.perEmail) return 'address';
  return ipCount > limits.perIp ? 'client' : 'ok';
}

/** A right code is not a guess: its attempt is taken back. */
export async function forgiveCodeGuess(db: Db, email: string, ip: string): Promise<void> {
  for (const key of guessKeys(email, ip)) await unhit(db, key);
}

/**
 * A store for @fastify/rate-limit that counts in the database, so one limit holds across every
 * server process. Keys are hashed with a prefix of their own.
 */
export function databaseRateLimitStore(db: Db, prefix: string): FastifyRateLimitStoreCtor {
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindowMs) {
      hitWindow(db, hashKey(prefix, key), Math.max(1, Math.round(timeWindowMs / 1000))).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child: () => store,
  };
  return class {
    constructor() {
      return store;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
