/**
 * Stripe's word on a subscription (issue 8 §8; SPEC §4 discovery subscription, §6 members): every
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
 * `invoice.parent`). So a subscription event or a paid invoice only names its subscription, whose
 * current state is retrieved from Stripe while the row is locked — the later of two events always
 * reads the later state — and applied.
 *
 * A row is linked to its Stripe subscription only by `checkout.session.completed` for the session
 * this shop created for it (like orders: a Stripe test account may serve several shops), with the
 * subscription's state retrieved at that moment. An event of a subscription whose metadata names a
 * pending row of this shop not linked yet may have come between that retrieval and the link: it is
 * not recorded and Stripe delivers it again later (outcome "retry", the route answers 503). Events
 * of other subscriptions are recorded and ignored.
 */
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { processedWebhookEvents, subscriptionPlans, subscriptions } from "~/db/schema";
import type {
  PaymentGateway,
  StripeSubscriptionState,
  SubscriptionCheckoutState,
  SubscriptionWebhookData,
} from "~/payment/stripe.server";
import { isSubscriptionId, mergeSubscriptionState, periodEnd, statusFromStripe, type IncomingSubscriptionState } from "./subscription-rules";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A verified Stripe event about a subscription. */
export interface SubscriptionEvent {
  /** Stripe's event id (`evt_…`): recorded, so a replay changes nothing. */
  eventId: string;
  type: string;
  data: SubscriptionWebhookData;
}

/**
 * What an event did: changed (or confirmed) a row, was seen before, concerns no row of this shop
 * (all three recorded), or names a purchase of this shop being linked right now ("retry": not
 * recorded; answer 5xx so that Stripe delivers it again).
 */
export type SubscriptionEventOutcome = "applied" | "duplicate" | "ignored" | "retry";

/** The row an event names is being linked: roll back, and let Stripe deliver the event again. */
class NotLinkedYet extends Error {}

/**
 * Applies a Stripe subscription event, once (issue 8 §8, the one idempotent function).
 * - subscription event or paid invoice: the subscription is retrieved from Stripe, the row locked
 *   first, and its current state applied: status (active/trialing → ACTIVE, past_due/unpaid →
 *   PAST_DUE, canceled → CANCELLED, incomplete_expired → EXPIRED, incomplete → PENDING_PAYMENT),
 *   `current_period_end` (from the subscription items), `cancel_at_period_end`;
 * - Checkout Session (only the one created for the row): links the Stripe subscription and
 *   customer, with the subscription's state retrieved now (or, if Stripe has none, ACTIVE for one
 *   period from `now` once paid); expired → EXPIRED when still pending. Once a row is linked, its
 *   state comes from the subscription events only.
 * @returns "duplicate" when the event id was already recorded (nothing changes), "ignored" when
 *   it concerns no row of this shop (recorded all the same), "retry" when it names a pending row
 *   of this shop not linked yet (nothing recorded), else "applied".
 * @throws PaymentUnavailableError when Stripe cannot be reached (nothing recorded: answer 5xx,
 *   Stripe retries).
 */
export async function handleSubscriptionWebhook(
  db: Database,
  gateway: Pick<PaymentGateway, "retrieveSubscription">,
  event: SubscriptionEvent,
  now = new Date(),
): Promise<SubscriptionEventOutcome> {
  const data = event.data;
  if (data.object === "subscription") {
    return recordOnce(db, event, now, (tx) => applySubscription(tx, gateway, data.stripeSubscriptionId, now));
  }
  let checkout = data.checkout;
  if (checkout.status === "complete" && checkout.stripeSubscriptionId) {
    checkout = { ...checkout, subscription: await gateway.retrieveSubscription(checkout.stripeSubscriptionId) };
  }
  return recordOnce(db, event, now, (tx) => applyCheckout(tx, checkout, now));
}

/**
 * Brings a pending row up to date from its Checkout Session as retrieved from Stripe, its
 * subscription expanded (the return page, or a second purchase click, when the webhook has not
 * come yet). Same rules as the events.
 * @returns whether a row of this shop matched the session.
 */
export async function syncSubscriptionCheckout(db: Database, checkout: SubscriptionCheckoutState, now = new Date()): Promise<boolean> {
  return db.transaction((tx) => applyCheckout(tx, checkout, now));
}

/** Records the event id and applies it in one transaction; a replay changes nothing. */
async function recordOnce(
  db: Database,
  event: SubscriptionEvent,
  now: Date,
  apply: (tx: Tx) => Promise<boolean>,
): Promise<SubscriptionEventOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(processedWebhookEvents)
        .values({ id: event.eventId, type: event.type, processedAt: now })
        .onConflictDoNothing({ target: processedWebhookEvents.id })
        .returning({ id: processedWebhookEvents.id });
      if (recorded.length === 0) return "duplicate";
      return (await apply(tx)) ? "applied" : "ignored";
    });
  } catch (error) {
    if (error instanceof NotLinkedYet) return "retry";
    throw error;
  }
}

/** The row matching `where`, locked, with its plan's interval; undefined when none. */
async function lockRow(tx: Tx, where: SQL) {
  const [row] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      planCode: subscriptions.planCode,
      paymentProvider: subscriptions.paymentProvider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeCheckoutSessionId: subscriptions.stripeCheckoutSessionId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      stripeCustomerId: subscriptions.stripeCustomerId,
      interval: subscriptionPlans.interval,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(where)
    .limit(1)
    .for("update", { of: subscriptions });
  return row;
}

type LockedRow = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/**
 * A subscription event or paid invoice: the linked row is locked, then the subscription retrieved
 * (so that of two events, the later to lock reads the later state) and applied.
 * @returns false when no row of this shop is linked to it.
 * @throws NotLinkedYet when its metadata names a purchase of this shop being linked.
 */
async function applySubscription(
  tx: Tx,
  gateway: Pick<PaymentGateway, "retrieveSubscription">,
  stripeSubscriptionId: string,
  now: Date,
): Promise<boolean> {
  const row = await lockRow(tx, eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  const current = await gateway.retrieveSubscription(stripeSubscriptionId);
  if (!current) return false;
  if (!row) {
    if (await awaitsLink(tx, current)) throw new NotLinkedYet();
    return false;
  }
  await update(tx, row, fromStripeSubscription(current), {}, now);
  return true;
}

/**
 * Whether the subscription's metadata names a purchase of this shop that its Checkout Session's
 * completion is linking (or has just linked, after this event looked): a pending Stripe row of the
 * same plan, with a session and no subscription yet.
 */
async function awaitsLink(tx: Tx, subscription: StripeSubscriptionState): Promise<boolean> {
  if (subscription.subscriptionRowId === null || !isSubscriptionId(subscription.subscriptionRowId)) return false;
  const row = await lockRow(
    tx,
    and(eq(subscriptions.id, subscription.subscriptionRowId), eq(subscriptions.paymentProvider, "stripe"), isNotNull(subscriptions.stripeCheckoutSessionId))!,
  );
  if (!row || row.planCode !== subscription.planCode) return false;
  if (row.stripeSubscriptionId === subscription.stripeSubscriptionId) return true;
  return row.stripeSubscriptionId === null && row.status === "PENDING_PAYMENT";
}

/**
 * A Checkout Session of a row (only the session this shop created for it counts): links the
 * subscription and applies its state while the row is not linked yet.
 * @returns false when no row of this shop matched the session.
 */
async function applyCheckout(tx: Tx, checkout: SubscriptionCheckoutState, now: Date): Promise<boolean> {
  if (checkout.subscriptionRowId === null || !isSubscriptionId(checkout.subscriptionRowId)) return false;
  const row = await lockRow(tx, eq(subscriptions.id, checkout.subscriptionRowId));
  if (!row || row.stripeCheckoutSessionId !== checkout.sessionId) return false;
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
    if (checkout.subscription) {
      incoming = fromStripeSubscription(checkout.subscription);
    } else if (checkout.paymentStatus === "paid") {
      // Stripe gave no subscription: the first period starts with the payment.
      incoming = { status: "ACTIVE", currentPeriodEnd: periodEnd(now, row.interval), cancelAtPeriodEnd: null };
    }
  }
  await update(tx, row, incoming, links, now);
  return true;
}

/** Merges the incoming state into the locked row; writes only when something changes. */
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
}

function fromStripeSubscription(subscription: StripeSubscriptionState): IncomingSubscriptionState {
  return {
    status: statusFromStripe(subscription.status),
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
