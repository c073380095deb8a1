/**
 * The one msw mock of Stripe's HTTP API (`https://api.stripe.com`) for tests.
 *
 * Compose with other handlers: `setupServer(...stripeHandlers)` from `msw/node`. The Stripe SDK's
 * default Node client issues requests through `https.request`, which msw's ClientRequest
 * interceptor catches, so the real SDK runs against this mock with no extra configuration.
 *
 * The store is module-level, shared by every test in a file: call {@link resetStripeMock} in
 * `afterEach`. Amounts are integer cents.
 *
 * Subscriptions: sessions in `mode=subscription` (a recurring `price_data`),
 * {@link completeSubscriptionSession} (the customer paid: a subscription is created and the
 * session completes), `GET`/`POST /v1/subscriptions/:id`, and builders for the subscription and
 * invoice objects of webhook events ({@link subscriptionJson}, {@link paidInvoiceJson}).
 */
import { http, HttpResponse } from "msw";
import Stripe from "stripe";

const API = "https://api.stripe.com";

/** A Checkout Session as the mock answers it (the subset of Stripe's JSON the app reads, and a little more). */
export interface MockCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  mode: string;
  metadata: Record<string, string>;
  customer_email: string | null;
  client_reference_id: string | null;
  locale: string | null;
  success_url: string | null;
  cancel_url: string | null;
  /** Unix seconds. */
  expires_at: number;
  /** Unix seconds. */
  created: number;
  livemode: false;
  payment_intent: string | null;
  /** Subscription mode: the subscription's id once the session completes, else null. */
  subscription: string | MockSubscription | null;
  customer: string | null;
}

/** A subscription as the mock answers it (the subset of Stripe's JSON the app reads). */
export interface MockSubscription {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  /** API 2025+: the period lives on the items. Unix seconds. */
  items: { object: "list"; data: { id: string; object: "subscription_item"; current_period_start: number; current_period_end: number }[] };
  created: number;
  livemode: false;
}

/** A line item as the mock parsed it from the create request. */
export interface MockLineItem {
  name: string;
  /** `price_data[recurring][interval]` of a subscription's line; absent on a one-time price. */
  interval?: string;
  /** `price_data[unit_amount]`, integer cents. */
  amountCents: number;
  quantity: number;
  currency: string;
}

/** A stored session with what the create request carried besides the session JSON. */
export interface StoredStripeSession extends MockCheckoutSession {
  lineItems: MockLineItem[];
  paymentIntentMetadata: Record<string, string>;
  /** `subscription_data[metadata]` of a subscription-mode session. */
  subscriptionMetadata: Record<string, string>;
  idempotencyKey: string | null;
}

/** The first request made with an `Idempotency-Key`: where it went, its body, and what it created. */
interface StoredRequest {
  /** The endpoint, e.g. "POST /v1/refunds": a key reused on another endpoint is refused too. */
  endpoint: string;
  body: string;
  /** The object created: a session's id (`cs_test_…`) or a refund's (`re_test_…`). */
  objectId: string;
}

let sessions = new Map<string, StoredStripeSession>();
let subscriptions = new Map<string, MockSubscription>();
let idempotency = new Map<string, StoredRequest>();
let refunds = new Map<string, StoredRefund>();
let outage = false;
let counter = 0;

/** Empties the store and ends any outage. */
export function resetStripeMock(): void {
  sessions = new Map();
  subscriptions = new Map();
  idempotency = new Map();
  refunds = new Map();
  outage = false;
}

/** Every stored session (copies), oldest first, with the parsed line items and amount. */
export function stripeSessions(): StoredStripeSession[] {
  return [...sessions.values()].map((s) => structuredClone(s));
}

/** Marks a session paid, as after a successful card payment: status complete, payment_status paid. */
export function markSessionPaid(id: string): MockCheckoutSession {
  const session = stored(id);
  session.status = "complete";
  session.payment_status = "paid";
  session.url = null;
  session.payment_intent ??= `pi_test_${session.id.slice("cs_test_".length)}`;
  return sessionJson(session);
}

/**
 * Marks a session completed with a payment that settles later (a bank debit): status complete,
 * payment_status still unpaid, until `async_payment_succeeded` or `async_payment_failed`.
 */
export function markSessionProcessing(id: string): MockCheckoutSession {
  const session = stored(id);
  session.status = "complete";
  session.payment_status = "unpaid";
  session.url = null;
  return sessionJson(session);
}

/** Marks a session expired (status expired, still unpaid), as Stripe does at `expires_at`. */
export function expireSession(id: string): MockCheckoutSession {
  const session = stored(id);
  session.status = "expired";
  session.url = null;
  return sessionJson(session);
}

/**
 * The customer paid a subscription-mode session: a subscription (status active, one period of the
 * line's interval from now, the session's `subscription_data[metadata]`) is created and the session
 * completes, paid.
 * @returns the session and the subscription, as the API would answer them.
 */
export function completeSubscriptionSession(id: string): { session: MockCheckoutSession; subscription: MockSubscription } {
  const session = stored(id);
  if (session.mode !== "subscription") throw new Error(`Stripe mock: session ${id} is not in subscription mode`);
  const now = Math.floor(Date.now() / 1000);
  const suffix = randomSuffix();
  const interval = session.lineItems[0]?.interval === "year" ? "year" : "month";
  const subscription: MockSubscription = {
    id: `sub_test_${suffix}`,
    object: "subscription",
    status: "active",
    customer: `cus_test_${suffix}`,
    cancel_at_period_end: false,
    metadata: { ...session.subscriptionMetadata },
    items: {
      object: "list",
      data: [
        { id: `si_test_${suffix}`, object: "subscription_item", current_period_start: now, current_period_end: addInterval(now, interval) },
      ],
    },
    created: now,
    livemode: false,
  };
  subscriptions.set(subscription.id, subscription);
  session.status = "complete";
  session.payment_status = "paid";
  session.url = null;
  session.subscription = subscription.id;
  session.customer = subscription.customer;
  return { session: sessionJson(session), subscription: structuredClone(subscription) };
}

/** A stored subscription as the API answers it. */
export function subscriptionJson(id: string): MockSubscription {
  const subscription = subscriptions.get(id);
  if (!subscription) throw new Error(`Stripe mock: no subscription ${id}`);
  return structuredClone(subscription);
}

/**
 * Changes a stored subscription as Stripe would (a renewal, a failed payment, the end):
 * `status`, `cancel_at_period_end`, or the period end (Unix seconds).
 * @returns the subscription afterwards.
 */
export function updateSubscription(
  id: string,
  change: { status?: string; cancelAtPeriodEnd?: boolean; currentPeriodEnd?: number },
): MockSubscription {
  const subscription = subscriptions.get(id);
  if (!subscription) throw new Error(`Stripe mock: no subscription ${id}`);
  if (change.status !== undefined) subscription.status = change.status;
  if (change.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
  if (change.currentPeriodEnd !== undefined) subscription.items.data[0]!.current_period_end = change.currentPeriodEnd;
  return structuredClone(subscription);
}

/** Every stored subscription (copies), oldest first. */
export function stripeSubscriptions(): MockSubscription[] {
  return [...subscriptions.values()].map((s) => structuredClone(s));
}

/**
 * A paid invoice of a subscription (API 2025+: `parent.subscription_details`), for `invoice.paid`,
 * covering the subscription's current period.
 */
export function paidInvoiceJson(subscriptionId: string): object {
  const subscription = subscriptionJson(subscriptionId);
  const item = subscription.items.data[0]!;
  return {
    id: `in_test_${randomSuffix()}`,
    object: "invoice",
    status: "paid",
    customer: subscription.customer,
    billing_reason: "subscription_cycle",
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: "list",
      data: [
        {
          id: `il_test_${randomSuffix()}`,
          object: "line_item",
          period: { start: item.current_period_start, end: item.current_period_end },
        },
      ],
    },
    livemode: false,
  };
}

/** The same instant one calendar month or year later (Unix seconds). */
function addInterval(seconds: number, interval: "month" | "year"): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** While on, every endpoint answers 500 `{ error: { type: "api_error", message: "outage" } }`. */
export function stripeOutage(on: boolean): void {
  outage = on;
}

/**
 * Signs a webhook payload as Stripe would.
 * @returns the body to post and the `Stripe-Signature` header value for it (timestamp = now).
 */
export function signedWebhook(event: object, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** Builds a Stripe event JSON around any object (a subscription, an invoice…): see {@link checkoutSessionEvent}. */
export function stripeEvent(type: string, object: object, eventId?: string) {
  return checkoutSessionEvent(type, object, eventId);
}

/**
 * Builds a Stripe event JSON around a Checkout Session, e.g.
 * `checkoutSessionEvent("checkout.session.completed", markSessionPaid(id))`.
 */
export function checkoutSessionEvent(
  type: string,
  session: object,
  eventId = `evt_test_${randomSuffix()}`,
): {
  id: string;
  object: "event";
  type: string;
  data: { object: object };
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
} {
  return {
    id: eventId,
    object: "event",
    type,
    data: { object: session },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** A refund as the mock answers it: the whole amount of the PaymentIntent's session. */
export interface MockRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
}

/** A stored refund with the `Idempotency-Key` it was created with (the mock's bookkeeping, never answered). */
export interface StoredRefund extends MockRefund {
  idempotencyKey: string | null;
}

/** Every refund made (copies), oldest first. */
export function stripeRefunds(): StoredRefund[] {
  return [...refunds.values()].map((r) => structuredClone(r));
}

/**
 * The msw handlers: `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, its expiry,
 * subscriptions, and `POST /v1/refunds` (a paid session's PaymentIntent, refunded once). Both POSTs
 * share one idempotency store: the same `Idempotency-Key` with the same parameters replays the first
 * answer, with other parameters (or on the other endpoint) it is refused with `idempotency_error`.
 */
export const stripeHandlers = [
  http.post(`${API}/v1/checkout/sessions`, async ({ request }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const body = await request.text();
    const key = request.headers.get("Idempotency-Key");
    const previous = replayOf(key, SESSIONS_ENDPOINT, body);
    if (previous instanceof Response) return previous;
    if (previous) return HttpResponse.json(sessionJson(stored(previous)), { headers: { "Idempotent-Replayed": "true" } });
    const form = new URLSearchParams(body);
    const lineItems = parseLineItems(form);
    const successUrl = form.get("success_url");
    if (lineItems.length === 0)
      return stripeError(400, { type: "invalid_request_error", param: "line_items", message: "Missing required param: line_items." });
    const mode = form.get("mode");
    if (mode !== "payment" && mode !== "subscription") {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "mode",
        message: "This mock supports mode=payment and mode=subscription only.",
      });
    }
    if (mode === "subscription" && lineItems.some((item) => item.interval !== "month" && item.interval !== "year")) {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "line_items",
        message: "In subscription mode, every price needs a recurring interval.",
      });
    }
    if (mode === "payment" && lineItems.some((item) => item.interval !== undefined)) {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "line_items",
        message: "A recurring price cannot be used in payment mode.",
      });
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = form.has("expires_at") ? Number(form.get("expires_at")) : now + 24 * 3600;
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 60 || expiresAt > now + 24 * 3600 + 60) {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "expires_at",
        message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      });
    }
    const suffix = randomSuffix();
    const id = `cs_test_${suffix}`;
    const amount = lineItems.reduce((sum, item) => sum + item.amountCents * item.quantity, 0);
    const session: StoredStripeSession = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      amount_subtotal: amount,
      currency: form.get("currency") ?? lineItems[0]!.currency,
      mode,
      metadata: parseHash(form, "metadata"),
      customer_email: form.get("customer_email"),
      client_reference_id: form.get("client_reference_id"),
      locale: form.get("locale"),
      success_url: successUrl,
      cancel_url: form.get("cancel_url"),
      expires_at: expiresAt,
      created: now,
      livemode: false,
      payment_intent: null,
      subscription: null,
      customer: null,
      lineItems,
      paymentIntentMetadata: parseHash(form, "payment_intent_data[metadata]"),
      subscriptionMetadata: parseHash(form, "subscription_data[metadata]"),
      idempotencyKey: key,
    };
    sessions.set(id, session);
    if (key) idempotency.set(key, { endpoint: SESSIONS_ENDPOINT, body, objectId: id });
    return HttpResponse.json(sessionJson(session));
  }),

  http.post(`${API}/v1/checkout/sessions/:id/expire`, ({ request, params }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const id = String(params.id);
    const session = sessions.get(id);
    if (!session) {
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${id}'`,
      });
    }
    if (session.status !== "open") {
      return stripeError(400, {
        type: "invalid_request_error",
        message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
      });
    }
    session.status = "expired";
    return HttpResponse.json(sessionJson(session));
  }),

  http.get(`${API}/v1/checkout/sessions/:id`, ({ request, params }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const id = String(params.id);
    const session = sessions.get(id);
    if (!session) {
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${id}'`,
      });
    }
    const json = sessionJson(session);
    const expand = [...new URL(request.url).searchParams].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
    if (expand.includes("subscription") && typeof json.subscription === "string") json.subscription = subscriptionJson(json.subscription);
    return HttpResponse.json(json);
  }),

  http.get(`${API}/v1/subscriptions/:id`, ({ request, params }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const subscription = subscriptions.get(String(params.id));
    if (!subscription) return noSuchSubscription(String(params.id));
    return HttpResponse.json(structuredClone(subscription));
  }),

  http.post(`${API}/v1/subscriptions/:id`, async ({ request, params }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const subscription = subscriptions.get(String(params.id));
    if (!subscription) return noSuchSubscription(String(params.id));
    const form = new URLSearchParams(await request.text());
    const cancel = form.get("cancel_at_period_end");
    if (cancel !== null) {
      if (subscription.status === "canceled") {
        return stripeError(400, {
          type: "invalid_request_error",
          message: "A canceled subscription can only update its cancellation_details and metadata.",
        });
      }
      subscription.cancel_at_period_end = cancel === "true";
    }
    return HttpResponse.json(structuredClone(subscription));
  }),

  http.post(`${API}/v1/refunds`, async ({ request }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const key = request.headers.get("Idempotency-Key");
    const body = await request.text();
    const previous = replayOf(key, REFUNDS_ENDPOINT, body);
    if (previous instanceof Response) return previous;
    if (previous) return HttpResponse.json(refundJson(refunds.get(previous)!), { headers: { "Idempotent-Replayed": "true" } });
    const form = new URLSearchParams(body);
    const paymentIntent = form.get("payment_intent");
    const session = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === paymentIntent);
    if (!paymentIntent || !session || session.payment_status !== "paid") {
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_intent",
        message: `No such payment_intent: '${paymentIntent}'`,
      });
    }
    if ([...refunds.values()].some((r) => r.payment_intent === paymentIntent)) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: "Charge has already been refunded.",
      });
    }
    const refund: StoredRefund = {
      id: `re_test_${randomSuffix()}`,
      object: "refund",
      amount: session.amount_total,
      currency: session.currency,
      payment_intent: paymentIntent,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
      idempotencyKey: key,
    };
    refunds.set(refund.id, refund);
    if (key) idempotency.set(key, { endpoint: REFUNDS_ENDPOINT, body, objectId: refund.id });
    return HttpResponse.json(refundJson(refund));
  }),
];

const SESSIONS_ENDPOINT = "POST /v1/checkout/sessions";
const REFUNDS_ENDPOINT = "POST /v1/refunds";

/**
 * Stripe's idempotency: no key, or a new one → null (go on and create); the key of an earlier
 * request with the same endpoint and parameters → the id of what it created (answer it again);
 * the key of a different request → a 400 `idempotency_error` to answer.
 */
function replayOf(key: string | null, endpoint: string, body: string): string | Response | null {
  if (!key) return null;
  const previous = idempotency.get(key);
  if (!previous) return null;
  if (previous.endpoint !== endpoint || previous.body !== body) {
    return stripeError(400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return previous.objectId;
}

/** The refund as the API answers it (without the mock's own bookkeeping). */
function refundJson(refund: StoredRefund): MockRefund {
  const { idempotencyKey: _key, ...json } = structuredClone(refund);
  return json;
}

function noSuchSubscription(id: string): Response {
  return stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such subscription: '${id}'`,
  });
}

function stored(id: string): StoredStripeSession {
  const session = sessions.get(id);
  if (!session) throw new Error(`Stripe mock: no session ${id}`);
  return session;
}

/** The session as the API answers it (without the mock's own bookkeeping). */
function sessionJson(session: StoredStripeSession): MockCheckoutSession {
  const {
    lineItems: _lineItems,
    paymentIntentMetadata: _pim,
    subscriptionMetadata: _sm,
    idempotencyKey: _key,
    ...json
  } = structuredClone(session);
  return json;
}

/** `line_items[i][price_data][…]` and `line_items[i][quantity]`, in index order. */
function parseLineItems(form: URLSearchParams): MockLineItem[] {
  const items: MockLineItem[] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`) || form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
    const prefix = `line_items[${i}]`;
    items.push({
      name: form.get(`${prefix}[price_data][product_data][name]`) ?? "",
      interval: form.get(`${prefix}[price_data][recurring][interval]`) ?? undefined,
      amountCents: Number(form.get(`${prefix}[price_data][unit_amount]`)),
      quantity: Number(form.get(`${prefix}[quantity]`) ?? "1"),
      currency: form.get(`${prefix}[price_data][currency]`) ?? "",
    });
  }
  return items;
}

/** `prefix[key]=value` pairs as `{ key: value }`. */
function parseHash(form: URLSearchParams, prefix: string): Record<string, string> {
  const hash: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith(`${prefix}[`) && name.endsWith("]")) {
      const key = name.slice(prefix.length + 1, -1);
      if (!key.includes("[")) hash[key] = value;
    }
  }
  return hash;
}

function authorized(request: Request): boolean {
  return /^Bearer \S+/.test(request.headers.get("Authorization") ?? "");
}

function unauthorized(): Response {
  return stripeError(401, { type: "invalid_request_error", message: "You did not provide an API key." });
}

function outageResponse(): Response {
  return stripeError(500, { type: "api_error", message: "outage" });
}

function stripeError(status: number, error: { type: string; message: string; code?: string; param?: string }): Response {
  return HttpResponse.json({ error }, { status, headers: { "Request-Id": `req_test_${randomSuffix()}` } });
}

function randomSuffix(): string {
  counter += 1;
  return `${counter.toString(36).padStart(4, "0")}${Math.random().toString(36).slice(2, 12)}`;
}
