/**
 * Migration 0017 (docs/decisions/032): the data step that moves each subscription purchase's
 * Stripe Checkout Session from the subscriptions' own column into the payments table, run as
 * written in the migration file against subscriptions shaped as before it. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, subscriptionPlans, subscriptions, users } from "~/db/schema";
import type { PaymentProvider, SubscriptionStatus } from "~/vocabulary";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

/** The hand-added statement of the migration that copies the subscriptions' sessions into payments. */
function dataStep(): string {
  const file = readFileSync(path.join(process.cwd(), "app/db/migrations/0017_subscription_payments.sql"), "utf8");
  const statement = file.split("--> statement-breakpoint").find((part) => part.includes('INSERT INTO "payments"'));
  if (!statement) throw new Error("migration 0017 has no data step");
  return statement;
}

const CREATED = new Date("2026-03-02T15:00:00Z");
const UPDATED = new Date("2026-03-03T09:30:00Z");

async function subscription(
  userId: number,
  planCode: string,
  status: SubscriptionStatus,
  provider: PaymentProvider,
  session: string | null,
  cancelAtPeriodEnd = false,
) {
  const [row] = await testDb.db
    .insert(subscriptions)
    .values({
      userId,
      planCode,
      status,
      paymentProvider: provider,
      stripeSubscriptionId: status === "PENDING_PAYMENT" || status === "EXPIRED" || !session ? null : `sub_${session}`,
      currentPeriodEnd: status === "PENDING_PAYMENT" || status === "EXPIRED" ? null : new Date("2027-03-02T15:00:00Z"),
      cancelAtPeriodEnd,
      createdAt: CREATED,
      updatedAt: UPDATED,
    })
    .returning();
  await testDb.db.execute(sql`update subscriptions set stripe_checkout_session_id = ${session} where id = ${row!.id}`);
  return row!;
}

describe("migration 0017 (subscription payments)", () => {
  it("gives each purchase opened on Stripe Checkout one payment for its plan's price, paid, open or given up as the purchase is, and none to the others", async () => {
    // The subscriptions as they were before the migration dropped their session column.
    await testDb.db.execute(sql.raw("alter table subscriptions add column stripe_checkout_session_id text unique"));
    await testDb.db.insert(subscriptionPlans).values([
      {
        code: "MEMBERSHIP",
        kind: "MEMBERSHIP",
        priceCents: 15_000,
        interval: "year",
        nameFr: "Adhésion",
        nameEn: "Membership",
        descriptionFr: "…",
        descriptionEn: "…",
      },
      {
        code: "DISCOVERY_2",
        kind: "DISCOVERY",
        priceCents: 38_000,
        interval: "month",
        nameFr: "Découverte",
        nameEn: "Discovery",
        descriptionFr: "…",
        descriptionEn: "…",
      },
    ]);
    const [user] = await testDb.db
      .insert(users)
      .values({ province: "QC", locale: "fr-CA", firstName: "Zoé", lastName: "Roy", email: "zoe.roy@example.com", passwordHash: "x" })
      .returning();
    const userId = user!.id;
    const active = await subscription(userId, "MEMBERSHIP", "ACTIVE", "stripe", "cs_active");
    const endingAtPeriodEnd = await subscription(userId, "DISCOVERY_2", "ACTIVE", "stripe", "cs_ending", true);
    const pastDue = await subscription(userId, "DISCOVERY_2", "PAST_DUE", "stripe", "cs_past_due");
    const ended = await subscription(userId, "MEMBERSHIP", "CANCELLED", "stripe", "cs_ended", true);
    const pending = await subscription(userId, "DISCOVERY_2", "PENDING_PAYMENT", "stripe", "cs_pending");
    const expired = await subscription(userId, "MEMBERSHIP", "EXPIRED", "stripe", "cs_expired");
    const neverOpened = await subscription(userId, "MEMBERSHIP", "PENDING_PAYMENT", "stripe", null);
    const simulated = await subscription(userId, "MEMBERSHIP", "ACTIVE", "simulated", null);

    await testDb.db.execute(sql.raw(dataStep()));

    const rows = await testDb.db.select().from(payments).orderBy(asc(payments.subscriptionId));
    expect(
      rows.map((p) => [
        p.subscriptionId,
        p.orderId,
        p.provider,
        p.externalReference,
        p.redirectUrl,
        p.amountCents,
        p.status,
        p.refundReference,
      ]),
    ).toEqual([
      [active.id, null, "stripe", "cs_active", null, 15_000, "PAID", null],
      [endingAtPeriodEnd.id, null, "stripe", "cs_ending", null, 38_000, "PAID", null],
      [pastDue.id, null, "stripe", "cs_past_due", null, 38_000, "PAID", null],
      [ended.id, null, "stripe", "cs_ended", null, 15_000, "PAID", null],
      [pending.id, null, "stripe", "cs_pending", null, 38_000, "OPEN", null],
      [expired.id, null, "stripe", "cs_expired", null, 15_000, "CANCELLED", null],
    ]);
    expect(rows.every((p) => p.createdAt.getTime() === CREATED.getTime() && p.updatedAt.getTime() === UPDATED.getTime())).toBe(true);
    const owners = rows.map((p) => p.subscriptionId);
    expect(owners).not.toContain(neverOpened.id);
    expect(owners).not.toContain(simulated.id);
  });
});
