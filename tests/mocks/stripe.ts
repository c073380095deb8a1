/**
 * The one msw mock of Stripe's HTTP API (`https://api.stripe.com`) for tests.
 *
 * Compose with other handlers: `setupServer(...stripeHandlers)` from `msw/node`. The Stripe SDK's
 * default Node client issues requests through `https.request`, which msw's ClientRequest
 * interceptor catches, so the real SDK runs against this mock with no extra configuration.
 *
 * The store is module-level, shared by every test in a file: call {@link resetStripeMock} in
 * `afterEach`. Amounts are integer cents.
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
}

/** A line item as the mock parsed it from the create request. */
export interface MockLineItem {
  name: string;
  /** `price_data[unit_amount]`, integer cents. */
  amountCents: number;
  quantity: number;
  currency: string;
}

/** A stored session with what the create request carried besides the session JSON. */
export interface StoredStripeSession extends MockCheckoutSession {
  lineItems: MockLineItem[];
  paymentIntentMetadata: Record<string, string>;
  idempotencyKey: string | null;
}

interface StoredRequest {
  body: string;
  sessionId: string;
}

let sessions = new Map<string, StoredStripeSession>();
let idempotency = new Map<string, StoredRequest>();
let outage = false;
let counter = 0;

/** Empties the store and ends any outage. */
export function resetStripeMock(): void {
  sessions = new Map();
  idempotency = new Map();
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

/** Marks a session expired (status expired, still unpaid), as Stripe does at `expires_at`. */
export function expireSession(id: string): MockCheckoutSession {
  const session = stored(id);
  session.status = "expired";
  session.url = null;
  return sessionJson(session);
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

/**
 * Builds a Stripe event JSON around a Checkout Session, e.g.
 * `checkoutSessionEvent("checkout.session.completed", markSessionPaid(id))`.
 */
export function checkoutSessionEvent(
  type: string,
  session: object,
  eventId = `evt_test_${randomSuffix()}`,
): { id: string; object: "event"; type: string; data: { object: object }; created: number; livemode: false; api_version: string; pending_webhooks: number; request: { id: null; idempotency_key: null } } {
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

/** The msw handlers: `POST /v1/checkout/sessions` and `GET /v1/checkout/sessions/:id`. */
export const stripeHandlers = [
  http.post(`${API}/v1/checkout/sessions`, async ({ request }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const body = await request.text();
    const key = request.headers.get("Idempotency-Key");
    if (key) {
      const previous = idempotency.get(key);
      if (previous) {
        if (previous.body !== body) {
          return stripeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        return HttpResponse.json(sessionJson(stored(previous.sessionId)), { headers: { "Idempotent-Replayed": "true" } });
      }
    }
    const form = new URLSearchParams(body);
    const lineItems = parseLineItems(form);
    const successUrl = form.get("success_url");
    if (lineItems.length === 0) return stripeError(400, { type: "invalid_request_error", param: "line_items", message: "Missing required param: line_items." });
    if (form.get("mode") !== "payment") return stripeError(400, { type: "invalid_request_error", param: "mode", message: "This mock supports mode=payment only." });
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
      mode: "payment",
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
      lineItems,
      paymentIntentMetadata: parseHash(form, "payment_intent_data[metadata]"),
      idempotencyKey: key,
    };
    sessions.set(id, session);
    if (key) idempotency.set(key, { body, sessionId: id });
    return HttpResponse.json(sessionJson(session));
  }),

  http.post(`${API}/v1/checkout/sessions/:id/expire`, ({ request, params }) => {
    if (outage) return outageResponse();
    if (!authorized(request)) return unauthorized();
    const id = String(params.id);
    const session = sessions.get(id);
    if (!session) {
      return stripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "session", message: `No such checkout.session: '${id}'` });
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
    return HttpResponse.json(sessionJson(session));
  }),
];

function stored(id: string): StoredStripeSession {
  const session = sessions.get(id);
  if (!session) throw new Error(`Stripe mock: no session ${id}`);
  return session;
}

/** The session as the API answers it (without the mock's own bookkeeping). */
function sessionJson(session: StoredStripeSession): MockCheckoutSession {
  const { lineItems: _lineItems, paymentIntentMetadata: _pim, idempotencyKey: _key, ...json } = structuredClone(session);
  return json;
}

/** `line_items[i][price_data][…]` and `line_items[i][quantity]`, in index order. */
function parseLineItems(form: URLSearchParams): MockLineItem[] {
  const items: MockLineItem[] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`) || form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
    const prefix = `line_items[${i}]`;
    items.push({
      name: form.get(`${prefix}[price_data][product_data][name]`) ?? "",
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
