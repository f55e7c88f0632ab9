import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

export interface SendLimits {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

const hashKey = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;

/** Counts one hit in a fixed window shared by every process; returns the count inside the window. */
async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    insert into send_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when send_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else send_limit.count + 1 end,
      window_start = case when send_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else send_limit.window_start end
    returning count`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** True when another sign-in email may be sent to this address from this IP. */
export async function allowSignInMail(db: Db, limits: SendLimits, email: string, ip: string): Promise<boolean> {
  const [byIp, byEmail] = [await hit(db, hashKey('ip', ip), limits.windowSeconds), await hit(db, hashKey('email', email), limits.windowSeconds)];
  return byIp <= limits.perIp && byEmail <= limits.perEmail;
}

/** Gives back the hits of a mail that could not be sent: an outage must not lock the address out. */
export async function releaseSignInMail(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(sql`
    update send_limit set count = greatest(count - 1, 0)
    where key in (${hashKey('ip', ip)}, ${hashKey('email', email)})`);
}
