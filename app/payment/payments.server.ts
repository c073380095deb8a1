/**
 * The payments table (docs/decisions/032): one row per payment started at a provider that keeps a
 * reference of its own (a Stripe Checkout Session), for an order or a subscription's purchase. An
 * order's or a subscription's current payment is its latest row. Amounts in integer cents (CAD).
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payments } from "~/db/schema";
import type { PaymentStatus } from "~/vocabulary";
import type { PaymentProviderName } from "./provider";

export type Payment = typeof payments.$inferSelect;

/** A database or one of its transactions. */
type Db = Pick<Database, "select" | "insert" | "update">;

/** Records a payment just started for an order (idempotent on the provider's reference: a replayed start changes nothing). */
export async function recordOrderPayment(
  db: Db,
  input: { orderId: number; provider: PaymentProviderName; reference: string; redirectUrl: string | null; amountCents: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db
    .insert(payments)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      externalReference: input.reference,
      redirectUrl: input.redirectUrl,
      amountCents: input.amountCents,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The order's current payment (its latest), or null when none was started at a provider keeping references. */
export async function currentOrderPayment(db: Db, orderId: number): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  return row ?? null;
}

/** A payment by its provider's reference, or null. */
export async function paymentByReference(db: Db, provider: PaymentProviderName, reference: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.externalReference, reference)));
  return row ?? null;
}

/**
 * Moves a payment to a status (its redirect URL forgotten unless it stays OPEN). A REFUNDED payment
 * stays so. @param refundReference the provider's refund id, for REFUNDED.
 */
export async function setPaymentStatus(
  db: Db,
  paymentId: number,
  status: PaymentStatus,
  refundReference?: string | null,
  now = new Date(),
): Promise<void> {
  await db
    .update(payments)
    .set({
      status,
      updatedAt: now,
      ...(status === "OPEN" ? {} : { redirectUrl: null }),
      ...(refundReference !== undefined ? { refundReference } : {}),
    })
    .where(and(eq(payments.id, paymentId), ne(payments.status, "REFUNDED")));
}

/**
 * Records the payment that opens a subscription's purchase (Stripe's Checkout Session in
 * subscription mode), OPEN. The caller holds the subscription row locked and has checked that the
 * purchase has no payment yet, so one purchase keeps one session. @param amountCents what the
 * purchase charges: the plan's price, in integer cents (CAD).
 */
export async function recordSubscriptionPayment(
  db: Db,
  input: {
    subscriptionId: number;
    provider: PaymentProviderName;
    reference: string;
    redirectUrl: string | null;
    amountCents: number;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.insert(payments).values({
    subscriptionId: input.subscriptionId,
    provider: input.provider,
    externalReference: input.reference,
    redirectUrl: input.redirectUrl,
    amountCents: input.amountCents,
    createdAt: now,
    updatedAt: now,
  });
}

/** The subscription purchase's current payment (its latest), or null when none was started at a provider keeping references. */
export async function currentSubscriptionPayment(db: Db, subscriptionId: number): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(desc(payments.id)).limit(1);
  return row ?? null;
}

/**
 * Closes a subscription purchase's OPEN payment: PAID once the subscription is paid (it leaves
 * PENDING_PAYMENT for ACTIVE or PAST_DUE), CANCELLED once the purchase is abandoned (EXPIRED) or
 * ended unpaid. A payment already closed stays as it is.
 */
export async function closeSubscriptionPayment(
  db: Db,
  subscriptionId: number,
  status: Extract<PaymentStatus, "PAID" | "CANCELLED">,
  now = new Date(),
): Promise<void> {
  await db
    .update(payments)
    .set({ status, redirectUrl: null, updatedAt: now })
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, "OPEN")));
}
