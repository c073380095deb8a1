/**
 * Stripe behind the payment port (docs/decisions/032): an order's pay-now amount is taken on a
 * Stripe Checkout page (the gateway of app/payment/stripe.server.ts, Stripe's official SDK), its
 * reference is the Checkout Session id (`cs_…`), the customer comes back to the shop's return page
 * with `?session_id=`, and Stripe's webhooks are verified with the endpoint's signing secret.
 * Stripe's "try again later" failures become `{ kind: "unavailable" }`; a malformed request is a
 * bug and still throws.
 */
import type { PaymentProvider, PaymentWebhookOutcome } from "./provider";
import { type PaymentGateway, PaymentUnavailableError, WebhookSignatureError } from "./stripe.server";

/** The return page's parameter Stripe fills with the Checkout Session id. */
const RETURN_PARAMETER = "session_id";

/** What the shop does with each Checkout Session event of an order. */
const PAYMENT_RESULTS: Record<string, "paid" | "failed" | "expired"> = {
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

function unavailable(error: unknown) {
  if (error instanceof PaymentUnavailableError) return { kind: "unavailable" as const, reason: error.message };
  throw error;
}

/**
 * The Stripe provider over a gateway (the configured one, or in tests one pointed at the msw
 * handlers of tests/mocks/stripe.ts).
 */
export function createStripeProvider(gateway: PaymentGateway): PaymentProvider {
  return {
    name: "stripe",
    paysOnShopPage: false,
    refundsMoney: true,
    subscriptions: gateway,

    async start(request) {
      try {
        const session = await gateway.createCheckoutSession({
          orderId: request.orderId,
          orderNumber: request.orderNumber,
          email: request.email,
          locale: request.locale,
          lineItems: request.lineItems,
          successUrl: `${request.returnUrl}?${RETURN_PARAMETER}={CHECKOUT_SESSION_ID}`,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
          idempotencyKey: request.idempotencyKey,
        });
        return { kind: "redirect", url: session.url, reference: session.sessionId };
      } catch (error) {
        return unavailable(error);
      }
    },

    async status(reference) {
      try {
        const session = await gateway.retrieveCheckoutSession(reference);
        if (!session) return { kind: "missing" };
        return { kind: "found", reference, orderId: session.orderId, status: session.status, paid: session.paymentStatus === "paid" };
      } catch (error) {
        return unavailable(error);
      }
    },

    async cancel(reference) {
      try {
        const session = await gateway.expireCheckoutSession(reference);
        if (!session) return { kind: "missing" };
        return session.paymentStatus === "paid" ? { kind: "paid" } : { kind: "cancelled" };
      } catch (error) {
        return unavailable(error);
      }
    },

    async refund({ orderId, reference }) {
      try {
        return { kind: "refunded", reference: (await gateway.refundCheckoutPayment({ orderId, sessionId: reference })).refundId };
      } catch (error) {
        if (error instanceof PaymentUnavailableError) return { kind: "unavailable", reason: error.message };
        // No such session, nothing paid on it, already refunded: Stripe's answer, by name only.
        return { kind: "not-possible", reason: error instanceof Error ? error.name : typeof error };
      }
    },

    parseWebhook(rawBody, headers): PaymentWebhookOutcome {
      let event;
      try {
        event = gateway.verifyWebhook(rawBody, headers.get("stripe-signature"));
      } catch (error) {
        if (error instanceof WebhookSignatureError) return { kind: "invalid", reason: error.message };
        throw error;
      }
      if (event.subscription) return { kind: "subscription", eventId: event.eventId, type: event.type, data: event.subscription };
      if (!event.session) return { kind: "ignored", eventId: event.eventId, type: event.type };
      const result =
        event.type === "checkout.session.completed"
          ? event.session.paymentStatus === "paid"
            ? "paid"
            : "other"
          : (PAYMENT_RESULTS[event.type] ?? "other");
      return {
        kind: "payment",
        eventId: event.eventId,
        type: event.type,
        reference: event.session.sessionId,
        orderId: event.session.orderId,
        result,
      };
    },

    returnReference(params) {
      const reference = params.get(RETURN_PARAMETER);
      return reference && /^cs_[\w]+$/.test(reference) ? reference : null;
    },
  };
}
