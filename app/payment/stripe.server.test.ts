import { setupServer } from "msw/node";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutSessionEvent,
  expireSession,
  markSessionPaid,
  resetStripeMock,
  signedWebhook,
  stripeHandlers,
  stripeOutage,
  stripeSessions,
} from "../../tests/mocks/stripe";
import {
  type CheckoutPaymentRequest,
  createStripeGateway,
  PaymentUnavailableError,
  STRIPE_API_VERSION,
  WebhookSignatureError,
} from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_secret";
const server = setupServer(...stripeHandlers);
const gateway = createStripeGateway({ secretKey: "sk_test_cuvee", webhookSecret: WEBHOOK_SECRET, maxNetworkRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  resetStripeMock();
});
afterAll(() => server.close());

function request(overrides: Partial<CheckoutPaymentRequest> = {}): CheckoutPaymentRequest {
  return {
    orderId: 123,
    orderNumber: "C-000123",
    email: "client@example.ca",
    locale: "fr-CA",
    lineItems: [
      { name: "Frais d'agence", amountCents: 4_500 },
      { name: "Boutique", amountCents: 2_999 },
      { name: "TPS", amountCents: 375 },
      { name: "TVQ", amountCents: 748 },
    ],
    successUrl: "https://cuvee.test/commande/C-000123/merci?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://cuvee.test/commande/C-000123",
    // A fixed expiry (derived from the order, not from "now" at each call) keeps the request
    // identical, as Stripe's idempotency key requires.
    expiresAt: FIXED_EXPIRY,
    ...overrides,
  };
}
const FIXED_EXPIRY = Math.floor(Date.now() / 1000) + 2 * 3600;

describe("createCheckoutSession", () => {
  it("sends the amounts in cents, currency cad, the order's metadata and locale", async () => {
    const { sessionId, url } = await gateway.createCheckoutSession(request());
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const [session] = stripeSessions();
    expect(session).toMatchObject({
      id: sessionId,
      currency: "cad",
      mode: "payment",
      amount_total: 8_622,
      customer_email: "client@example.ca",
      client_reference_id: "C-000123",
      locale: "fr-CA",
      metadata: { orderId: "123", orderNumber: "C-000123" },
      paymentIntentMetadata: { orderId: "123", orderNumber: "C-000123" },
      success_url: "https://cuvee.test/commande/C-000123/merci?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://cuvee.test/commande/C-000123",
      expires_at: FIXED_EXPIRY,
      idempotencyKey: "order-123-checkout",
    });
    expect(session!.lineItems).toEqual([
      { name: "Frais d'agence", amountCents: 4_500, quantity: 1, currency: "cad" },
      { name: "Boutique", amountCents: 2_999, quantity: 1, currency: "cad" },
      { name: "TPS", amountCents: 375, quantity: 1, currency: "cad" },
      { name: "TVQ", amountCents: 748, quantity: 1, currency: "cad" },
    ]);
  });

  it("maps en-US to Stripe's en locale", async () => {
    await gateway.createCheckoutSession(request({ locale: "en-US" }));
    expect(stripeSessions()[0]!.locale).toBe("en");
  });

  it("is idempotent per order: the same request twice gives the same session", async () => {
    const first = await gateway.createCheckoutSession(request());
    const second = await gateway.createCheckoutSession(request());
    expect(second).toEqual(first);
    expect(stripeSessions()).toHaveLength(1);

    const other = await gateway.createCheckoutSession(request({ orderId: 124, orderNumber: "C-000124" }));
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(stripeSessions()).toHaveLength(2);
  });

  it("reports Stripe's idempotency error (same order, other parameters) as unavailable, keeping the cause", async () => {
    await gateway.createCheckoutSession(request());
    const error = await gateway.createCheckoutSession(request({ locale: "en-US" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentUnavailableError);
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("expires an open session, and reports a paid one as complete instead", async () => {
    const open = await gateway.createCheckoutSession(request());
    expect((await gateway.expireCheckoutSession(open.sessionId))?.status).toBe("expired");
    resetStripeMock();
    const paid = await gateway.createCheckoutSession(request());
    markSessionPaid(paid.sessionId);
    const state = await gateway.expireCheckoutSession(paid.sessionId);
    expect(state).toMatchObject({ status: "complete", paymentStatus: "paid" });
    expect(await gateway.expireCheckoutSession("cs_test_missing")).toBeNull();
  });

  it("refuses malformed requests without calling Stripe", async () => {
    await expect(gateway.createCheckoutSession(request({ lineItems: [] }))).rejects.toThrow(TypeError);
    await expect(gateway.createCheckoutSession(request({ lineItems: [{ name: "Boutique", amountCents: 12.5 }] }))).rejects.toThrow(
      TypeError,
    );
    await expect(gateway.createCheckoutSession(request({ lineItems: [{ name: "Boutique", amountCents: 0 }] }))).rejects.toThrow(TypeError);
    await expect(gateway.createCheckoutSession(request({ successUrl: "https://cuvee.test/merci" }))).rejects.toThrow(TypeError);
    expect(stripeSessions()).toHaveLength(0);
  });

  it("throws PaymentUnavailableError during an outage", async () => {
    stripeOutage(true);
    const error = await gateway.createCheckoutSession(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentUnavailableError);
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

describe("retrieveCheckoutSession", () => {
  it("reports an open session, then the paid one after payment", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    expect(await gateway.retrieveCheckoutSession(sessionId)).toEqual({
      sessionId,
      orderId: 123,
      paymentStatus: "unpaid",
      status: "open",
      amountTotalCents: 8_622,
    });

    markSessionPaid(sessionId);
    expect(await gateway.retrieveCheckoutSession(sessionId)).toEqual({
      sessionId,
      orderId: 123,
      paymentStatus: "paid",
      status: "complete",
      amountTotalCents: 8_622,
    });
  });

  it("reports an expired session", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    expireSession(sessionId);
    expect(await gateway.retrieveCheckoutSession(sessionId)).toMatchObject({ status: "expired", paymentStatus: "unpaid" });
  });

  it("returns null for an unknown session", async () => {
    expect(await gateway.retrieveCheckoutSession("cs_test_nope")).toBeNull();
  });

  it("throws PaymentUnavailableError during an outage", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    stripeOutage(true);
    await expect(gateway.retrieveCheckoutSession(sessionId)).rejects.toBeInstanceOf(PaymentUnavailableError);
  });

  it("throws PaymentUnavailableError when Stripe cannot be reached", async () => {
    const offline = createStripeGateway({ secretKey: "sk_test_cuvee", webhookSecret: undefined, maxNetworkRetries: 0 });
    const { http, HttpResponse } = await import("msw");
    server.use(http.get("https://api.stripe.com/v1/checkout/sessions/:id", () => HttpResponse.error()));
    await expect(offline.retrieveCheckoutSession("cs_test_x")).rejects.toBeInstanceOf(PaymentUnavailableError);
  });
});

describe("verifyWebhook", () => {
  it("returns the session state of a correctly signed checkout event", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    const event = checkoutSessionEvent("checkout.session.completed", markSessionPaid(sessionId), "evt_test_1");
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect(gateway.verifyWebhook(body, signature)).toEqual({
      eventId: "evt_test_1",
      type: "checkout.session.completed",
      session: { sessionId, orderId: 123, paymentStatus: "paid", status: "complete", amountTotalCents: 8_622 },
    });
  });

  it("handles the expired event", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    const { body, signature } = signedWebhook(checkoutSessionEvent("checkout.session.expired", expireSession(sessionId)), WEBHOOK_SECRET);
    expect(gateway.verifyWebhook(body, signature)).toMatchObject({
      type: "checkout.session.expired",
      session: { sessionId, orderId: 123, status: "expired", paymentStatus: "unpaid" },
    });
  });

  it("returns session null for an unrelated event type", () => {
    const event = { ...checkoutSessionEvent("charge.succeeded", { id: "ch_1", object: "charge" }, "evt_test_2") };
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect(gateway.verifyWebhook(body, signature)).toEqual({ eventId: "evt_test_2", type: "charge.succeeded", session: null });
  });

  it("rejects a tampered body, a wrong secret, a missing header and an unparseable body", async () => {
    const { sessionId } = await gateway.createCheckoutSession(request());
    const event = checkoutSessionEvent("checkout.session.completed", markSessionPaid(sessionId));
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);

    expect(() => gateway.verifyWebhook(body.replace('"amount_total":8622', '"amount_total":1'), signature)).toThrow(WebhookSignatureError);
    const forged = signedWebhook(event, "whsec_wrong");
    expect(() => gateway.verifyWebhook(forged.body, forged.signature)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, null)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, "garbage")).toThrow(WebhookSignatureError);
    const notJson = "not json";
    const signedNotJson = Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: WEBHOOK_SECRET });
    expect(() => gateway.verifyWebhook(notJson, signedNotJson)).toThrow(WebhookSignatureError);
  });

  it("always rejects when no webhook secret is configured", () => {
    const unconfigured = createStripeGateway({ secretKey: "sk_test_cuvee", webhookSecret: undefined, maxNetworkRetries: 0 });
    const { body, signature } = signedWebhook(checkoutSessionEvent("charge.succeeded", {}), WEBHOOK_SECRET);
    expect(() => unconfigured.verifyWebhook(body, signature)).toThrow(WebhookSignatureError);
  });
});

it("pins the API version the SDK ships with", () => {
  expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
});
