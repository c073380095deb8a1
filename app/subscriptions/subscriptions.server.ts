/**
 * Buying, paying, listing and cancelling subscriptions (docs/product.md#subscriptions subscription plans,
 * docs/product.md#discovery-subscribers discovery subscription "monthly or annual, cancellable at any time", docs/product.md#members members).
 *
 * A logged-in customer buys a plan: a PENDING_PAYMENT row, then Stripe Checkout in subscription
 * mode (with keys) or the local simulated payment page (without; never in production). Stripe's
 * events make the row ACTIVE (subscription-events.server.ts); the simulated page's Pay does it
 * here, for one month or one year. A cancellation keeps the benefits to the end of the paid
 * period. Abandoned purchases expire: Stripe's `checkout.session.expired`, or the maintenance
 * sweep for simulated ones ({@link expireAbandonedSubscriptions}).
 */
import { and, desc, eq, inArray, lt, ne, notExists, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isRowId } from "~/db/row-id";
import { payments, subscriptionPlans, subscriptions, users } from "~/db/schema";
import { closeSubscriptionPayment, currentSubscriptionPayment, recordSubscriptionPayment } from "~/payment/payments.server";
import type { PaymentProviderName, SubscriptionBilling } from "~/payment/provider";
import { activePaymentProvider, paymentProviderNamed, paysOnShopPage, subscriptionBilling } from "~/payment/registry.server";
import { type PaymentGateway, PaymentUnavailableError } from "~/payment/stripe.server";
import type { User } from "~/users/users.server";
import type { Locale, PaymentProvider, PlanInterval, PlanKind, SubscriptionStatus } from "~/vocabulary";
import { getPlan, localizePlan, type PlanRow } from "./plans.server";
import { syncSubscriptionCheckout } from "./subscription-events.server";
import { formatShopDate, holdsPlan, LIVE_STATUSES, mergeSubscriptionState, periodEnd, statusFromStripe } from "./subscription-rules";
import type { SubscriptionSummary } from "./subscription-types";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A subscription row. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A simulated pending purchase left unpaid this long expires (the maintenance sweep). Milliseconds. */
export const ABANDONED_SUBSCRIPTION_MS = 24 * 60 * 60 * 1000;

/** The simulated payment page of a subscription. */
export function simulatedSubscriptionPaymentPath(subscriptionId: number): string {
  return `/subscriptions/payment?subscription=${subscriptionId}`;
}

/** The page after a payment, showing the subscription's status. */
export function subscriptionReturnPath(subscriptionId: number): string {
  return `/subscriptions/return?subscription=${subscriptionId}`;
}

/** The page that sells a kind of plan: /membres for the membership, /discovery for the packages. */
export function planPagePath(kind: PlanKind): string {
  return kind === "MEMBERSHIP" ? "/membres" : "/discovery";
}

/** The outcome of a purchase: where to send the customer, or why not. */
export type StartSubscriptionResult =
  { ok: true; subscriptionId: number; url: string } | { ok: false; reason: "unknown-plan" | "already-subscribed" | "payment-unavailable" };

/**
 * Starts buying a plan for a logged-in customer.
 * Refuses a plan the customer already holds (ACTIVE or PAST_DUE with its period running); reuses
 * their PENDING_PAYMENT purchase of the plan rather than adding one; else creates it. With Stripe,
 * opens (or reuses) a Checkout Session in subscription mode and returns its URL; without keys,
 * returns the simulated payment page's path; in production without keys, refuses.
 * @param origin the shop's origin, for Stripe's return and cancel addresses.
 * @returns `{ ok: true, url }` (absolute Stripe URL or a local path), or the reason of a refusal
 *   (`payment-unavailable` also when Stripe cannot be reached: the pending row stays for a retry).
 */
export async function startSubscription(
  db: Database,
  user: Pick<User, "id" | "email" | "locale">,
  planCode: string,
  origin: string,
  now = new Date(),
): Promise<StartSubscriptionResult> {
  const plan = await getPlan(db, planCode);
  if (!plan) return { ok: false, reason: "unknown-plan" };
  const provider = activePaymentProvider();
  if (!provider) return { ok: false, reason: "payment-unavailable" };
  const billing = provider.subscriptions;
  // A provider without recurring billing sells subscriptions only when it is the shop's own page.
  if (!billing && !provider.paysOnShopPage) return { ok: false, reason: "payment-unavailable" };

  // Twice at most: a pending Stripe purchase whose session has expired is closed, and a new one made.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await pendingPurchase(db, user.id, plan, provider.name, now);
    if (row === "already-subscribed") return { ok: false, reason: row };
    if (!billing) return { ok: true, subscriptionId: row.id, url: simulatedSubscriptionPaymentPath(row.id) };
    try {
      const url = await stripeCheckoutUrl(db, billing, provider.name, row, plan, user, origin, now);
      if (url) return { ok: true, subscriptionId: row.id, url };
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return { ok: false, reason: "payment-unavailable" };
      throw error;
    }
  }
  return { ok: false, reason: "payment-unavailable" };
}

/**
 * The customer's pending purchase of the plan with this provider, created if there is none; the
 * user row is locked so two clicks at once make one purchase.
 */
async function pendingPurchase(
  db: Database,
  userId: number,
  plan: PlanRow,
  provider: PaymentProvider,
  now: Date,
): Promise<SubscriptionRow | "already-subscribed"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.planCode, plan.code),
          inArray(subscriptions.status, ["PENDING_PAYMENT", ...LIVE_STATUSES]),
        ),
      )
      .orderBy(desc(subscriptions.id));
    if (rows.some((row) => holdsPlan(row, now))) return "already-subscribed";
    const pending = rows.find((row) => row.status === "PENDING_PAYMENT" && row.paymentProvider === provider);
    if (pending) return pending;
    const [created] = await tx
      .insert(subscriptions)
      .values({ userId, planCode: plan.code, status: "PENDING_PAYMENT", paymentProvider: provider, createdAt: now, updatedAt: now })
      .returning();
    return created!;
  });
}

/**
 * The Stripe page of a pending purchase: its open session (the purchase's payment row), or a new
 * one. A session found paid meanwhile is applied and the return page given; an expired one closes
 * the purchase and its payment (null: the caller makes a new one). A new session is recorded as the
 * purchase's payment (OPEN, the plan's price) with the subscription row locked, unless another
 * click recorded one first (one in the other language, say): then it is expired, never shown (null:
 * the caller goes to the recorded one). So a purchase keeps one session, however many clicks.
 */
async function stripeCheckoutUrl(
  db: Database,
  stripe: SubscriptionBilling,
  providerName: PaymentProviderName,
  row: SubscriptionRow,
  plan: PlanRow,
  user: Pick<User, "email" | "locale">,
  origin: string,
  now: Date,
): Promise<string | null> {
  const payment = await currentSubscriptionPayment(db, row.id);
  if (payment) {
    const checkout = await stripe.retrieveSubscriptionCheckout(payment.externalReference);
    if (checkout?.status === "open" && checkout.url) return checkout.url;
    if (checkout?.status === "complete") {
      await syncSubscriptionCheckout(db, stripe, checkout, now);
      return subscriptionReturnPath(row.id);
    }
    await db.transaction(async (tx) => {
      const expired = await tx
        .update(subscriptions)
        .set({ status: "EXPIRED", updatedAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, "PENDING_PAYMENT")))
        .returning({ id: subscriptions.id });
      if (expired.length > 0) await closeSubscriptionPayment(tx, row.id, "CANCELLED", now);
    });
    return null;
  }
  const session = await stripe.createSubscriptionCheckoutSession({
    subscriptionId: row.id,
    planCode: plan.code,
    planName: localizePlan(plan, user.locale).name,
    amountCents: plan.priceCents,
    interval: plan.interval,
    email: user.email,
    locale: user.locale,
    successUrl: `${origin}${subscriptionReturnPath(row.id)}`,
    cancelUrl: `${origin}${planPagePath(plan.kind)}`,
  });
  const recorded = await db.transaction(async (tx) => {
    // Locked, so that of two clicks creating sessions at once, the second finds the first's payment.
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, row.id)).for("update");
    const current = await currentSubscriptionPayment(tx, row.id);
    if (current) return current.externalReference;
    await recordSubscriptionPayment(tx, {
      subscriptionId: row.id,
      provider: providerName,
      reference: session.sessionId,
      redirectUrl: session.url,
      amountCents: plan.priceCents,
      now,
    });
    return session.sessionId;
  });
  if (recorded !== session.sessionId) {
    // Only the recorded session may be paid: a completion of this one would match no row.
    await stripe.expireCheckoutSession(session.sessionId);
    return null;
  }
  return session.url;
}

/** A customer's subscription as the account and payment pages show it. */
export interface SubscriptionView {
  id: number;
  planCode: string;
  planKind: PlanKind;
  planName: string;
  /** Integer cents (CAD) per `interval`. */
  priceCents: number;
  interval: PlanInterval;
  /** As stored, except that a paid period that has run out reads CANCELLED (ended) until the sweep says so. */
  status: SubscriptionStatus;
  paymentProvider: PaymentProvider;
  /** Renewal date (or end date when cancelled at period end); null before the first payment. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Holds the plan now (benefits running): may be cancelled. */
  live: boolean;
  createdAt: Date;
}

function toView(row: SubscriptionRow, plan: PlanRow, locale: Locale, now: Date): SubscriptionView {
  const live = holdsPlan(row, now);
  const lapsed = !live && (LIVE_STATUSES as readonly SubscriptionStatus[]).includes(row.status);
  return {
    id: row.id,
    planCode: plan.code,
    planKind: plan.kind,
    planName: localizePlan(plan, locale).name,
    priceCents: plan.priceCents,
    interval: plan.interval,
    status: lapsed ? "CANCELLED" : row.status,
    paymentProvider: row.paymentProvider,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    live,
    createdAt: row.createdAt,
  };
}

/**
 * The customer's subscriptions, newest first, with the plan's name in `locale`, the status, the
 * renewal or end date and the cancel flag ("/account lists the customer's
 * subscriptions"). Abandoned purchases (EXPIRED) are left out.
 */
export async function listUserSubscriptions(db: Database, userId: number, locale: Locale, now = new Date()): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "EXPIRED")))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((r) => toView(r.subscription, r.plan, locale, now));
}

/**
 * One of the customer's subscriptions, with the provider's reference of its purchase's current
 * payment (Stripe's Checkout Session id; null when none was opened); null when there is none with
 * this id or it is another customer's (the pages answer 404).
 */
export async function getUserSubscription(
  db: Database,
  userId: number,
  subscriptionId: number,
  locale: Locale,
  now = new Date(),
): Promise<(SubscriptionView & { paymentReference: string | null }) | null> {
  if (!isRowId(subscriptionId)) return null;
  const [found] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
    .limit(1);
  if (!found) return null;
  const payment = await currentSubscriptionPayment(db, found.subscription.id);
  return { ...toView(found.subscription, found.plan, locale, now), paymentReference: payment?.externalReference ?? null };
}

/**
 * The simulated page's Pay (never in production: the route refuses): a pending
 * simulated purchase of the customer becomes ACTIVE for one period from `now` (one month or one
 * year). Idempotent: a purchase already paid, cancelled or expired is left as it is.
 * @returns the row after the call, or null when it is not the customer's simulated purchase.
 */
export async function paySimulatedSubscription(
  db: Database,
  userId: number,
  subscriptionId: number,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  if (!isRowId(subscriptionId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ subscription: subscriptions, interval: subscriptionPlans.interval })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId), eq(subscriptions.paymentProvider, "simulated")))
      .for("update", { of: subscriptions });
    if (!row) return null;
    if (row.subscription.status !== "PENDING_PAYMENT") return row.subscription;
    const [paid] = await tx
      .update(subscriptions)
      .set({ status: "ACTIVE", currentPeriodEnd: periodEnd(now, row.interval), updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId))
      .returning();
    return paid!;
  });
}

/** The outcome of a cancellation. */
export type CancelSubscriptionResult = { ok: true; endsAt: Date | null } | { ok: false; reason: "not-live" | "payment-unavailable" };

/**
 * Cancels a subscription at the end of its paid period (docs/product.md#subscriptions "cancellable at any time"): the
 * benefits hold until `current_period_end`, then stop. With Stripe, `cancel_at_period_end: true`
 * on the Stripe subscription (its `customer.subscription.deleted` ends the row at period end);
 * simulated, the flag alone. Cancelling twice is the same as once.
 * @returns null when there is no such subscription of this customer (404); `not-live` when it is
 *   not running (pending, ended); `payment-unavailable` when Stripe cannot be reached (nothing
 *   changed); else the date the benefits end.
 */
export async function cancelSubscription(
  db: Database,
  userId: number,
  subscriptionId: number,
  now = new Date(),
): Promise<CancelSubscriptionResult | null> {
  if (!isRowId(subscriptionId)) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
    .limit(1);
  if (!row) return null;
  if (!holdsPlan(row, now)) return { ok: false, reason: "not-live" };
  if (row.cancelAtPeriodEnd) return { ok: true, endsAt: row.currentPeriodEnd };

  let stripeState: Awaited<ReturnType<PaymentGateway["cancelSubscriptionAtPeriodEnd"]>> = null;
  if (row.stripeSubscriptionId) {
    // Billed by its provider (Stripe): cancelled there first.
    const stripe = paymentProviderNamed(row.paymentProvider)?.subscriptions;
    if (!stripe) return { ok: false, reason: "payment-unavailable" };
    try {
      stripeState = await stripe.cancelSubscriptionAtPeriodEnd(row.stripeSubscriptionId);
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return { ok: false, reason: "payment-unavailable" };
      throw error;
    }
  }
  const after = await db.transaction(async (tx: Tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id)).for("update");
    if (!locked) return null;
    const next = mergeSubscriptionState(locked, {
      status: stripeState ? statusFromStripe(stripeState.status) : null,
      currentPeriodEnd: stripeState?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: true,
    });
    await tx
      .update(subscriptions)
      .set({ ...next, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    return next;
  });
  return { ok: true, endsAt: after?.currentPeriodEnd ?? row.currentPeriodEnd };
}

/** Advisory lock of the subscription sweep (guest carts 6001, orders 6002). */
const SUBSCRIPTION_SWEEP_LOCK = 6003;

/**
 * The maintenance sweep of subscriptions (server/maintenance.ts), safe with many processes (one
 * advisory lock; rows taken with SKIP LOCKED):
 * - a purchase left PENDING_PAYMENT for {@link ABANDONED_SUBSCRIPTION_MS} on the simulated page,
 *   or one whose Stripe session was never opened, becomes EXPIRED (a Stripe session that was
 *   opened is closed by Stripe's `checkout.session.expired`, never here: it may still be paid);
 * - a simulated subscription whose paid period is over becomes CANCELLED (nothing renews it).
 * @returns the number of rows changed, or null when another process holds the sweep.
 */
export async function expireAbandonedSubscriptions(db: Database, now = new Date(), batchSize = 500): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${SUBSCRIPTION_SWEEP_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.locked) return null;
    const abandoned = tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "PENDING_PAYMENT"),
          lt(subscriptions.createdAt, new Date(now.getTime() - ABANDONED_SUBSCRIPTION_MS)),
          or(
            eq(subscriptions.paymentProvider, "simulated"),
            notExists(tx.select({ id: payments.id }).from(payments).where(eq(payments.subscriptionId, subscriptions.id))),
          ),
        ),
      )
      .orderBy(subscriptions.id)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const expired = await tx
      .update(subscriptions)
      .set({ status: "EXPIRED", updatedAt: now })
      .where(sql`${subscriptions.id} in ${abandoned}`)
      .returning({ id: subscriptions.id });
    const lapsedRows = tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.paymentProvider, "simulated"),
          inArray(subscriptions.status, [...LIVE_STATUSES]),
          lt(subscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(subscriptions.id)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const lapsed = await tx
      .update(subscriptions)
      .set({ status: "CANCELLED", updatedAt: now })
      .where(sql`${subscriptions.id} in ${lapsedRows}`)
      .returning({ id: subscriptions.id });
    return expired.length + lapsed.length;
  });
}

/**
 * The Checkout Session the return page asks Stripe about (a pending Stripe purchase whose session
 * was opened, with Stripe configured), or null when there is nothing to ask: the page counts a
 * load that asks against the `checkout` rate limit.
 */
export function sessionToRefresh(
  subscription: Pick<SubscriptionView, "status" | "paymentProvider"> & { paymentReference: string | null },
): string | null {
  if (!paymentProviderNamed(subscription.paymentProvider)?.subscriptions || subscription.status !== "PENDING_PAYMENT") return null;
  return subscription.paymentReference;
}

/**
 * The return page after Stripe: a pending Stripe purchase is brought up to date from
 * its Checkout Session (from {@link sessionToRefresh}), in case the webhook has not come yet (same
 * rules as the webhook). Without Stripe configured, nothing is asked.
 * @returns "unavailable" when Stripe cannot be reached (the page says so), else "done".
 */
export async function refreshPendingFromStripe(
  db: Database,
  stripeCheckoutSessionId: string,
  now = new Date(),
): Promise<"done" | "unavailable"> {
  const stripe = subscriptionBilling();
  if (!stripe) return "done";
  try {
    const checkout = await stripe.retrieveSubscriptionCheckout(stripeCheckoutSessionId);
    if (checkout && checkout.status !== "open") await syncSubscriptionCheckout(db, stripe, checkout, now);
    return "done";
  } catch (error) {
    if (error instanceof PaymentUnavailableError) return "unavailable";
    throw error;
  }
}

/** A subscription as a page shows it: dates formatted in `locale`, where to finish paying a pending one. */
export function summarizeSubscription(view: SubscriptionView, locale: Locale): SubscriptionSummary {
  return {
    id: view.id,
    planName: view.planName,
    planKind: view.planKind,
    priceCents: view.priceCents,
    interval: view.interval,
    status: view.status,
    paymentProvider: view.paymentProvider,
    periodEnd: view.currentPeriodEnd ? formatShopDate(view.currentPeriodEnd, locale) : null,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    live: view.live,
    paymentPath:
      view.status !== "PENDING_PAYMENT"
        ? null
        : paysOnShopPage(view.paymentProvider)
          ? simulatedSubscriptionPaymentPath(view.id)
          : planPagePath(view.planKind),
  };
}
