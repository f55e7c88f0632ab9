import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The channel on which the database's triggers announce changes to what the read cache holds (migration 0007). */
export const READ_CACHE_CHANNEL = 'read_cache';

/**
 * Entries kept per kind; a full map is emptied (simple and bounded, like the verified tokens). A
 * detail is a few KB and a list page up to a hundred rows, so those stay within some tens of MB.
 */
const KEPT = { sessions: 10_000, details: 2_000, lists: 1_000, installationGenerations: 10_000 };
/** How long a write waits for the database to confirm that this process has heard of it. */
const SETTLE_TIMEOUT_MS = 2000;
/**
 * How long the writes' announcements heard from every process are remembered, and at most how many:
 * far longer than a client holds a write's token (`WRITTEN_COOKIE_MAX_AGE_S`). A token no longer
 * remembered costs one settle, never a stale read.
 */
const HEARD_WRITES = { ms: 30_000, kept: 50_000 };
/** A write's token: the process that answered it and its announcement's number there. */
const WRITE_TOKEN = /^[0-9a-f]{12}\.[0-9]{1,15}$/;
/** Whether a client's text has the shape of a write's token (`ReadCache.settle`). */
export const isWriteToken = (text: string) => WRITE_TOKEN.test(text);

interface Held<T> {
  value: T;
  /** The generations the value was read under: it is good while they are unchanged. */
  generation: number;
  keyGeneration: number;
  expiresAtMs: number;
  /** The user a session's entry was read for. */
  sub?: string;
}

/**
 * What the hot reads keep in this process's memory: live sessions with their fleets, installation
 * details as the database writes them, and the first pages of installation lists. The database says
 * when an entry goes stale: triggers NOTIFY on every change to the rows behind them, to this process
 * and every other.
 *
 * - A value read while a change was announced is never kept (generations are taken before the read).
 * - A write request answers only after this process has heard every change committed before it
 *   (`settle`), so a client reads its own writes from any entry it could hit next.
 * - Without a listening connection nothing is kept or served: every read goes to the database.
 */
export class ReadCache {
  #live = false;
  #authGeneration = 0;
  #dataGeneration = 0;
  #installationGenerations = new Map<number, number>();
  #sessions = new Map<string, Held<unknown>>();
  #details = new Map<number, Held<unknown>>();
  /** Pages of installation lists: any installation, vehicle, fleet or person may be on one. */
  #lists = new Map<string, Held<unknown>>();
  #listGeneration = 0;
  #settles = new Map<string, () => void>();
  #settleCount = 0;
  /** The tokens of the writes this process has heard announced, by any process, with when. */
  #heardWrites = new Map<string, number>();
  readonly #process = randomBytes(6).toString('hex');
  #unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  /** Starts listening; until then (and while the listening connection is down) nothing is cached. */
  async start() {
    this.#unlisten = await this.database.listen(
      READ_CACHE_CHANNEL,
      (payload) => this.#heard(payload),
      () => {
        // Back after a drop: what changed meanwhile was not heard.
        this.#forgetAll();
        this.#live = true;
      },
      () => {
        this.#live = false;
        this.#forgetAll();
      },
    );
    this.#live = true;
  }

  async stop() {
    this.#live = false;
    this.#forgetAll();
    for (const resolve of this.#settles.values()) resolve();
    await this.#unlisten?.();
  }

  /** Whether entries are kept and served now. */
  get isLive() {
    return this.#live;
  }

  /** The entries held, for tests and metrics. */
  get size() {
    return { sessions: this.#sessions.size, details: this.#details.size, lists: this.#lists.size };
  }

  /**
   * What a session says (its signed-in user, or `me`), by a key made of the session id: from memory
   * while the rows of sessions, people, companies, memberships and fleets are unchanged and the
   * session has not expired, otherwise by `load` (null when the session has ended; that is not
   * kept). The entry serves only the user `sub` it was read for.
   */
  session<T>(key: string, sub: string, load: () => Promise<{ value: T; expiresAtMs: number } | null>): Promise<T | null> {
    const held = this.heldSession<T>(key, sub);
    if (held !== undefined) return Promise.resolve(held);
    return this.#load(this.#sessions, KEPT.sessions, key, () => this.#authGeneration, () => 0, load, sub);
  }

  /** What `session` would answer from memory now, without a promise; undefined when it would load. */
  heldSession<T>(key: string, sub: string): T | undefined {
    const held = this.#sessions.get(key) as Held<T> | undefined;
    if (held && this.#live && held.generation === this.#authGeneration && held.expiresAtMs > Date.now() && held.sub === sub) return held.value;
    return undefined;
  }

  /** An installation's cached read (its detail with what access is decided on), or `load`'s. */
  installation<T>(id: number, load: () => Promise<T | null>): Promise<T | null> {
    const held = this.heldInstallation<T>(id);
    if (held !== undefined) return Promise.resolve(held);
    return this.#load(
      this.#details,
      KEPT.details,
      id,
      () => this.#dataGeneration,
      () => this.#installationGenerations.get(id) ?? 0,
      async () => {
        const value = await load();
        return value === null ? null : { value, expiresAtMs: Infinity };
      },
    );
  }

  /** What `installation` would answer from memory now, without a promise; undefined when it would load. */
  heldInstallation<T>(id: number): T | undefined {
    const held = this.#details.get(id) as Held<T> | undefined;
    if (held && this.#live && held.generation === this.#dataGeneration && held.keyGeneration === (this.#installationGenerations.get(id) ?? 0)) return held.value;
    return undefined;
  }

  /** The first page of an installation list by its key (fleet, order, page size), or `load`'s. */
  list<T>(key: string, load: () => Promise<T>): Promise<T | null> {
    const held = this.heldList<T>(key);
    if (held !== undefined) return Promise.resolve(held);
    return this.#load(this.#lists, KEPT.lists, key, () => this.#listGeneration, () => 0, async () => ({ value: await load(), expiresAtMs: Infinity }));
  }

  /** What `list` would answer from memory now, without a promise; undefined when it would load. */
  heldList<T>(key: string): T | undefined {
    const held = this.#lists.get(key) as Held<T> | undefined;
    if (held && this.#live && held.generation === this.#listGeneration) return held.value;
    return undefined;
  }

  /**
   * Resolves once this process has heard every change committed before the call: a NOTIFY of its
   * own comes back after all of them, since the database delivers them in commit order. Without it
   * in time, everything held is dropped. Answers the announcement's token, which every process that
   * listens hears too (null when it could not be sent).
   */
  async settle(): Promise<string | null> {
    const token = `${this.#process}.${++this.#settleCount}`;
    const key = `settle:${token}`;
    const announce = () => this.database.db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${key})`);
    // Not listening, nothing is held here; the announcement still tells the other processes when
    // they have heard this process's writes.
    if (!this.#live) return announce().then(() => token, () => null);
    // Also with nothing held: an announcement heard late would keep the next read from being kept.
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.#settles.set(key, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await announce();
      if (!(await heard)) this.#forgetAll();
      return token;
    } catch {
      this.#forgetAll();
      return null;
    } finally {
      clearTimeout(timer);
      this.#settles.delete(key);
    }
  }

  /**
   * Before a request whose client holds these write tokens (from `settle`, through any process) is
   * answered from memory: null when this process has heard all of them (or holds nothing), otherwise
   * a promise that resolves once it has heard every change committed before now. The tokens are
   * ones of the shape `isWriteToken` accepts (the caller reads them from the client).
   */
  catchUp(tokens: readonly string[]): Promise<void> | null {
    if (!this.#live) return null;
    const unheard = tokens.filter((token) => !this.#heardWrites.has(token));
    if (unheard.length === 0) return null;
    return this.settle().then(() => {
      // Heard now, or everything held was dropped: the tokens need no settle again.
      for (const token of unheard) this.#rememberWrite(token);
    });
  }

  #rememberWrite(token: string) {
    const now = Date.now();
    this.#heardWrites.delete(token);
    this.#heardWrites.set(token, now);
    // Oldest first, in the order heard.
    for (const [oldest, at] of this.#heardWrites) {
      if (at > now - HEARD_WRITES.ms && this.#heardWrites.size <= HEARD_WRITES.kept) break;
      this.#heardWrites.delete(oldest);
    }
  }

  async #load<K, T>(
    map: Map<K, Held<unknown>>,
    limit: number,
    key: K,
    generation: () => number,
    keyGeneration: () => number,
    load: () => Promise<{ value: T; expiresAtMs: number } | null>,
    sub?: string,
  ): Promise<T | null> {
    if (!this.#live) return (await load())?.value ?? null;
    // A drop and a reconnect of the listener move the generations too.
    const before = { generation: generation(), keyGeneration: keyGeneration() };
    const loaded = await load();
    if (!loaded) return null;
    if (this.#live && generation() === before.generation && keyGeneration() === before.keyGeneration) {
      if (map.size >= limit) map.clear();
      map.set(key, { value: loaded.value, ...before, expiresAtMs: loaded.expiresAtMs, sub });
    }
    return loaded.value;
  }

  #heard(payload: string) {
    if (payload === 'auth' || payload === 'data' || payload.startsWith('installation:')) this.#forgetLists();
    if (payload === 'auth') {
      this.#authGeneration++;
      this.#sessions.clear();
    } else if (payload === 'data') {
      this.#forgetDetails();
    } else if (payload.startsWith('installation:')) {
      const id = Number(payload.slice('installation:'.length));
      if (this.#installationGenerations.size >= KEPT.installationGenerations) this.#forgetDetails();
      this.#installationGenerations.set(id, (this.#installationGenerations.get(id) ?? 0) + 1);
      this.#details.delete(id);
    } else if (payload.startsWith('settle:')) {
      this.#rememberWrite(payload.slice('settle:'.length));
      this.#settles.get(payload)?.();
    }
  }

  #forgetDetails() {
    this.#dataGeneration++;
    this.#installationGenerations.clear();
    this.#details.clear();
  }

  #forgetLists() {
    this.#listGeneration++;
    this.#lists.clear();
  }

  #forgetAll() {
    this.#forgetLists();
    this.#authGeneration++;
    this.#sessions.clear();
    this.#forgetDetails();
  }
}
