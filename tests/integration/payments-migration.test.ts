/**
 * Migration 0016 (docs/decisions/032): the data step that moves each order's Stripe Checkout
 * Session, its page and its refund from the orders' own columns into the payments table, run as
 * written in the migration file against orders shaped as before it. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "~/db/schema";
import type { OrderStatus } from "~/vocabulary";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

/** The hand-added statement of the migration that copies the orders' Stripe columns into payments. */
function dataStep(): string {
  const file = readFileSync(path.join(process.cwd(), "app/db/migrations/0016_payments.sql"), "utf8");
  const statement = file.split("--> statement-breakpoint").find((part) => part.includes('INSERT INTO "payments"'));
  if (!statement) throw new Error("migration 0016 has no data step");
  return statement;
}

async function order(status: OrderStatus, stripe: { session: string | null; url: string | null; refund: string | null }, paid: boolean) {
  const now = new Date("2026-03-02T15:00:00Z");
  const [row] = await testDb.db
    .insert(orders)
    .values({
      confirmationNumber: `MIG${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      status,
      province: "QC",
      locale: "fr-CA",
      guestId: crypto.randomUUID(),
      firstName: "Zoé",
      lastName: "Roy",
      email: "zoe.roy@example.com",
      phone: "+15145550123",
      agencyFeesCents: 4000,
      liquorBoardFeesCents: 0,
      boutiqueCents: 2599,
      gstCents: 330,
      qstCents: 658,
      hstCents: 0,
      payNowCents: 7587,
      payAtLiquorBoardCents: 12000,
      totalCents: 19587,
      paymentProvider: stripe.session ? "stripe" : "simulated",
      paymentDueAt: now,
      paidAt: paid ? now : null,
      createdAt: now,
    })
    .returning();
  await testDb.db.execute(
    sql`update orders set stripe_session_id = ${stripe.session}, stripe_session_url = ${stripe.url}, stripe_refund_id = ${stripe.refund} where id = ${row!.id}`,
  );
  return row!;
}

describe("migration 0016 (payments)", () => {
  it("gives each order paid, pending, given up or refunded through Stripe one payment with its amount, and none to the others", async () => {
    // The orders as they were before the migration dropped their Stripe columns.
    await testDb.db.execute(
      sql.raw("alter table orders add column stripe_session_id text, add column stripe_session_url text, add column stripe_refund_id text"),
    );
    const paid = await order("PAID", { session: "cs_paid", url: null, refund: null }, true);
    const pending = await order(
      "PENDING_PAYMENT",
      { session: "cs_open", url: "https://checkout.stripe.com/c/pay/cs_open", refund: null },
      false,
    );
    const detached = await order("PENDING_PAYMENT", { session: "cs_detached", url: null, refund: null }, false);
    const expired = await order(
      "EXPIRED",
      { session: "cs_expired", url: "https://checkout.stripe.com/c/pay/cs_expired", refund: null },
      false,
    );
    const refunded = await order("REFUNDED", { session: "cs_refunded", url: null, refund: "re_1" }, true);
    const simulated = await order("PAID", { session: null, url: null, refund: null }, true);

    await testDb.db.execute(sql.raw(dataStep()));

    const rows = await testDb.db.select().from(payments).orderBy(asc(payments.orderId));
    expect(
      rows.map((p) => [p.orderId, p.provider, p.externalReference, p.redirectUrl, p.amountCents, p.status, p.refundReference]),
    ).toEqual([
      [paid.id, "stripe", "cs_paid", null, 7587, "PAID", null],
      [pending.id, "stripe", "cs_open", "https://checkout.stripe.com/c/pay/cs_open", 7587, "OPEN", null],
      [detached.id, "stripe", "cs_detached", null, 7587, "CANCELLED", null],
      [expired.id, "stripe", "cs_expired", null, 7587, "CANCELLED", null],
      [refunded.id, "stripe", "cs_refunded", null, 7587, "REFUNDED", "re_1"],
    ]);
    expect(await testDb.db.select().from(payments).where(eq(payments.orderId, simulated.id))).toEqual([]);
  });
});
