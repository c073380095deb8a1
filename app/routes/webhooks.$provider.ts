/**
 * POST /webhooks/:provider (docs/product.md#orders-and-payment; docs/decisions/032): a payment provider's
 * events, read and verified by that provider on the raw body — /webhooks/stripe: Stripe's, with
 * `STRIPE_WEBHOOK_SECRET`. A provider not configured, or one that sends none, answers 404. An order's
 * payment (`checkout.session.completed` paid, `async_payment_succeeded`; `expired`,
 * `async_payment_failed`) goes through the same idempotent completion as the return page
 * (`applyPaymentWebhook`); subscription events (`customer.subscription.*`, `invoice.paid`,
 * Checkout Sessions in subscription mode) through the one idempotent
 * `handleSubscriptionWebhook`, which answers "unavailable" (503, nothing recorded, Stripe
 * delivers again) when Stripe cannot be reached. A bad signature answers 400 and changes nothing;
 * replays change nothing.
 */
import { data } from "react-router";
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { applyPaymentWebhook } from "~/orders/payment.server";
import { paymentProviders } from "~/payment/registry.server";
import { handleSubscriptionWebhook } from "~/subscriptions/subscription-events.server";
import type { Route } from "./+types/webhooks.$provider";

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = paymentProviders().find((registered) => registered.name === params.provider);
  if (!provider?.parseWebhook) throw data(null, { status: 404 });
  const event = provider.parseWebhook(await request.text(), request.headers);
  const { db } = context.get(shopContext);
  switch (event.kind) {
    case "invalid":
      console.error("payment: webhook refused (bad signature)");
      return data({ error: "bad signature" }, { status: 400 });
    case "subscription": {
      if (!provider.subscriptions) return data({ received: true });
      const outcome = await handleSubscriptionWebhook(db, provider.subscriptions, {
        eventId: event.eventId,
        type: event.type,
        data: event.data,
      });
      // Stripe retries a failed delivery: the event is not recorded, so the retry applies it.
      if (outcome === "unavailable") return data({ error: "payment unavailable" }, { status: 503 });
      console.log(`payment: webhook ${event.type} ${event.eventId} subscription ${outcome}`);
      return data({ received: true });
    }
    case "payment":
      console.log(`payment: webhook ${event.type} ${event.eventId}${event.orderId ? ` order ${event.orderId}` : ""}`);
      await applyPaymentWebhook(db, provider, event, shopOrigin(request));
      return data({ received: true });
    case "ignored":
      console.log(`payment: webhook ${event.type} ${event.eventId}`);
      return data({ received: true });
  }
}

/** Providers only POST here. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
