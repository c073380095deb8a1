import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { clearDatabaseCaches, createDatabaseCache } from "./cache.server";

/** Any object keys a cache: its database is never queried here. */
const db = {} as Database;

describe("createDatabaseCache", () => {
  it("computes a key once, and again after the caches are emptied", async () => {
    const cached = createDatabaseCache<string, number>({ ttlMs: 0, maxEntries: 10 });
    let computed = 0;
    const read = () => cached(db, "k", async () => ++computed);
    expect([await read(), await read()]).toEqual([1, 1]);
    clearDatabaseCaches(db);
    expect(await read()).toBe(2);
  });

  it("forgets a failed computation, but not the newer one of the same key", async () => {
    const cached = createDatabaseCache<string, string>({ ttlMs: 0, maxEntries: 10 });
    let fail!: (error: Error) => void;
    const failing = cached(db, "k", () => new Promise<string>((_resolve, reject) => (fail = reject)));
    // The catalogue changes while it computes; the next request computes the key afresh.
    clearDatabaseCaches(db);
    expect(await cached(db, "k", async () => "fresh")).toBe("fresh");
    fail(new Error("the old computation fails"));
    await expect(failing).rejects.toThrow("the old computation fails");
    expect(await cached(db, "k", async () => "computed again")).toBe("fresh");
  });

  it("keeps at most maxBytes of computed values, dropping the least recently used", async () => {
    const cached = createDatabaseCache<string, string>({ ttlMs: 0, maxEntries: 100, maxBytes: { total: 10, of: (v) => v.length } });
    let computed = 0;
    const read = (key: string, value: string) =>
      cached(db, key, async () => {
        computed++;
        return value;
      });
    await read("a", "aaaa");
    await read("b", "bbbb");
    await read("a", "aaaa");
    expect(computed).toBe(2);
    // 4 + 4 + 4 > 10: "b", the least recently used, goes.
    await read("c", "cccc");
    await new Promise((r) => setTimeout(r, 0));
    await read("a", "aaaa");
    expect(computed).toBe(3);
    await read("b", "bbbb");
    expect(computed).toBe(4);
  });
});
