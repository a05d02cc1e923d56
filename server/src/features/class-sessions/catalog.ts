/**
 * The session catalog as the public reads it (spec §7 `GET /api/ClassSession`, `/all`, `/{id}`), served from
 * a short per-process cache (docs/architecture.md "Public pages and the catalog at speed"; decision 008).
 *
 * - One cache per database handle (so every app instance on the same `Db` shares it), `lru-cache` with a TTL of
 *   `CATALOG_TTL_MS` and at most `CATALOG_MAX_ENTRIES` views (three lists and one entry per session id asked).
 * - This process's writes that change what the catalog shows (seat holds, releases, fulfilment, waitlist
 *   changes, staff edits) call `invalidateCatalog(db)` after they commit, so the next read here is fresh.
 *   Another process's writes show once the entry's TTL has run out (< 1 s).
 * - A read that was already running when the cache was invalidated never stores its (possibly older) answer.
 * - An entry also lapses when the app clock has moved more than the TTL from when it was read (tests move it).
 * - Reservations never read this cache: seats are counted under the session row lock (decision 006).
 *
 * Values are frozen and shared: callers must not mutate them. Each entry also holds its JSON body, so the
 * API answers cached reads without serialising them again.
 */
import type { ClassSession } from '@lc/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ClassSessionFilter, findClassSession, findClassSessions } from './find-class-sessions.ts';

/** How long a cached view is served without reading the database again, in milliseconds. */
export const CATALOG_TTL_MS = 500;
/** At most this many cached views per process (three lists plus session details). */
export const CATALOG_MAX_ENTRIES = 1000;

/** What the catalog readers need: the app context (`AppContext`) satisfies it. */
export type CatalogContext = { db: Db; clock: Clock };

/** Which sessions a list holds; `active` as the list API's query, `all` as `/api/ClassSession/all`. */
export type CatalogQuery = {
  /** `true` or absent: active sessions not yet ended (the public catalog); `false`: inactive or ended. */
  active?: boolean;
  /** Every session, past and present (overrides `active`). */
  all?: boolean;
};

type Key = ClassSessionFilter | `session:${number}`;
type Entry<T> = { value: T; json: Buffer; at: number };
type AnyEntry = Entry<readonly ClassSession[]> | Entry<ClassSession | null>;

type Catalog = {
  cache: LRUCache<Key, AnyEntry>;
  /** Bumped by every invalidation; a read started under an older generation does not store its answer. */
  generation: number;
  /** Reads in flight, one per key and generation, so a burst of misses makes one database read. */
  pending: Map<string, Promise<AnyEntry>>;
};

const catalogs = new WeakMap<Db, Catalog>();

function catalogOf(db: Db): Catalog {
  let catalog = catalogs.get(db);
  if (!catalog) {
    catalog = {
      cache: new LRUCache<Key, AnyEntry>({ max: CATALOG_MAX_ENTRIES, ttl: CATALOG_TTL_MS }),
      generation: 0,
      pending: new Map(),
    };
    catalogs.set(db, catalog);
  }
  return catalog;
}

/**
 * The sessions the list API answers, in its order (start date, then name): `readCatalog(ctx)` is
 * `GET /api/ClassSession`, `{ active: false }` is `?active=false`, `{ all: true }` is `/api/ClassSession/all`.
 * Cached (see the file comment); the array and its sessions are frozen.
 */
export async function readCatalog(ctx: CatalogContext, query: CatalogQuery = {}): Promise<ClassSession[]> {
  return (await readCatalogEntry(ctx, query)).value as ClassSession[];
}

/** One session as `GET /api/ClassSession/{id}` answers it, or null when there is none. Cached, frozen. */
export async function readCatalogSession(ctx: CatalogContext, id: number): Promise<ClassSession | null> {
  return (await readCatalogSessionEntry(ctx, id)).value;
}

/** `readCatalog` with its JSON body (UTF-8), for the API to send as is. */
export function readCatalogEntry(
  ctx: CatalogContext,
  query: CatalogQuery = {},
): Promise<Entry<readonly ClassSession[]>> {
  const filter: ClassSessionFilter = query.all ? 'all' : query.active === false ? 'past' : 'current';
  return read(ctx, filter, () => findClassSessions(ctx.db, ctx.clock, filter)) as Promise<
    Entry<readonly ClassSession[]>
  >;
}

/** `readCatalogSession` with its JSON body (UTF-8; `null` when there is no such session). */
export function readCatalogSessionEntry(
  ctx: CatalogContext,
  id: number,
): Promise<Entry<ClassSession | null>> {
  return read(ctx, `session:${id}`, () => findClassSession(ctx.db, ctx.clock, id)) as Promise<
    Entry<ClassSession | null>
  >;
}

/**
 * Forget every cached view of the catalog read through `db`. Call after a committed write that changes a
 * session, its seats or its waitlist; the next read in this process goes to the database.
 */
export function invalidateCatalog(db: Db): void {
  const catalog = catalogs.get(db);
  if (!catalog) return;
  catalog.generation++;
  catalog.pending.clear();
  catalog.cache.clear();
}

async function read(
  ctx: CatalogContext,
  key: Key,
  load: () => Promise<readonly ClassSession[] | ClassSession | null>,
): Promise<AnyEntry> {
  const catalog = catalogOf(ctx.db);
  const now = ctx.clock.now().getTime();
  const hit = catalog.cache.get(key);
  if (hit && Math.abs(now - hit.at) <= CATALOG_TTL_MS) return hit;

  const generation = catalog.generation;
  const pendingKey = `${generation}:${key}`;
  const running = catalog.pending.get(pendingKey);
  if (running) return running;
  const reading = (async (): Promise<AnyEntry> => {
    const value = deepFreeze(await load());
    const entry = { value, json: Buffer.from(JSON.stringify(value)), at: now } as AnyEntry;
    if (catalog.generation === generation) catalog.cache.set(key, entry);
    return entry;
  })();
  catalog.pending.set(pendingKey, reading);
  try {
    return await reading;
  } finally {
    if (catalog.pending.get(pendingKey) === reading) catalog.pending.delete(pendingKey);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
