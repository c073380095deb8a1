/**
 * The subscription side of the Stripe gateway against the msw mock of Stripe's API:
 * a Checkout Session in subscription mode, retrieval with the subscription expanded, cancellation
 * at period end, and what verified webhook events carry (for a subscription event or a paid
 * invoice, only the subscription it names, in any API version: the state is retrieved).
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutSessionEvent,
  completeSubscriptionSession,
  paidInvoiceJson,
  resetStripeMock,
  signedWebhook,
  stripeEvent,
  stripeHandlers,
  stripeOutage,
  stripeSessions,
} from "../../tests/mocks/stripe";
import { createStripeGateway, PaymentUnavailableError, type SubscriptionCheckoutRequest } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_subscriptions";
const server = setupServer(...stripeHandlers);
const gateway = createStripeGateway({ secretKey: "sk_test_cuvee", webhookSecret: WEBHOOK_SECRET, maxNetworkRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  resetStripeMock();
});
afterAll(() => server.close());

const request: SubscriptionCheckoutRequest = {
  subscriptionId: 42,
  planCode: "DISCOVERY_1",
  planName: "Forfait découverte 1",
  amountCents: 29_000,
  interval: "month",
  email: "client@example.ca",
  locale: "en-US",
  successUrl: "https://cuvee.test/subscriptions/return?subscription=42",
  cancelUrl: "https://cuvee.test/discovery",
};

function verify(type: string, object: object) {
  const { body, signature } = signedWebhook(stripeEvent(type, object, "evt_test_x"), WEBHOOK_SECRET);
  return gateway.verifyWebhook(body, signature);
}

describe("subscription Checkout Sessions", () => {
  it("creates one in subscription mode with a recurring price in cad, the row id and the plan as metadata", async () => {
    const { sessionId, url } = await gateway.createSubscriptionCheckoutSession(request);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const [session] = stripeSessions();
    expect(session).toMatchObject({
      mode: "subscription",
      currency: "cad",
      customer_email: "client@example.ca",
      client_reference_id: "42",
      locale: "en",
      metadata: { subscriptionId: "42", planCode: "DISCOVERY_1" },
      subscriptionMetadata: { subscriptionId: "42", planCode: "DISCOVERY_1" },
      idempotencyKey: "subscription-42-checkout-en-US",
    });
    expect(session!.lineItems).toEqual([
      { name: "Forfait découverte 1", amountCents: 29_000, quantity: 1, currency: "cad", interval: "month" },
    ]);
    // The same request again (a retry) gets the same session back.
    expect((await gateway.createSubscriptionCheckoutSession(request)).sessionId).toBe(sessionId);
    expect(stripeSessions()).toHaveLength(1);
  });

  it("opens the purchase again in the other language rather than being refused for reusing its key", async () => {
    await gateway.createSubscriptionCheckoutSession(request);
    const french = await gateway.createSubscriptionCheckoutSession({ ...request, locale: "fr-CA", planName: "Forfait découverte 1 (fr)" });
    const [, session] = stripeSessions();
    expect(session).toMatchObject({ id: french.sessionId, locale: "fr-CA", idempotencyKey: "subscription-42-checkout-fr-CA" });
    expect(session!.lineItems[0]!.name).toBe("Forfait découverte 1 (fr)");
  });

  it("refuses a price that is not a positive integer of cents, and says when Stripe is down", async () => {
    await expect(gateway.createSubscriptionCheckoutSession({ ...request, amountCents: 0 })).rejects.toThrow(TypeError);
    await expect(gateway.createSubscriptionCheckoutSession({ ...request, amountCents: 12.5 })).rejects.toThrow(TypeError);
    stripeOutage(true);
    await expect(gateway.createSubscriptionCheckoutSession(request)).rejects.toThrow(PaymentUnavailableError);
    await expect(gateway.retrieveSubscription("sub_test_x")).rejects.toThrow(PaymentUnavailableError);
    expect(stripeSessions()).toEqual([]);
  });

  it("retrieves a completed session with its subscription, and cancels the subscription at period end", async () => {
    const { sessionId } = await gateway.createSubscriptionCheckoutSession(request);
    const open = await gateway.retrieveSubscriptionCheckout(sessionId);
    expect(open).toMatchObject({ status: "open", subscriptionRowId: 42, subscription: null, stripeSubscriptionId: null });
    expect(open?.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const { subscription } = completeSubscriptionSession(sessionId);
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000);
    const done = await gateway.retrieveSubscriptionCheckout(sessionId);
    expect(done).toEqual({
      sessionId,
      subscriptionRowId: 42,
      url: null,
      status: "complete",
      paymentStatus: "paid",
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      subscription: {
        stripeSubscriptionId: subscription.id,
        stripeCustomerId: subscription.customer,
        subscriptionRowId: 42,
        planCode: "DISCOVERY_1",
        status: "active",
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
      },
    });

    expect(await gateway.cancelSubscriptionAtPeriodEnd(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
      currentPeriodEnd: periodEnd,
    });
    expect(await gateway.retrieveSubscription(subscription.id)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await gateway.retrieveSubscription("sub_test_missing")).toBeNull();
    expect(await gateway.retrieveSubscriptionCheckout("cs_test_missing")).toBeNull();
  });
});

describe("verifyWebhook for subscriptions", () => {
  it("reads a subscription event for the subscription it names only, whatever the endpoint's API version", async () => {
    const { sessionId } = await gateway.createSubscriptionCheckoutSession(request);
    const { subscription } = completeSubscriptionSession(sessionId);
    const named = {
      eventId: "evt_test_x",
      type: "customer.subscription.updated",
      session: null,
      subscription: { object: "subscription", stripeSubscriptionId: subscription.id },
    };
    expect(verify("customer.subscription.updated", { ...subscription, status: "past_due", cancel_at_period_end: true })).toEqual(named);
    // Before API 2025-03-31 the period was on the subscription, not on its items.
    const { items: _items, ...older } = subscription;
    expect(verify("customer.subscription.updated", { ...older, current_period_end: 1_700_000_000 })).toEqual(named);
  });

  it("reads a paid invoice for its subscription (API 2025+ parent, or the older top-level field), and leaves other invoices alone", async () => {
    const { sessionId } = await gateway.createSubscriptionCheckoutSession(request);
    const { subscription } = completeSubscriptionSession(sessionId);
    const named = { object: "subscription", stripeSubscriptionId: subscription.id };
    const invoice = paidInvoiceJson(subscription.id) as Record<string, unknown>;
    expect(verify("invoice.paid", invoice).subscription).toEqual(named);
    const { parent: _parent, ...legacy } = invoice;
    expect(verify("invoice.paid", { ...legacy, subscription: subscription.id }).subscription).toEqual(named);
    const oneOff = { id: "in_test_one_off", object: "invoice", customer: "cus_x", parent: null, lines: { object: "list", data: [] } };
    expect(verify("invoice.paid", oneOff)).toEqual({ eventId: "evt_test_x", type: "invoice.paid", session: null });
  });

  it("gives a subscription-mode Checkout Session to the subscriptions, not to the orders", async () => {
    const { sessionId } = await gateway.createSubscriptionCheckoutSession(request);
    const { session } = completeSubscriptionSession(sessionId);
    const { body, signature } = signedWebhook(checkoutSessionEvent("checkout.session.completed", session), WEBHOOK_SECRET);
    const event = gateway.verifyWebhook(body, signature);
    expect(event.session).toBeNull();
    expect(event.subscription).toMatchObject({
      object: "checkout",
      checkout: { sessionId, status: "complete", paymentStatus: "paid", subscriptionRowId: 42 },
    });
  });
});
