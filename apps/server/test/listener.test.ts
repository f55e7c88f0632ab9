import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine, openFreshDatabase } from './helper';

describe.skipIf(engine !== 'postgres')('the listening connection', () => {
  it('takes listens that come at once, and during its beat, one statement at a time, and hears every channel', async () => {
    // pg warns when a statement is sent on a connection that still runs one (pg 9 will refuse it).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const { database, drop } = await openFreshDatabase();
    try {
      const heard = new Map<string, string>();
      const listenTo = (channel: string) => database.listen(channel, (payload) => heard.set(channel, payload));
      const together = Array.from({ length: 10 }, (_, i) => `listener_together_${i}`);
      await Promise.all(together.map(listenTo));
      // Then one every 50 ms for 2.5 s, across the connection's beats (a NOTIFY to itself every second).
      const spread: string[] = [];
      const listening: Promise<unknown>[] = [];
      for (let i = 0; i < 50; i++) {
        spread.push(`listener_spread_${i}`);
        listening.push(listenTo(spread[i]!));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(listening);

      const channels = [...together, ...spread];
      for (const channel of channels) await database.db.execute(sql`select pg_notify(${channel}, ${`to ${channel}`})`);
      await expect.poll(() => heard.size, { timeout: 10_000 }).toBe(channels.length);
      for (const channel of channels) expect(heard.get(channel)).toBe(`to ${channel}`);
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
      await drop();
    }
  });
});
