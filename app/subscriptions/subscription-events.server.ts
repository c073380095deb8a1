/**
 * Stripe's word on a subscription (issue 8 §8; SPEC §4 discovery subscription, §6 members): every
 * subscription webhook — `customer.subscription.created|updated|deleted`, `invoice.paid`,
 * `checkout.session.completed|expired` in subscription mode — goes through one idempotent
 * function, {@link applySubscriptionEvent}. It records the event id in `processed_webhook_events`
 * in the same transaction as the change (a replay changes nothing), locks the subscription row
 * (`SELECT … FOR UPDATE`), and merges what the Stripe object says with `mergeSubscriptionState`
 * (CANCELLED and EXPIRED are final; a paid subscription never goes back to pending; the paid
 * period only moves forward), so events applied in any order end in the same state.
 *
 * A row is linked to its Stripe subscription only by `checkout.session.completed` for the session
 * this shop created for it (like orders: a Stripe test account may serve several shops), so
 * events of a subscription not linked yet are recorded and ignored; the completion carries the
 * subscription's state as retrieved at that moment ({@link handleSubscriptionWebhook}).
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { processedWebhookEvents, subscriptionPlans, subscriptions } from "~/db/schema";
import type {
  PaymentGateway,
  StripeSubscriptionState,
  SubscriptionCheckoutState,
  SubscriptionWebhookData,
} from "~/payment/stripe.server";
import { mergeSubscriptionState, periodEnd, statusFromStripe, type IncomingSubscriptionState } from "./subscription-rules";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A verified Stripe event about a subscription. */
export interface SubscriptionEvent {
  /** Stripe's event id (`evt_…`): recorded, so a replay changes nothing. */
  eventId: string;
  type: string;
  data: SubscriptionWebhookData;
}

/** What an event did: changed (or confirmed) a row, was seen before, or concerns no row of this shop. */
export type SubscriptionEventOutcome = "applied" | "duplicate" | "ignored";

/**
 * Applies a Stripe subscription event, once (issue 8 §8, the one idempotent function).
 * - subscription object: status (active/trialing → ACTIVE, past_due/unpaid → PAST_DUE, canceled →
 *   CANCELLED, incomplete_expired → EXPIRED, incomplete → PENDING_PAYMENT), `current_period_end`
 *   (from the subscription items), `cancel_at_period_end`;
 * - paid invoice: ACTIVE, and the period it paid for;
 * - Checkout Session (only the one created for the row): links the Stripe subscription and
 *   customer; complete → the subscription's state (or, if Stripe gave none, ACTIVE for one
 *   period from `now` once paid); expired → EXPIRED when still pending.
 * @returns "duplicate" when the event id was already recorded (nothing changes), "ignored" when
 *   it concerns no row of this shop (recorded all the same), else "applied".
 */
export async function applySubscriptionEvent(db: Database, event: SubscriptionEvent, now = new Date()): Promise<SubscriptionEventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.eventId, type: event.type, processedAt: now })
      .onConflictDoNothing({ target: processedWebhookEvents.id })
      .returning({ id: processedWebhookEvents.id });
    if (recorded.length === 0) return "duplicate";
    return (await applyToRow(tx, event.data, now)) ? "applied" : "ignored";
  });
}

/**
 * Brings a pending row up to date from its Checkout Session as retrieved from Stripe (the return
 * page, or a second purchase click, when the webhook has not come yet). Same rules as the events.
 * @returns whether a row of this shop matched the session.
 */
export async function syncSubscriptionCheckout(db: Database, checkout: SubscriptionCheckoutState, now = new Date()): Promise<boolean> {
  return db.transaction((tx) => applyToRow(tx, { object: "checkout", checkout }, now));
}

/**
 * The webhook's entry: a completed Checkout Session carries only its subscription's id, so the
 * subscription is retrieved first, then the event goes through {@link applySubscriptionEvent}.
 * @throws PaymentUnavailableError when Stripe cannot be reached (answer 5xx: Stripe retries).
 */
export async function handleSubscriptionWebhook(
  db: Database,
  gateway: PaymentGateway,
  event: SubscriptionEvent,
): Promise<SubscriptionEventOutcome> {
  const data = event.data;
  if (data.object === "checkout" && data.checkout.status === "complete" && data.checkout.stripeSubscriptionId && !data.checkout.subscription) {
    const subscription = await gateway.retrieveSubscription(data.checkout.stripeSubscriptionId);
    return applySubscriptionEvent(db, { ...event, data: { object: "checkout", checkout: { ...data.checkout, subscription } } });
  }
  return applySubscriptionEvent(db, event);
}

/** Finds and locks the row the data is about, merges the state in. @returns false when no row matched. */
async function applyToRow(tx: Tx, data: SubscriptionWebhookData, now: Date): Promise<boolean> {
  const stripeId =
    data.object === "subscription" ? data.subscription.stripeSubscriptionId : data.object === "invoice" ? data.stripeSubscriptionId : null;
  const [row] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeCheckoutSessionId: subscriptions.stripeCheckoutSessionId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      stripeCustomerId: subscriptions.stripeCustomerId,
      interval: subscriptionPlans.interval,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.code, subscriptions.planCode))
    .where(
      data.object === "checkout"
        ? eq(subscriptions.id, data.checkout.subscriptionRowId ?? 0)
        : eq(subscriptions.stripeSubscriptionId, stripeId ?? ""),
    )
    .limit(1)
    .for("update", { of: subscriptions });
  if (!row) return false;

  let incoming: IncomingSubscriptionState = { status: null, currentPeriodEnd: null, cancelAtPeriodEnd: null };
  const links: { stripeSubscriptionId?: string; stripeCustomerId?: string } = {};
  if (data.object === "subscription") {
    incoming = fromStripeSubscription(data.subscription);
  } else if (data.object === "invoice") {
    incoming = { status: "ACTIVE", currentPeriodEnd: data.paidPeriodEnd, cancelAtPeriodEnd: null };
  } else {
    const checkout = data.checkout;
    // Only the session this shop created for the row counts.
    if (row.stripeCheckoutSessionId !== checkout.sessionId) return false;
    if (checkout.stripeSubscriptionId && row.stripeSubscriptionId && checkout.stripeSubscriptionId !== row.stripeSubscriptionId) return false;
    if (checkout.stripeSubscriptionId && !row.stripeSubscriptionId) links.stripeSubscriptionId = checkout.stripeSubscriptionId;
    if (checkout.stripeCustomerId && !row.stripeCustomerId) links.stripeCustomerId = checkout.stripeCustomerId;
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
  }

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
  return true;
}

function fromStripeSubscription(subscription: StripeSubscriptionState): IncomingSubscriptionState {
  return {
    status: statusFromStripe(subscription.status),
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
