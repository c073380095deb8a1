/**
 * The one in-process cache of the shop, on lru-cache: values computed from the
 * database, kept per database (tests open many) with a time to live and a maximum number of
 * entries. Concurrent requests for the same key share one computation (the promise is cached);
 * a failed computation is forgotten at once so the next request tries again.
 */
import { LRUCache } from "lru-cache";
import type { Database, DatabaseHandle } from "~/db/client.server";

export interface DatabaseCacheOptions<V> {
  /** Time to live of an entry, milliseconds; `0` keeps entries for the database's lifetime. */
  ttlMs: number;
  /** Most entries kept per database; the least recently used goes first. */
  maxEntries: number;
  /**
   * Most bytes kept per database, with each value's size in bytes once computed (a value being
   * computed counts 1 byte); unset: only `maxEntries` bounds the cache.
   */
  maxBytes?: { total: number; of(value: V): number };
}

/** How to empty each cache made by {@link createDatabaseCache} for one database. */
const everyCache: ((db: Database) => void)[] = [];

/** The channel on which the database announces every change of the catalogue (migration 0012). */
export const CATALOGUE_CHANNEL = "cuvee_catalogue";

/**
 * Empties every cache of values computed from `db` (counts, facets, the producers' directory,
 * the reference data, the shared pages) in this process, after a change of the catalogue (docs/decisions/026-shared-page-cache.md:
 * a catalogue import; an order's stock). Every process calls it when the database
 * announces a change ({@link clearCachesOnCatalogueChanges}); the importing process also calls it
 * at once, so its next page shows the import.
 */
export function clearDatabaseCaches(db: Database): void {
  for (const clear of everyCache) clear(db);
}

/**
 * Keeps this process's caches of `handle`'s database in step with the catalogue, whichever process
 * changes it: every notice on {@link CATALOGUE_CHANNEL} (sent at the commit of a change, migration
 * 0012) empties them (decision 026).
 * @returns a function that stops listening
 * @throws when the database cannot be listened to (start-up)
 */
export function clearCachesOnCatalogueChanges(handle: Pick<DatabaseHandle, "db" | "listen">): Promise<() => Promise<void>> {
  return handle.listen(CATALOGUE_CHANNEL, () => clearDatabaseCaches(handle.db));
}

/**
 * A cache of values computed from a database.
 * @returns `cached(db, key, compute)`: the value of `key` for `db`, computing it with `compute()`
 *   when missing or expired; it rejects when `compute()` rejects (nothing is kept then).
 */
export function createDatabaseCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: DatabaseCacheOptions<V>) {
  const caches = new WeakMap<Database, LRUCache<K, Promise<V>>>();
  everyCache.push((db) => caches.get(db)?.clear());
  return function cached(db: Database, key: K, compute: () => Promise<V>): Promise<V> {
    let cache = caches.get(db);
    if (!cache) {
      cache = new LRUCache<K, Promise<V>>({
        max: options.maxEntries,
        ...(options.ttlMs > 0 ? { ttl: options.ttlMs } : {}),
        ...(options.maxBytes ? { maxSize: options.maxBytes.total, sizeCalculation: () => 1 } : {}),
      });
      caches.set(db, cache);
    }
    const hit = cache.get(key);
    if (hit) return hit;
    const value = compute();
    cache.set(key, value);
    // Only this computation's entry: the cache may have been emptied and the key computed again since.
    const isThisEntry = () => cache.peek(key) === value;
    value.then(
      (computed) => {
        // Set anew with its size (lru-cache keeps the old size when the same value is set again);
        // its time to live starts now.
        if (options.maxBytes && isThisEntry()) {
          cache.delete(key);
          cache.set(key, value, { size: Math.max(1, options.maxBytes.of(computed)) });
        }
      },
      () => {
        if (isThisEntry()) cache.delete(key);
      },
    );
    return value;
  };
}
