/**
 * The database announces every change of the catalogue (migration 0012, decision 026), so that
 * every app process on it empties its caches: an order's stock, a producer's new name. Notices are
 * sent at commit, once per transaction, and never for a change outside the catalogue or one rolled
 * back. On PostgreSQL the listener has its own connection: the changes below come from the pool's.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CHANNEL, clearCachesOnCatalogueChanges, createDatabaseCache } from "~/cache.server";
import { productInventories, providers, rateLimits } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let notices = 0;
let stopListening: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  stopListening = await testDb.listen(CATALOGUE_CHANNEL, () => notices++);
});

afterAll(async () => {
  await stopListening?.();
  await testDb?.close();
});

/** Waits until `count` notices arrived since `before` (they come after the commit, asynchronously). */
async function noticesAfter(before: number, count: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  while (notices < before + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return notices - before;
}

/** A catalogue change whose notice marks that everything before it was delivered. */
async function renameAProducer(name: string): Promise<void> {
  await testDb.db
    .update(providers)
    .set({ name })
    .where(eq(providers.id, sql`(select min(id) from providers)`));
}

describe("the catalogue's change notices", () => {
  it("come with an order's stock move, once for a whole transaction", async () => {
    const before = notices;
    await testDb.db.transaction(async (tx) => {
      await tx.update(productInventories).set({ quantity: sql`${productInventories.quantity} + 1` });
      await tx.update(productInventories).set({ quantity: sql`${productInventories.quantity} - 1` });
      await tx.update(providers).set({ name: "x" }).where(eq(providers.id, -1));
    });
    expect(await noticesAfter(before, 1)).toBe(1);
    // Nothing else was on its way: the next change brings exactly one more.
    await renameAProducer("Domaine A");
    expect(await noticesAfter(before, 2)).toBe(2);
  });

  it("come for a statement on any table a cached value is computed from, even one that changes no row", async () => {
    const tables = [
      "product_listing",
      "product_inventories",
      "product_attributes",
      "products",
      "providers",
      "provider_origins",
      "inventories",
      "product_types",
      "attributes",
      "countries",
      "regions",
    ];
    const before = notices;
    for (const table of tables) await testDb.db.execute(sql`delete from ${sql.identifier(table)} where false`);
    expect(await noticesAfter(before, tables.length)).toBe(tables.length);
  });

  it("do not come for changes outside the catalogue, nor for a change rolled back", async () => {
    const before = notices;
    await testDb.db.insert(rateLimits).values({ key: "notice-test", points: 1 });
    await testDb.db
      .transaction(async (tx) => {
        await tx.update(productInventories).set({ quantity: 0 });
        tx.rollback();
      })
      .catch(() => undefined);
    await renameAProducer("Domaine B");
    // Only the rename: notices arrive in commit order, so the others would have come first.
    expect(await noticesAfter(before, 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(notices - before).toBe(1);
  });

  it("empty the process's caches of the catalogue", async () => {
    const stop = await clearCachesOnCatalogueChanges(testDb);
    try {
      const cached = createDatabaseCache<string, number>({ ttlMs: 0, maxEntries: 10 });
      let computed = 0;
      const count = () => cached(testDb.db, "key", async () => ++computed);
      await count();
      await count();
      expect(computed).toBe(1);
      await renameAProducer("Domaine C");
      // The cache's listener is a connection of its own: ask until it has emptied the cache.
      const deadline = Date.now() + 5_000;
      while (computed === 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
        await count();
      }
      expect(computed).toBe(2);
    } finally {
      await stop();
    }
  });

  // PGlite listens inside its own process: no connection to lose.
  it.skipIf(!process.env.TEST_DATABASE_URL)("listen again once their connection is lost, and report the gap as a change", async () => {
    const before = notices;
    await testDb.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    // Reconnected after a second: one notice for what may have been missed meanwhile.
    expect(await noticesAfter(before, 1)).toBe(1);
    await renameAProducer("Domaine D");
    expect(await noticesAfter(before, 2)).toBe(2);
  });
});
