import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

/** Prints how long PostgreSQL takes for the rollout page's statements (EXPLAIN ANALYZE), with the page's own SQL. */
export async function explainRollout(db: Db) {
  const queries: string[] = [];
  const { rolloutFleet, rolloutOverview } = await import('../apps/server/src/services/reports/rollout');
  const fleet = await rolloutFleet(db, 'bench-roll');
  // In a transaction the page's statements run one after another (readAll), so each is explained on its own.
  await db.transaction(async (tx) => {
    const spy = new Proxy(tx as unknown as Db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<Db['execute']>[0]) => {
          const explained = sql`explain (analyze, format text) ${query}`;
          const result = (await target.execute(explained)) as unknown as { rows: Record<string, string>[] };
          const lines = result.rows.map((r) => Object.values(r)[0]);
          queries.push(`${lines[0]}\n  ...\n  ${lines.slice(-2).join('\n  ')}`);
          return target.execute(query);
        };
      },
    });
    await rolloutOverview(spy, { fleetId: fleet.id, slug: fleet.slug, name: fleet.name, stallDays: fleet.stallDays, share: null, readOnly: false }, { interval: 'day' }, new Date());
  });
  console.log(queries.join('\n\n'));
}
