/**
 * POST /webhooks/stripe (issue 7 §3; DESIGN §3; docs/decisions/032): Stripe's events, read and
 * verified by the Stripe payment provider on the raw body with `STRIPE_WEBHOOK_SECRET`. An order's
 * payment (`checkout.session.completed` paid, `async_payment_succeeded`; `expired`,
 * `async_payment_failed`) goes through the same idempotent completion as the return page
 * (`applyPaymentWebhook`); subscription events (`customer.subscription.*`, `invoice.paid`,
 * Checkout Sessions in subscription mode; issue 8 §8) through the one idempotent
 * `handleSubscriptionWebhook`, which answers "unavailable" (503, nothing recorded, Stripe
 * delivers again) when Stripe cannot be reached. A bad signature answers 400 and changes nothing;
 * replays change nothing.
 */
import { data } from "react-router";
import { applyPaymentWebhook } from "~/orders/payment.server";
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { paymentProviderNamed } from "~/payment/registry.server";
import { handleSubscriptionWebhook } from "~/subscriptions/subscription-events.server";
import type { Route } from "./+types/webhooks.stripe";

export async function action({ request, context }: Route.ActionArgs) {
  const stripe = paymentProviderNamed("stripe");
  if (!stripe) throw data(null, { status: 404 });
  const event = stripe.parseWebhook(await request.text(), request.headers);
  const { db } = context.get(shopContext);
  switch (event.kind) {
    case "invalid":
      console.error("payment: webhook refused (bad signature)");
      return data({ error: "bad signature" }, { status: 400 });
    case "subscription": {
      if (!stripe.subscriptions) return data({ received: true });
      const outcome = await handleSubscriptionWebhook(db, stripe.subscriptions, { eventId: event.eventId, type: event.type, data: event.data });
      // Stripe retries a failed delivery: the event is not recorded, so the retry applies it.
      if (outcome === "unavailable") return data({ error: "payment unavailable" }, { status: 503 });
      console.log(`payment: webhook ${event.type} ${event.eventId} subscription ${outcome}`);
      return data({ received: true });
    }
    case "payment":
      console.log(`payment: webhook ${event.type} ${event.eventId}${event.orderId ? ` order ${event.orderId}` : ""}`);
      await applyPaymentWebhook(db, stripe, event, shopOrigin(request));
      return data({ received: true });
    case "ignored":
      console.log(`payment: webhook ${event.type} ${event.eventId}`);
      return data({ received: true });
  }
}

/** Stripe only POSTs here. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
