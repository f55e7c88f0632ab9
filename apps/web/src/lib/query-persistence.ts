import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { del, get, keys, set } from 'idb-keyval';
import { lazyIdbStore } from './idb-store';
import { fleetKeys, installationKeys, meKeys } from './query-keys';

/**
 * The last answers of the screens an installer needs on site (their fleets, the fleet's list, the
 * installations they opened and their uploads), kept in IndexedDB per user: offline, the portal opens
 * with them instead of a spinner. They are shown as what they are, the last copy: every query still
 * refetches as soon as it can, and nothing here is ever handed to a write.
 */
const SNAPSHOT_VERSION = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 1000;
/** Kept in memory as long as on disk, so a snapshot written later still holds the fleet home. */
const KEEP_MS = 24 * 60 * 60 * 1000;

type Snapshot = { version: number; savedAt: number; state: DehydratedState };

const queries = lazyIdbStore('installer-portal-cache', 'queries');
const cacheStore = () => queries.get();

const snapshotKey = (userId: string) => `queries:${userId}`;

/** ['me'], ['fleets', slug], ['installations', fleet, params], ['installation', id] and its uploads and summary. */
export function isKeptOffline(key: QueryKey): boolean {
  const [first, , third] = key;
  if (first === 'me' || first === 'fleets' || first === 'installations') return true;
  return first === 'installation' && (key.length === 2 || (key.length === 3 && (third === 'uploads' || third === 'summary')));
}

/**
 * A query whose answer goes into the copy: one of the kept screens with an answer. A read that
 * failed afterwards still holds its last answer, and that answer stays in the copy: a failure never
 * empties what the device holds.
 */
const isKeptAnswer = (query: Query) => query.state.data !== undefined && isKeptOffline(query.queryKey);

/** The copy holds answers only: a failed read after the answer is written as the answer it still holds. */
function answersOnly(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success'
        ? query
        : { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const } },
    ),
  };
}

const KEPT_PREFIXES: QueryKey[] = [meKeys.all, fleetKeys.all, installationKeys.allLists, installationKeys.all];

/** Puts the user's last copy into the cache (before the first screen asks for it). Never fails. */
export async function restoreQueryCache(client: QueryClient, userId: string, now = Date.now()): Promise<void> {
  const s = cacheStore();
  if (!s) return;
  try {
    const snapshot = await get<Snapshot>(snapshotKey(userId), s);
    if (!snapshot) return;
    if (snapshot.version !== SNAPSHOT_VERSION || now - snapshot.savedAt > MAX_AGE_MS) {
      await del(snapshotKey(userId), s);
      return;
    }
    hydrate(client, snapshot.state);
    // A copy is never fresh: whatever changed since it was written (a save just before a reload)
    // comes from the server as soon as a screen asks, and offline the copy stays on show.
    await client.invalidateQueries({ predicate: (query) => isKeptOffline(query.queryKey), refetchType: 'none' });
  } catch {
    // A broken snapshot costs only the offline start.
  }
}

/** Writes the kept queries shortly after each change, until the returned function is called. */
export function persistQueryCache(client: QueryClient, userId: string): () => void {
  const s = cacheStore();
  if (!s) return () => undefined;
  for (const prefix of KEPT_PREFIXES) client.setQueryDefaults(prefix, { gcTime: KEEP_MS });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const state = answersOnly(dehydrate(client, { shouldDehydrateQuery: isKeptAnswer }));
    void set(snapshotKey(userId), { version: SNAPSHOT_VERSION, savedAt: Date.now(), state } satisfies Snapshot, s).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (!isKeptOffline(event.query.queryKey)) return;
    if (timer === null) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  // Answers that arrived before the user was known (the boot asks for the home's data beside the
  // token) are written too. Offline, what is in the cache is the copy itself: it is left as it was
  // written, so it still ages out.
  const hasKeptAnswer = client.getQueryCache().getAll().some(isKeptAnswer);
  if (hasKeptAnswer && navigator.onLine !== false) timer = setTimeout(write, WRITE_DELAY_MS);
  // A reload or a closed tab within the delay: what changed (a save's answer a moment ago) is written now,
  // so the copy an offline start opens with has it.
  const writeNow = () => {
    if (timer === null) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', writeNow);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', writeNow);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

/** Sign-out: no copy of anyone's data stays on the device. */
export async function forgetQueryCaches(): Promise<void> {
  const s = cacheStore();
  if (!s) return;
  try {
    const all = await keys<string>(s);
    await Promise.all(all.filter((key) => String(key).startsWith('queries:')).map((key) => del(key, s)));
  } catch {
    // Nothing stored, or storage unavailable.
  }
}

/** For tests: the next use opens the (new) IndexedDB again. */
export const resetQueryCacheStoreForTests = () => queries.reset();
