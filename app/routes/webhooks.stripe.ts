/**
 * POST /webhooks/stripe (issue 7 §3; DESIGN §3): Stripe's events, signature verified on the raw
 * body with `STRIPE_WEBHOOK_SECRET`. `checkout.session.completed` with `payment_status=paid` and
 * `checkout.session.async_payment_succeeded` complete the order through the same idempotent
 * function as the return page; `checkout.session.expired` and `async_payment_failed` cancel it
 * and give its stock back. Subscription events (`customer.subscription.*`, `invoice.paid`,
 * Checkout Sessions in subscription mode; issue 8 §8) go through the one idempotent
 * `handleSubscriptionWebhook`, which applies the subscription's current state retrieved from
 * Stripe (an event that comes before its purchase's completion links the purchase first); when
 * Stripe cannot be reached, the answer is 503 and nothing is recorded, so Stripe delivers the event
 * again. A bad signature answers 400 and changes nothing; replays change nothing.
 */
import { data } from "react-router";
import { cancelOrder, getOrderById } from "~/orders/orders.server";
import { finishPaidOrder, paymentGateway } from "~/orders/payment.server";
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { PaymentUnavailableError, WebhookSignatureError } from "~/payment/stripe.server";
import { handleSubscriptionWebhook } from "~/subscriptions/subscription-events.server";
import type { Route } from "./+types/webhooks.stripe";

export async function action({ request, context }: Route.ActionArgs) {
  const stripe = paymentGateway();
  if (!stripe) throw data(null, { status: 404 });
  const raw = await request.text();
  let event;
  try {
    event = stripe.verifyWebhook(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    console.error("payment: webhook refused (bad signature)");
    return data({ error: "bad signature" }, { status: 400 });
  }
  const { db } = context.get(shopContext);
  if (event.subscription) {
    try {
      const outcome = await handleSubscriptionWebhook(db, stripe, { eventId: event.eventId, type: event.type, data: event.subscription });
      console.log(`payment: webhook ${event.type} ${event.eventId} subscription ${outcome}`);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      // Stripe retries a failed delivery: the event is not recorded, so the retry applies it.
      return data({ error: "payment unavailable" }, { status: 503 });
    }
    return data({ received: true });
  }
  const orderId = event.session?.orderId ?? null;
  console.log(`payment: webhook ${event.type} ${event.eventId}${orderId ? ` order ${orderId}` : ""}`);
  // Only a session this shop created for that order counts (a test account may serve several shops).
  const order = orderId !== null ? await getOrderById(db, orderId) : null;
  if (order && order.order.stripeSessionId === event.session?.sessionId) {
    const origin = shopOrigin(request);
    if (
      (event.type === "checkout.session.completed" && event.session?.paymentStatus === "paid") ||
      event.type === "checkout.session.async_payment_succeeded"
    ) {
      await finishPaidOrder(db, order.order.id, origin);
    } else if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
      await cancelOrder(db, order.order.id);
    }
  }
  return data({ received: true });
}

/** Stripe only POSTs here. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
