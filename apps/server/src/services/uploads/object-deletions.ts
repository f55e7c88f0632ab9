import { and, asc, eq, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { objectDeletion, upload } from '../../db/schema';
import type { FileStore } from './file-store';

/** Longest wait between two tries of one deletion. */
const MAX_BACKOFF_SECONDS = 3600;

/**
 * Queues the objects among `keys` that no upload row names any more. Call it inside the transaction
 * that deletes the rows, so the row and the queue entry change together.
 */
export async function queueUnreferencedObjects(tx: Db, keys: (string | null)[]): Promise<void> {
  const candidates = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (candidates.length === 0) return;
  const named = await tx.select({ key: upload.storageKey }).from(upload).where(inArray(upload.storageKey, candidates));
  const stillNamed = new Set(named.map((n) => n.key));
  const orphans = candidates.filter((k) => !stillNamed.has(k));
  if (orphans.length) await tx.insert(objectDeletion).values(orphans.map((key) => ({ key }))).onConflictDoNothing();
}

/** A save is about to write this object again: it must not be deleted by an older queue entry. */
export async function cancelObjectDeletions(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(objectDeletion).where(inArray(objectDeletion.key, keys));
}

/**
 * Deletes the queued objects that are due, a batch at a time; several processes may run it at once
 * (SKIP LOCKED). An object a row names again is kept. A failure is retried later, with backoff.
 */
export async function processObjectDeletions(db: Db, store: FileStore, limit = 50): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select({ key: objectDeletion.key, attempts: objectDeletion.attempts })
      .from(objectDeletion)
      .where(lte(objectDeletion.nextAttemptAt, sql`now()`))
      .orderBy(asc(objectDeletion.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const item of due) {
      const [named] = await tx.select({ id: upload.id }).from(upload).where(eq(upload.storageKey, item.key)).limit(1);
      try {
        if (!named) await store.delete(item.key);
        await tx.delete(objectDeletion).where(eq(objectDeletion.key, item.key));
        if (!named) deleted++;
      } catch (error) {
        failed++;
        const wait = Math.min(2 ** item.attempts * 5, MAX_BACKOFF_SECONDS);
        await tx
          .update(objectDeletion)
          .set({
            attempts: item.attempts + 1,
            nextAttemptAt: sql`now() + make_interval(secs => ${wait})`,
            lastError: (error as Error).message.slice(0, 500),
          })
          .where(eq(objectDeletion.key, item.key));
      }
    }
  });
  return { deleted, failed };
}

export async function pendingObjectDeletions(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(objectDeletion);
  return row?.n ?? 0;
}

/** What the bucket and the rows disagree on: objects no row names, and rows whose object is gone. */
export async function checkStorage(db: Db, store: FileStore, options: { fix: boolean }) {
  const objects = new Set(await store.list('installations/'));
  const rows = await db
    .select({ key: upload.storageKey })
    .from(upload)
    .where(and(isNotNull(upload.storageKey), notExists(db.select().from(objectDeletion).where(eq(objectDeletion.key, upload.storageKey)))));
  const named = new Set(rows.map((r) => r.key!));
  const orphans = [...objects].filter((k) => !named.has(k)).sort();
  const missing = [...named].filter((k) => !objects.has(k)).sort();
  let removed = 0;
  if (options.fix) {
    for (const key of orphans) {
      // Named again since the listing (a save in flight): keep it.
      const [again] = await db.select({ id: upload.id }).from(upload).where(eq(upload.storageKey, key)).limit(1);
      if (again) continue;
      await store.delete(key);
      removed++;
    }
  }
  return { objects: objects.size, orphans, missing, removed };
}
