/**
 * Stripe Checkout gateway (docs/product.md#orders-and-payment "Orders and payment"): the one place that talks to Stripe.
 *
 * The rest of the app sees plain objects ({@link CheckoutSessionState}, {@link CheckoutWebhookEvent})
 * and two error classes, never a Stripe type: an order is paid through the hosted Checkout page,
 * in CAD, with one idempotency key per order, and becomes PAID from the verified webhook or the
 * return page (whichever comes first).
 *
 * Subscriptions go through the same gateway: a Checkout Session in subscription mode,
 * the subscription's state ({@link StripeSubscriptionState}), cancellation at period end, and the
 * webhook events of subscriptions, their invoices and their Checkout Sessions
 * ({@link SubscriptionWebhookData}). A subscription event or a paid invoice is read for the
 * subscription it names and nothing else: its payload follows the endpoint's API version and may
 * be delivered late, so the caller retrieves the subscription's current state
 * ({@link PaymentGateway.retrieveSubscription}, in this SDK's API version).
 *
 * Amounts are integer cents (CAD) throughout.
 */
import Stripe from "stripe";
import { isRowId } from "~/db/row-id";

/** What is needed to open a hosted Checkout page for an order. Amounts are integer cents (CAD). */
export interface CheckoutPaymentRequest {
  orderId: number;
  /** The customer-facing order number, e.g. "C-000123". */
  orderNumber: string;
  email: string;
  /** The shop's locale; Stripe Checkout is shown in "fr-CA" or "en". */
  locale: "fr-CA" | "en-US";
  /**
   * What is paid now, each an integer amount in cents (CAD), > 0, quantity 1 each: e.g.
   * "Agency fees", "Boutique", "GST", "QST". Sum = the order's pay-now amount.
   */
  lineItems: { name: string; amountCents: number }[];
  /** Must contain the literal "{CHECKOUT_SESSION_ID}" placeholder (Stripe fills it in). */
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds when the hosted session expires (Stripe allows 30 min to 24 h from now). */
  expiresAt: number;
  /**
   * The idempotency key when an order may need more than one session (a reservation's order lives
   * 5 days, a session at most 24 h: decision 018); `order-${orderId}-checkout` when absent.
   */
  idempotencyKey?: string;
}

/** A Checkout Session as the app needs it. */
export interface CheckoutSessionState {
  sessionId: string;
  /** `metadata.orderId` as a number, or null when missing or not a positive integer. */
  orderId: number | null;
  /** An unknown value from a newer API is reported as "unpaid" (never taken for a payment). */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** An unknown or missing value is reported as "open". */
  status: "open" | "complete" | "expired";
  /** Total of the session in integer cents (CAD); 0 when Stripe gives none. */
  amountTotalCents: number;
}

/**
 * A verified webhook event. `session` is null for event types the shop does not handle and for
 * Checkout Sessions in subscription mode; `subscription` is there only for the subscription events
 * (`customer.subscription.created|updated|deleted`, `invoice.paid` of a subscription, and
 * `checkout.session.*` in subscription mode).
 */
export interface CheckoutWebhookEvent {
  eventId: string;
  type: string;
  session: CheckoutSessionState | null;
  subscription?: SubscriptionWebhookData;
}

/** What is needed to open a hosted Checkout page for a subscription. Amounts are integer cents (CAD). */
export interface SubscriptionCheckoutRequest {
  /** The shop's subscription row id: `client_reference_id`, and metadata of the session and the subscription. */
  subscriptionId: number;
  planCode: string;
  /** The plan's name in the customer's language, shown on Stripe's page and invoices. */
  planName: string;
  /** The price of one period, integer cents (CAD), > 0. */
  amountCents: number;
  interval: "month" | "year";
  email: string;
  locale: "fr-CA" | "en-US";
  successUrl: string;
  cancelUrl: string;
}

/** A Stripe subscription as the app needs it. */
export interface StripeSubscriptionState {
  stripeSubscriptionId: string;
  stripeCustomerId: string | null;
  /** `metadata.subscriptionId` (the shop's row id), or null when missing or not a positive integer. */
  subscriptionRowId: number | null;
  /** `metadata.planCode`, or null. */
  planCode: string | null;
  /** Stripe's status as it says it: active, trialing, past_due, unpaid, paused, canceled, incomplete, incomplete_expired. */
  status: string;
  /**
   * End of the current period: the latest `items.data[].current_period_end` (API 2025+ keeps it on
   * the items), or null. Stripe moves it forward when a period starts, before the renewal invoice
   * is paid: it is paid for only while the status is active.
   */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A Checkout Session in subscription mode. */
export interface SubscriptionCheckoutState {
  sessionId: string;
  /** `metadata.subscriptionId` (the shop's row id), or null. */
  subscriptionRowId: number | null;
  /** The hosted page while the session is open, else null. */
  url: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  /** The subscription when Stripe expanded it (a retrieval); null in webhooks, which carry only its id. */
  subscription: StripeSubscriptionState | null;
}

/**
 * What a subscription webhook event carries, by the kind of object: a subscription event
 * (`customer.subscription.*`) or a paid invoice of a subscription (`invoice.paid`) names the
 * subscription only (read the same way from any API version: `data.object.id`, or the invoice's
 * `parent.subscription_details.subscription`, formerly `subscription`); a Checkout Session in
 * subscription mode carries its state (ids, status, metadata: the same in every version).
 */
export type SubscriptionWebhookData =
  { object: "subscription"; stripeSubscriptionId: string } | { object: "checkout"; checkout: SubscriptionCheckoutState };

/** The payment provider, as the order code uses it (tests and the app share this interface). */
export interface PaymentGateway {
  /**
   * Creates a Checkout Session: mode payment, currency cad, one line per `lineItems` entry
   * (quantity 1), `customer_email`, `client_reference_id` = orderNumber, metadata
   * `{ orderId, orderNumber }` on the session and on the PaymentIntent, idempotency key
   * `order-${orderId}-checkout`.
   *
   * Stripe replays the first answer to an idempotency key for 24 h and refuses the same key with
   * different parameters (a `StripeIdempotencyError`): call it again for the same order with
   * exactly the same request (same URLs, locale, `expiresAt`) to get the same session back.
   *
   * @returns `{ sessionId, url }`, `url` being the hosted page to redirect the customer to.
   * @throws TypeError when the request is malformed (no line items, an amount that is not a
   *   positive integer, a success URL without "{CHECKOUT_SESSION_ID}"); nothing is sent.
   * @throws PaymentUnavailableError when Stripe cannot be reached or answers 5xx or 429.
   * @throws any other Stripe error (invalid request, authentication, idempotency) unchanged.
   */
  createCheckoutSession(request: CheckoutPaymentRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Retrieves a Checkout Session's state.
   * @returns the state, or null when Stripe has no such session (404).
   * @throws PaymentUnavailableError when Stripe cannot be reached or answers 5xx or 429.
   * @throws any other Stripe error unchanged.
   */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /**
   * Verifies a webhook's `Stripe-Signature` against the raw request body (do not re-serialize
   * the body: verify the exact bytes received).
   * @returns `{ eventId, type, session }` with the session's state for
   *   checkout.session.completed, checkout.session.async_payment_succeeded,
   *   checkout.session.async_payment_failed and checkout.session.expired; `session: null` for any
   *   other type.
   * @throws WebhookSignatureError on a missing or bad signature, a timestamp outside Stripe's
   *   tolerance (5 min), an unparseable body, or when no webhook secret is configured.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): CheckoutWebhookEvent;
  /**
   * Expires an open session so it can no longer be paid (before an order is cancelled). Returns the
   * session's state afterwards: `status: "expired"`, or `"complete"` when it was paid first (the
   * caller completes the order instead); null when Stripe has no such session.
   * Throws PaymentUnavailableError when Stripe cannot be reached.
   */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /**
   * Creates a Checkout Session in subscription mode: one line item, `price_data` in cad with
   * `recurring.interval`, `customer_email`, `client_reference_id` = the subscription id, metadata
   * `{ subscriptionId, planCode }` on the session and on the subscription (`subscription_data`),
   * idempotency key `subscription-${subscriptionId}-checkout-${locale}`: the plan's name and the
   * page's language follow the locale, so a purchase started again in the other language is a new
   * request, not a refused replay (call again with the same request to get the same session back).
   * Stripe expires it after 24 hours.
   * @returns `{ sessionId, url }`.
   * @throws TypeError when the amount is not a positive integer (nothing is sent).
   * @throws PaymentUnavailableError when Stripe cannot be reached or answers 5xx or 429.
   */
  createSubscriptionCheckoutSession(request: SubscriptionCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Retrieves a subscription-mode Checkout Session with its subscription expanded.
   * @returns the state, or null when Stripe has no such session. @throws PaymentUnavailableError.
   */
  retrieveSubscriptionCheckout(sessionId: string): Promise<SubscriptionCheckoutState | null>;
  /**
   * Retrieves a subscription's current state (in this SDK's API version, whatever the webhook
   * endpoint's). @returns null when Stripe has none. @throws PaymentUnavailableError.
   */
  retrieveSubscription(stripeSubscriptionId: string): Promise<StripeSubscriptionState | null>;
  /**
   * Cancels a subscription at the end of its paid period (`cancel_at_period_end: true`).
   * @returns the subscription afterwards, or null when Stripe has none.
   * @throws PaymentUnavailableError when Stripe cannot be reached.
   */
  cancelSubscriptionAtPeriodEnd(stripeSubscriptionId: string): Promise<StripeSubscriptionState | null>;
  /**
   * Refunds the whole payment of an order's Checkout Session (decision 019): reads the
   * session's PaymentIntent, then `refunds.create({ payment_intent })` with the idempotency key
   * `order-${orderId}-refund`, so two clicks or two staff refund once.
   * @returns the refund's id (`re_…`).
   * @throws RefundNotPossibleError (this module's) when Stripe has no such session or it holds no payment.
   * @throws PaymentUnavailableError when Stripe cannot be reached or answers 5xx or 429.
   * @throws any other Stripe error (e.g. the charge was already refunded) unchanged.
   */
  refundCheckoutPayment(request: { orderId: number; sessionId: string }): Promise<{ refundId: string }>;
}

/** An order's Checkout Session holds nothing to refund (unknown session, or never paid); callers see an Error named so. */
class RefundNotPossibleError extends Error {
  override name = "RefundNotPossibleError";
}

/** Stripe could not be reached, or answered 5xx or 429: try again later. `cause` is Stripe's error. */
export class PaymentUnavailableError extends Error {
  override name = "PaymentUnavailableError";
}

/** A webhook whose signature, timestamp or body cannot be trusted. `cause` is the underlying error. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** The API version this SDK (stripe 23.1.0) is typed for. */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = Stripe.API_VERSION;

const CHECKOUT_EVENT_TYPES: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

const SUBSCRIPTION_EVENT_TYPES: ReadonlySet<string> = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

const CHECKOUT_LOCALES = { "fr-CA": "fr-CA", "en-US": "en" } as const;

/**
 * Builds the Stripe gateway.
 * @param options.secretKey the Stripe secret key (`sk_test_…` / `sk_live_…`).
 * @param options.webhookSecret the endpoint's signing secret (`whsec_…`); when undefined,
 *   `verifyWebhook` always throws {@link WebhookSignatureError}.
 * @param options.maxNetworkRetries automatic retries on network errors, 409 and 5xx (default 2;
 *   tests pass 0).
 */
export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string | undefined;
  /** tests pass 0 */
  maxNetworkRetries?: number;
}): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    appInfo: { name: "Cuvée" },
    typescript: true,
  });
  const webhookSecret = options.webhookSecret;

  return {
    async createCheckoutSession(request) {
      validateRequest(request);
      const metadata = { orderId: String(request.orderId), orderNumber: request.orderNumber };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            currency: "cad",
            customer_email: request.email,
            client_reference_id: request.orderNumber,
            locale: CHECKOUT_LOCALES[request.locale],
            line_items: request.lineItems.map((item) => ({
              quantity: 1,
              price_data: { currency: "cad", unit_amount: item.amountCents, product_data: { name: item.name } },
            })),
            metadata,
            payment_intent_data: { metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: request.expiresAt,
          },
          { idempotencyKey: request.idempotencyKey ?? `order-${request.orderId}-checkout` },
        );
        if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw unavailable(error, "create a Checkout Session");
      }
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        return toSessionState(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailable(error, "retrieve a Checkout Session");
      }
    },

    async expireCheckoutSession(sessionId) {
      try {
        return toSessionState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Not open any more (paid, or already expired): say what it is now.
          if (error.statusCode === 404) return null;
          return this.retrieveCheckoutSession(sessionId);
        }
        throw unavailable(error, "expire a Checkout Session");
      }
    },

    async createSubscriptionCheckoutSession(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new TypeError(`A subscription must cost a positive integer amount of cents, got ${request.amountCents}`);
      }
      const metadata = { subscriptionId: String(request.subscriptionId), planCode: request.planCode };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            currency: "cad",
            customer_email: request.email,
            client_reference_id: String(request.subscriptionId),
            locale: CHECKOUT_LOCALES[request.locale],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "cad",
                  unit_amount: request.amountCents,
                  recurring: { interval: request.interval },
                  product_data: { name: request.planName },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `subscription-${request.subscriptionId}-checkout-${request.locale}` },
        );
        if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw unavailable(error, "create a subscription Checkout Session");
      }
    },

    async retrieveSubscriptionCheckout(sessionId) {
      try {
        return toSubscriptionCheckoutState(await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailable(error, "retrieve a subscription Checkout Session");
      }
    },

    async retrieveSubscription(stripeSubscriptionId) {
      try {
        return toSubscriptionState(await stripe.subscriptions.retrieve(stripeSubscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailable(error, "retrieve a subscription");
      }
    },

    async cancelSubscriptionAtPeriodEnd(stripeSubscriptionId) {
      try {
        return toSubscriptionState(await stripe.subscriptions.update(stripeSubscriptionId, { cancel_at_period_end: true }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailable(error, "cancel a subscription");
      }
    },

    async refundCheckoutPayment({ orderId, sessionId }) {
      let paymentIntent: string | null;
      try {
        paymentIntent = idOf((await stripe.checkout.sessions.retrieve(sessionId)).payment_intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          throw new RefundNotPossibleError(`Stripe has no Checkout Session ${sessionId}`, { cause: error });
        }
        throw unavailable(error, "retrieve a Checkout Session to refund");
      }
      if (!paymentIntent) throw new RefundNotPossibleError(`Checkout Session ${sessionId} holds no payment`);
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `order-${orderId}-refund` });
        return { refundId: refund.id };
      } catch (error) {
        throw unavailable(error, "refund a payment");
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!webhookSecret) throw new WebhookSignatureError("No Stripe webhook secret is configured");
      if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? `Bad Stripe webhook signature: ${error.message}`
            : "Unparseable Stripe webhook body",
          { cause: error },
        );
      }
      const object = event.data.object as { object?: unknown; id?: unknown } | null;
      const carries = (kind: string) => {
        if (!object || object.object !== kind || typeof object.id !== "string") {
          throw new WebhookSignatureError(`Stripe event ${event.id} (${event.type}) carries no ${kind}`);
        }
      };
      if (SUBSCRIPTION_EVENT_TYPES.has(event.type)) {
        carries("subscription");
        return {
          eventId: event.id,
          type: event.type,
          session: null,
          subscription: { object: "subscription", stripeSubscriptionId: object!.id as string },
        };
      }
      if (event.type === "invoice.paid") {
        carries("invoice");
        const stripeSubscriptionId = invoiceSubscriptionId(object as InvoiceOfAnyVersion);
        return stripeSubscriptionId
          ? { eventId: event.id, type: event.type, session: null, subscription: { object: "subscription", stripeSubscriptionId } }
          : { eventId: event.id, type: event.type, session: null };
      }
      if (!CHECKOUT_EVENT_TYPES.has(event.type)) return { eventId: event.id, type: event.type, session: null };
      carries("checkout.session");
      const session = object as Stripe.Checkout.Session;
      if (session.mode === "subscription") {
        return {
          eventId: event.id,
          type: event.type,
          session: null,
          subscription: { object: "checkout", checkout: toSubscriptionCheckoutState(session) },
        };
      }
      return { eventId: event.id, type: event.type, session: toSessionState(session) };
    },
  };
}

function validateRequest(request: CheckoutPaymentRequest): void {
  if (request.lineItems.length === 0) throw new TypeError("A Checkout Session needs at least one line item");
  for (const item of request.lineItems) {
    if (!Number.isSafeInteger(item.amountCents) || item.amountCents <= 0) {
      throw new TypeError(`Line item "${item.name}" must be a positive integer amount of cents, got ${item.amountCents}`);
    }
  }
  if (!request.successUrl.includes("{CHECKOUT_SESSION_ID}")) {
    throw new TypeError('successUrl must contain the "{CHECKOUT_SESSION_ID}" placeholder');
  }
}

/** Wraps "try again later" failures (connection, 5xx, 429) in PaymentUnavailableError; returns others as they are. */
function unavailable(error: unknown, action: string): unknown {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    // A retry whose parameters differ from the first attempt's (same order, same key).
    error instanceof Stripe.errors.StripeIdempotencyError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  ) {
    return new PaymentUnavailableError(`Stripe is unavailable: could not ${action} (${error.message || error.type})`, {
      cause: error,
    });
  }
  return error;
}

function toSessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  const orderId = Number(session.metadata?.orderId);
  return {
    sessionId: session.id,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    paymentStatus:
      session.payment_status === "paid" ? "paid" : session.payment_status === "no_payment_required" ? "no_payment_required" : "unpaid",
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    amountTotalCents: session.amount_total ?? 0,
  };
}

/** A row id from metadata ({@link isRowId}), or null. */
function rowId(value: string | undefined): number | null {
  const id = Number(value);
  return value !== undefined && isRowId(id) ? id : null;
}

/** The id of an object Stripe gives either as an id or expanded. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Unix seconds → Date; the latest of several; null when none. */
function latestInstant(seconds: (number | null | undefined)[]): Date | null {
  const valid = seconds.filter((s): s is number => typeof s === "number" && Number.isFinite(s) && s > 0);
  return valid.length ? new Date(Math.max(...valid) * 1000) : null;
}

function toSubscriptionState(subscription: Stripe.Subscription): StripeSubscriptionState {
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    subscriptionRowId: rowId(subscription.metadata?.subscriptionId),
    planCode: subscription.metadata?.planCode ?? null,
    status: String(subscription.status),
    currentPeriodEnd: latestInstant((subscription.items?.data ?? []).map((item) => item.current_period_end)),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}

function toSubscriptionCheckoutState(session: Stripe.Checkout.Session): SubscriptionCheckoutState {
  const expanded = session.subscription && typeof session.subscription === "object" ? session.subscription : null;
  return {
    sessionId: session.id,
    subscriptionRowId: rowId(session.metadata?.subscriptionId),
    url: session.status === "open" ? (session.url ?? null) : null,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paymentStatus:
      session.payment_status === "paid" ? "paid" : session.payment_status === "no_payment_required" ? "no_payment_required" : "unpaid",
    stripeSubscriptionId: idOf(session.subscription),
    stripeCustomerId: idOf(session.customer),
    subscription: expanded ? toSubscriptionState(expanded) : null,
  };
}

/** An invoice as any API version delivers it: before 2025-03-31 the subscription was a top-level field. */
type InvoiceOfAnyVersion = Stripe.Invoice & { subscription?: string | { id: string } | null };

/** The subscription an invoice bills (API 2025+: `parent.subscription_details`; before: `subscription`), or null. */
function invoiceSubscriptionId(invoice: InvoiceOfAnyVersion): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}
