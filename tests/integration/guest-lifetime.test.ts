/**
 * What several app processes share on one database, on PGlite and PostgreSQL:
 * the guest cart sweep and the rate-limit counters.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepExpiredGuestCarts, touchGuestCarts } from "~/cart/guest-carts.server";
import { cartLines, carts, productInventories } from "~/db/schema";
import { hitRateLimit, RATE_LIMITS, shareRateLimitsThrough } from "~/http/rate-limit.server";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "cuvee-guest-test-"));
const { ensureGuestId } = await import("~/session.server");
const { action: cartAction } = await import("~/routes/shopping-cart");

let testDb: TestDatabase;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date(Date.UTC(2026, 10, 23, 12));

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
});

afterAll(async () => {
  shareRateLimitsThrough(null);
  await testDb?.close();
});

/** A cart with one line, last touched at `touchedAt`. */
async function cartTouchedAt(owner: { guestId: string } | { customerId: number }, touchedAt: Date): Promise<number> {
  const [cart] = await testDb.db
    .insert(carts)
    .values({ ...owner, province: "QC", touchedAt, updatedAt: touchedAt, createdAt: touchedAt })
    .returning({ id: carts.id });
  const [item] = await testDb.db.select({ id: productInventories.id }).from(productInventories).limit(1);
  await testDb.db.insert(cartLines).values({ cartId: cart!.id, productInventoryId: item!.id, section: "SHOP", quantity: 1 });
  return cart!.id;
}

describe("guest cart sweep", () => {
  it("deletes guest carts untouched for a day with their lines, keeps recent guests and customers", async () => {
    const expired = await cartTouchedAt({ guestId: crypto.randomUUID() }, new Date(now.getTime() - DAY - 1000));
    const recent = await cartTouchedAt({ guestId: crypto.randomUUID() }, new Date(now.getTime() - DAY + 60_000));
    const customer = await cartTouchedAt({ customerId: await insertTestCustomer(testDb.db) }, new Date(now.getTime() - 30 * DAY));

    expect(await sweepExpiredGuestCarts(testDb.db, { now })).toBe(1);
    const left = await testDb.db
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.id, [expired, recent, customer]));
    expect(left.map((c) => c.id).sort()).toEqual([recent, customer].sort());
    expect(await testDb.db.select().from(cartLines).where(eq(cartLines.cartId, expired))).toEqual([]);
    // Idempotent: a second run finds nothing more.
    expect(await sweepExpiredGuestCarts(testDb.db, { now })).toBe(0);
  });

  it("keeps a cart whose guest came back: renewal touches it", async () => {
    const guestId = crypto.randomUUID();
    const id = await cartTouchedAt({ guestId }, new Date(now.getTime() - DAY - 1000));
    await touchGuestCarts(testDb.db, guestId, new Date(now.getTime() - 1000));
    await sweepExpiredGuestCarts(testDb.db, { now });
    expect(await testDb.db.select({ id: carts.id }).from(carts).where(eq(carts.id, id))).toHaveLength(1);
  });

  it("a cart change renews the session and touches the guest's carts of both provinces", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
    const longAgo = new Date(Date.now() - DAY - 60_000);
    const quebec = await cartTouchedAt({ guestId }, longAgo);
    const [ontario] = await testDb.db.insert(carts).values({ guestId, province: "ON", touchedAt: longAgo }).returning({ id: carts.id });
    // Even a refused change (an unknown product) counts as the guest being there.
    const args = await routeArgs(testDb.db, "/shopping-cart", {
      init: {
        method: "POST",
        body: new URLSearchParams({ intent: "add", productInventoryId: "999999", quantity: "1" }),
        headers: { Cookie: setCookie.split(";")[0]!, "Content-Type": "application/x-www-form-urlencoded" },
      },
    });
    const answer = (await cartAction(args).catch((thrown: unknown) => thrown)) as { init?: { status?: number } };
    expect(answer.init?.status).toBe(400);
    await sweepExpiredGuestCarts(testDb.db);
    const left = await testDb.db
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.id, [quebec, ontario!.id]));
    expect(left).toHaveLength(2);
  });

  it("two processes sweeping at once delete each expired cart exactly once", async () => {
    const old = new Date(now.getTime() - 2 * DAY);
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await cartTouchedAt({ guestId: crypto.randomUUID() }, old));
    const results = await Promise.all([
      sweepExpiredGuestCarts(testDb.db, { now }),
      sweepExpiredGuestCarts(testDb.db, { now }),
      sweepExpiredGuestCarts(testDb.db, { now }),
    ]);
    const total = results.reduce<number>((sum, r) => sum + (r ?? 0), 0);
    expect(total).toBe(30);
    expect(await testDb.db.select({ id: carts.id }).from(carts).where(inArray(carts.id, ids))).toEqual([]);
  });
});

describe("rate limits in the database", () => {
  it("counts hits from every process together and refuses past the limit", async () => {
    shareRateLimitsThrough(testDb.db);
    const key = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const { points } = RATE_LIMITS.cartWrite;
    // Two "processes" take turns: each limiter is built afresh, only the table is shared.
    for (let i = 0; i < points; i++) {
      if (i === points / 2) shareRateLimitsThrough(testDb.db);
      expect((await hitRateLimit("cartWrite", key)).ok).toBe(true);
    }
    shareRateLimitsThrough(testDb.db);
    const refused = await hitRateLimit("cartWrite", key);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.cartWrite.durationSeconds);
    // Another client is counted apart.
    expect((await hitRateLimit("cartWrite", "198.51.100.1")).ok).toBe(true);
  });
});
