import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { rowsOf, type Db } from '../src/db/client';
import { BACKUP_TABLES, listTables } from '../src/services/backup';
import { openFreshDatabase, readyToSubmit, useTestApp } from './helper';

const ctx = useTestApp();

async function contents(db: Db) {
  const out: Record<string, unknown> = {};
  for (const t of BACKUP_TABLES) out[t] = rowsOf(await db.execute(sql.raw(`select * from "${t}" order by 1, 2`)));
  return out;
}

describe('backup and restore', () => {
  it('covers every table', async () => {
    const c = await ctx();
    expect(await listTables(c.database.db)).toEqual([...BACKUP_TABLES].sort());
  });

  it('round-trips every row (uploads included) into an empty database, and ids continue after them', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0002', 'backup@example.com');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'portal.backup.gz');
    const admin = { db: c.database.db, auth: c.app.auth };
    expect((await runAdminCommand(admin, { command: 'backup', file })).message).toMatch(/^Backed up \d+ rows of 23 tables/);

    const target = await openFreshDatabase();
    try {
      const restored = await runAdminCommand({ db: target.database.db, auth: c.app.auth }, { command: 'restore', file });
      expect(restored.message).toMatch(/^Restored \d+ rows of 23 tables/);
      expect(await contents(target.database.db)).toEqual(await contents(c.database.db));
      const [next] = rowsOf<{ id: number }>(
        await target.database.db.execute(sql`insert into company (name, short_name, email) values ('New', 'N', 'n@example.com') returning id`),
      );
      const [max] = rowsOf<{ id: number }>(await c.database.db.execute(sql`select max(id) as id from company`));
      expect(next!.id).toBe(Number(max!.id) + 1);
      // Restoring twice is refused: the target is no longer empty.
      await expect(runAdminCommand({ db: target.database.db, auth: c.app.auth }, { command: 'restore', file })).rejects.toThrow(/not empty/);
    } finally {
      await target.database.close();
      await target.drop();
    }
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode).toBe(200);
  });

  it('refuses a file that is not a backup', async () => {
    const c = await ctx();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'nope.gz');
    fs.writeFileSync(file, (await import('node:zlib')).gzipSync('{"hello":1}\n'));
    const target = await openFreshDatabase();
    try {
      await expect(runAdminCommand({ db: target.database.db, auth: c.app.auth }, { command: 'restore', file })).rejects.toThrow(/not a backup/);
    } finally {
      await target.database.close();
      await target.drop();
    }
  });
});
