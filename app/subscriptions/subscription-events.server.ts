/**
 * Stripe's word on a subscription (docs/product.md#discovery-subscribers discovery subscription, docs/product.md#members members): every
 * subscription webhook — `customer.subscription.created|updated|deleted`, `invoice.paid`,
 * `checkout.session.completed|expired` in subscription mode — goes through one idempotent
 * function, {@link handleSubscriptionWebhook}. It records the event id in
 * `processed_webhook_events` in the same transaction as the change (a replay changes nothing),
 * locks the subscription row (`SELECT … FOR UPDATE`), and merges the state in with
 * `mergeSubscriptionState` (CANCELLED and EXPIRED are final; a paid subscription never goes back
 * to pending; the period end only moves forward).
 *
 * A payload is not trusted for the state: Stripe delivers events late and in any order (an old
 * `updated` retried after the cancellation, an old `invoice.paid` after a failed renewal), and in
 * the endpoint's API version (an older one lacks `items[].current_period_end` and
 * `invoice.parent`). So an event only names its subscription, whose current state is retrieved
 * from Stripe while the row is locked — the later of two events always reads the later state — and
 * applied.
 *
 * A row is linked to its Stripe subscription only through the Checkout Session this shop created
 * for it, its purchase's payment row (like orders: a Stripe test account may serve several shops;
 * the payment is PAID once the row is paid, CANCELLED if it expires), once Stripe says it is
 * complete for that subscription: by `checkout.session.completed`, by the return page, or — Stripe
 * gives no order, so a subscription event or a paid invoice often comes first — by that event,
 * which, finding no linked row, locks the pending row its subscription's metadata names and
 * retrieves the row's session. A session not complete for it (or no such row) leaves the event
 * recorded and ignored: whatever links the row later reads the subscription's state at that time,
 * which is no older than the event's.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isRowId } from "~/db/row-id";
import { processedWebhookEvents, subscriptionPlans, subscriptions } from "~/db/schema";
import { closeSubscriptionPayment, currentSubscriptionPayment } from "~/payment/payments.server";
import {
  type PaymentGateway,
  PaymentUnavailableError,
  type StripeSubscriptionState,
  type SubscriptionCheckoutState,
  type SubscriptionWebhookData,
} from "~/payment/stripe.server";
import type { SubscriptionStatus } from "~/vocabulary";
import { type IncomingSubscriptionState, LIVE_STATUSES, mergeSubscriptionState, periodEnd, statusFromStripe } from "./subscription-rules";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A verified Stripe event about a subscription. */
export interface SubscriptionEvent {
  /** Stripe's event id (`evt_…`): recorded, so a replay changes nothing. */
  eventId: string;
  type: string;
  data: SubscriptionWebhookData;
}

/** What an event did: changed (or confirmed) a row, was seen before, or concerns no row of this shop (all three recorded). */
export type SubscriptionEventOutcome = "applied" | "duplicate" | "ignored" | "unavailable";

/** What the events ask Stripe: a subscription, and a row's Checkout Session. */
export type SubscriptionEventsGateway = Pick<PaymentGateway, "retrieveSubscription" | "retrieveSubscriptionCheckout">;

/**
 * Applies a Stripe subscription event, once (the one idempotent function).
 * - subscription event or paid invoice: the linked row is locked, the subscription retrieved from
 *   Stripe and its current state applied: status (active/trialing → ACTIVE, past_due/unpaid →
 *   PAST_DUE, canceled → CANCELLED, incomplete_expired → EXPIRED, incomplete → PENDING_PAYMENT),
 *   `current_period_end` (from the subscription items), `cancel_at_period_end`. No row linked yet
 *   (the event came before the purchase's completion): the pending row named by the
 *   subscription's metadata is locked and, when its Checkout Session as retrieved from Stripe is
 *   complete for this subscription, linked and brought to the subscription's current state;
 * - Checkout Session (only the one created for the row): the row locked, links the Stripe
 *   subscription and customer with the subscription's state retrieved now (or, if Stripe has none,
 *   ACTIVE for one period from `now` once paid); expired → EXPIRED when still pending. Once a row
 *   is linked, its state comes from the subscription events only.
 * @returns "duplicate" when the event id was already recorded (nothing changes, Stripe is not
 *   asked), "ignored" when it concerns no row of this shop (recorded all the same), else "applied".
 *   "unavailable" when Stripe cannot be reached (nothing recorded: answer 5xx, Stripe retries).
 */
export async function handleSubscriptionWebhook(
  db: Database,
  gateway: SubscriptionEventsGateway,
  event: SubscriptionEvent,
  now = new Date(),
): Promise<SubscriptionEventOutcome> {
  const data = event.data;
  try {
    return await recordOnce(db, event, now, (tx) =>
      data.object === "subscription"
        ? applySubscription(tx, gateway, data.stripeSubscriptionId, now)
        : applyCheckout(tx, gateway, data.checkout, now),
    );
  } catch (error) {
    if (error instanceof PaymentUnavailableError) return "unavailable";
    throw error;
  }
}

/**
 * Brings a pending row up to date from its Checkout Session as retrieved from Stripe, its
 * subscription expanded (the return page, or a second purchase click, when the webhook has not
 * come yet). Same rules as the events.
 * @returns whether a row of this shop matched the session.
 * @throws PaymentUnavailableError when the session names a subscription Stripe did not expand and
 *   cannot be reached.
 */
export async function syncSubscriptionCheckout(
  db: Database,
  gateway: Pick<PaymentGateway, "retrieveSubscription">,
  checkout: SubscriptionCheckoutState,
  now = new Date(),
): Promise<boolean> {
  return db.transaction((tx) => applyCheckout(tx, gateway, checkout, now));
}

/** Records the event id and applies it in one transaction; a replay changes nothing. */
async function recordOnce(
  db: Database,
  event: SubscriptionEvent,
  now: Date,
  apply: (tx: Tx) => Promise<boolean>,
): Promise<SubscriptionEventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.eventId, type: event.type, processedAt: now })
      .onConflictDoNothing({ target: processedWebhookEvents.id })
      .returning({ id: processedWebhookEvents.id });
    if (recorded.length === 0) return "duplicate";
    return (await apply(tx)) ? "applied" : "ignored";
  });
}

/**
 * The row matching `where`, locked, with its plan's interval and its purchase's Checkout Session
 * (the reference of its current payment, read once the row is locked; null when none was opened);
 * undefined when none.
 */
async function lockRow(tx: Tx, where: SQL | undefined) {
  const [row] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      planCode: subscriptions.planCode,
      paymentProvider: subscriptions.paymentProvider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      stripeCustomerId: subscriptions.stripeCustomerId,
      interval: subscriptionPlans.interval,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(where)
    .limit(1)
    .for("update", { of: subscriptions });
  if (!row) return undefined;
  const payment = await currentSubscriptionPayment(tx, row.id);
  return { ...row, checkoutSessionId: payment?.externalReference ?? null };
}

type LockedRow = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/**
 * A subscription event or paid invoice: the linked row is locked, then the subscription retrieved
 * (so that of two events, the later to lock reads the later state) and applied. No row linked:
 * the pending row its metadata names is linked when its session is complete for it.
 * @returns false when no row of this shop is (or can be) linked to it.
 */
async function applySubscription(tx: Tx, gateway: SubscriptionEventsGateway, stripeSubscriptionId: string, now: Date): Promise<boolean> {
  const row = await lockRow(tx, eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  const current = await gateway.retrieveSubscription(stripeSubscriptionId);
  if (!current) return false;
  if (row) {
    await update(tx, row, fromStripeSubscription(current), {}, now);
    return true;
  }
  return linkFromEvent(tx, gateway, current, now);
}

/**
 * An event of a subscription no row is linked to: it may have come before its purchase's
 * completion. The pending Stripe row of the same plan its metadata names is locked; if it was
 * linked to this subscription meanwhile, the subscription's state (retrieved again, now that the
 * row is locked) is applied; if it is not linked yet and its Checkout Session, retrieved from
 * Stripe, is complete for this subscription, it is linked as the return page would
 * ({@link applyCheckout}), with the subscription's state expanded in that retrieval.
 * @returns false when no row of this shop matches (the event is recorded and ignored).
 */
async function linkFromEvent(
  tx: Tx,
  gateway: SubscriptionEventsGateway,
  subscription: StripeSubscriptionState,
  now: Date,
): Promise<boolean> {
  if (subscription.subscriptionRowId === null || !isRowId(subscription.subscriptionRowId)) return false;
  const row = await lockRow(tx, and(eq(subscriptions.id, subscription.subscriptionRowId), eq(subscriptions.paymentProvider, "stripe")));
  if (!row || row.planCode !== subscription.planCode || !row.checkoutSessionId) return false;
  if (row.stripeSubscriptionId === subscription.stripeSubscriptionId) {
    // Linked by another event or the return page while this one waited for the lock.
    const current = await gateway.retrieveSubscription(subscription.stripeSubscriptionId);
    if (!current) return false;
    await update(tx, row, fromStripeSubscription(current), {}, now);
    return true;
  }
  if (row.stripeSubscriptionId !== null) return false;
  const checkout = await gateway.retrieveSubscriptionCheckout(row.checkoutSessionId);
  if (checkout?.status !== "complete" || checkout.stripeSubscriptionId !== subscription.stripeSubscriptionId) return false;
  return applyCheckout(tx, gateway, checkout, now);
}

/**
 * A Checkout Session of a row (only the session this shop created for it counts): the row locked,
 * links the subscription and applies its state while the row is not linked yet. The subscription
 * is the one the session carries expanded, else retrieved now.
 * @returns false when no row of this shop matched the session.
 */
async function applyCheckout(
  tx: Tx,
  gateway: Pick<PaymentGateway, "retrieveSubscription">,
  checkout: SubscriptionCheckoutState,
  now: Date,
): Promise<boolean> {
  if (checkout.subscriptionRowId === null || !isRowId(checkout.subscriptionRowId)) return false;
  const row = await lockRow(tx, eq(subscriptions.id, checkout.subscriptionRowId));
  if (!row || row.checkoutSessionId !== checkout.sessionId) return false;
  if (row.stripeSubscriptionId) {
    // Linked already: the subscription's events (retrieved when applied) are fresher than this.
    return checkout.stripeSubscriptionId === null || checkout.stripeSubscriptionId === row.stripeSubscriptionId;
  }
  const links: { stripeSubscriptionId?: string; stripeCustomerId?: string } = {};
  if (checkout.stripeSubscriptionId) links.stripeSubscriptionId = checkout.stripeSubscriptionId;
  if (checkout.stripeCustomerId && !row.stripeCustomerId) links.stripeCustomerId = checkout.stripeCustomerId;
  let incoming: IncomingSubscriptionState = { status: null, currentPeriodEnd: null, cancelAtPeriodEnd: null };
  if (checkout.status === "expired") {
    incoming = { status: "EXPIRED", currentPeriodEnd: null, cancelAtPeriodEnd: null };
  } else if (checkout.status === "complete") {
    const subscription =
      checkout.subscription ?? (checkout.stripeSubscriptionId ? await gateway.retrieveSubscription(checkout.stripeSubscriptionId) : null);
    if (subscription) {
      incoming = fromStripeSubscription(subscription);
    } else if (checkout.paymentStatus === "paid") {
      // Stripe gave no subscription: the first period starts with the payment.
      incoming = { status: "ACTIVE", currentPeriodEnd: periodEnd(now, row.interval), cancelAtPeriodEnd: null };
    }
  }
  await update(tx, row, incoming, links, now);
  return true;
}

/**
 * Merges the incoming state into the locked row; writes only when something changes. A purchase
 * leaving PENDING_PAYMENT closes its payment: PAID when the subscription is paid (ACTIVE, or
 * PAST_DUE when a renewal failed already), CANCELLED when it ends unpaid (EXPIRED, CANCELLED).
 */
async function update(
  tx: Tx,
  row: LockedRow,
  incoming: IncomingSubscriptionState,
  links: { stripeSubscriptionId?: string; stripeCustomerId?: string },
  now: Date,
): Promise<void> {
  const next = mergeSubscriptionState(row, incoming);
  const unchanged =
    next.status === row.status &&
    next.currentPeriodEnd?.getTime() === row.currentPeriodEnd?.getTime() &&
    next.cancelAtPeriodEnd === row.cancelAtPeriodEnd &&
    Object.keys(links).length === 0;
  if (!unchanged) {
    await tx
      .update(subscriptions)
      .set({ ...next, ...links, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
  }
  if (row.status === "PENDING_PAYMENT" && next.status !== "PENDING_PAYMENT") {
    const paid = (LIVE_STATUSES as readonly SubscriptionStatus[]).includes(next.status);
    await closeSubscriptionPayment(tx, row.id, paid ? "PAID" : "CANCELLED", now);
  }
}

function fromStripeSubscription(subscription: StripeSubscriptionState): IncomingSubscriptionState {
  return {
    status: statusFromStripe(subscription.status),
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
