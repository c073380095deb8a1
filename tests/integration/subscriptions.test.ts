/**
 * Memberships and discovery subscriptions against a real database: buying on the
 * simulated page makes a member; a cancellation keeps the benefits to the end of the paid period;
 * another customer's subscription answers 404; member prices need an ACTIVE membership; Stripe
 * Checkout in subscription mode (msw mock of its HTTP API) and its webhooks go through the one
 * idempotent function, which applies the subscription's state retrieved from Stripe rather than the
 * payload's: replays change nothing, events out of order or late end in Stripe's current state, an
 * event before the purchase's completion links it, a bad signature answers 400.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, processedWebhookEvents, subscriptions, users } from "~/db/schema";
import { RATE_LIMITS } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { currentSubscriptionPayment, recordSubscriptionPayment } from "~/payment/payments.server";
import { createStripeGateway } from "~/payment/stripe.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as discoveryAction } from "~/routes/discovery";
import { action as membersAction, loader as membersLoader } from "~/routes/membres";
import { loader as subscriptionsLoader } from "~/routes/subscriptions";
import { action as paymentAction, loader as paymentLoader } from "~/routes/subscriptions.payment";
import { loader as returnLoader } from "~/routes/subscriptions.return";
import { action as webhookAction } from "~/routes/webhooks.$provider";
import { listPlans } from "~/subscriptions/plans.server";
import { expireAbandonedSubscriptions, listUserSubscriptions } from "~/subscriptions/subscriptions.server";
import { hasActiveMembership } from "~/users/membership.server";
import { registerCustomer, startUserSession, type User } from "~/users/users.server";
import {
  completeSubscriptionSession,
  expireSession,
  paidInvoiceJson,
  resetStripeMock,
  signedWebhook,
  stripeEvent,
  stripeHandlers,
  stripeOutage,
  stripeSessions,
  stripeSubscriptions,
  subscriptionJson,
  updateSubscription,
} from "../mocks/stripe";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { useStripeGateway } from "../support/payment-providers";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's data folder, no Stripe keys
// (the tests choose the gateway), not production.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-subscriptions-test-"));
  delete process.env.STRIPE_SECRET_KEY;
});

const WEBHOOK_SECRET = "whsec_test_subscriptions";
const server = setupServer(...stripeHandlers);
const stripeGateway = createStripeGateway({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, maxNetworkRetries: 0 });
const DAY = 86_400_000;

let testDb: TestDatabase;
let db: TestDatabase["db"];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  testDb = await createTestDatabase({ seed: "reference" });
  db = testDb.db;
});

afterEach(() => {
  server.resetHandlers();
  resetStripeMock();
  useStripeGateway(undefined);
});

afterAll(async () => {
  server.close();
  await testDb?.close();
});

let customers = 0;
/** A new customer, logged in: the user and their session cookie. */
async function customer(): Promise<{ user: User; cookie: string }> {
  customers += 1;
  const user = await registerCustomer(db, {
    firstName: `Client${customers}`,
    lastName: "Test",
    email: `client${customers}-${Date.now()}@example.com`,
    password: "a good password",
    province: "QC",
    locale: "fr-CA",
  });
  if (user === "email-taken") throw new Error("e-mail taken");
  const setCookie = await startUserSession(db, new Request("http://shop.test/"), user.id);
  return { user, cookie: setCookie.split(";")[0]! };
}

let clients = 0;
type Outcome = { status: number; location: string | null; data: { result?: { error?: Record<string, string[]> } } | null };

/** Posts a form to an action; returns the redirect or the data with its status (each from its own client address). */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<Outcome> {
  const args = (await routeArgs(db, path, {
    init: {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    },
  })) as { context: { set(key: unknown, value: unknown): void } };
  clients += 1;
  args.context.set(requestContext, { nonce: undefined, clientAddress: `198.51.100.${clients % 250}` });
  try {
    const result = (await action(args as never)) as { data: Outcome["data"]; init?: { status?: number } } | Response;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null };
    return { status: result.init?.status ?? 200, location: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit") return { status: refused.init?.status ?? 500, location: null, data: null };
    throw thrown;
  }
}

async function load<T>(loader: (args: never) => Promise<unknown>, path: string, cookie?: string): Promise<T> {
  return (await loader(await routeArgs(db, path, { init: { headers: cookie ? { Cookie: cookie } : {} } }))) as T;
}

async function row(id: number) {
  const [found] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!found) throw new Error(`no subscription ${id}`);
  return found;
}

/** The purchase's payments, oldest first, as the payments table holds them. */
async function paymentsOf(id: number) {
  const rows = await db.select().from(payments).where(eq(payments.subscriptionId, id)).orderBy(asc(payments.id));
  return rows.map((p) => ({
    provider: p.provider,
    reference: p.externalReference,
    url: p.redirectUrl,
    amountCents: p.amountCents,
    status: p.status,
  }));
}

/** The Checkout Session of the purchase's current payment, or null when none was opened. */
async function sessionOf(id: number): Promise<string | null> {
  return (await currentSubscriptionPayment(db, id))?.externalReference ?? null;
}

const idIn = (location: string | null) => Number(new URL(location!, "http://shop.test").searchParams.get("subscription"));

/** Posts a signed Stripe event to the webhook route. */
async function postWebhook(body: string, signature: string | null): Promise<{ status: number; data: unknown }> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const result = (await webhookAction(
    await routeArgs(db, "/webhooks/stripe", { params: { provider: "stripe" }, init: { method: "POST", body, headers } }),
  )) as unknown as {
    data: unknown;
    init?: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

async function sendEvent(type: string, object: object, eventId?: string) {
  const { body, signature } = signedWebhook(stripeEvent(type, object, eventId), WEBHOOK_SECRET);
  return postWebhook(body, signature);
}

async function processedCount(eventId: string): Promise<number> {
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, eventId))) as [{ count: number }];
  return count;
}

describe("the plans", () => {
  it("are rows: the membership at 150 $ a year, discovery 290 $ and 380 $ a month, 500 $ a year, in both languages", async () => {
    const fr = await listPlans(db, "fr-CA");
    expect(fr.map((p) => [p.code, p.kind, p.priceCents, p.interval])).toEqual([
      ["MEMBERSHIP", "MEMBERSHIP", 15_000, "year"],
      ["DISCOVERY_1", "DISCOVERY", 29_000, "month"],
      ["DISCOVERY_2", "DISCOVERY", 38_000, "month"],
      ["DISCOVERY_3", "DISCOVERY", 50_000, "year"],
    ]);
    expect(fr[0]!.name).toBe("Adhésion membre");
    expect((await listPlans(db, "en-US"))[0]!.name).toBe("Membership");
    const page = await load<{ plans: { code: string; held: unknown }[]; loggedIn: boolean }>(subscriptionsLoader, "/subscriptions");
    expect(page.plans.map((p) => p.code)).toEqual(["MEMBERSHIP", "DISCOVERY_1", "DISCOVERY_2", "DISCOVERY_3"]);
    expect(page.loggedIn).toBe(false);
  });
});

describe("buying on the simulated payment page (no Stripe keys)", () => {
  it("sends a visitor to log in, then makes the customer a member for a year once paid", async () => {
    useStripeGateway(null);
    const visitor = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" });
    expect(visitor).toMatchObject({ status: 303, location: "/login?redirect=%2Fmembres" });

    const { user, cookie } = await customer();
    const bought = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    expect(bought.status).toBe(303);
    expect(bought.location).toMatch(/^\/subscriptions\/payment\?subscription=\d+$/);
    const id = idIn(bought.location);
    expect(await row(id)).toMatchObject({
      userId: user.id,
      planCode: "MEMBERSHIP",
      status: "PENDING_PAYMENT",
      paymentProvider: "simulated",
    });
    expect(await hasActiveMembership(db, user.id)).toBe(false);

    // A second click reuses the pending purchase.
    const again = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    expect(again.location).toBe(bought.location);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    const page = await load<{ subscription: { planName: string; priceCents: number; interval: string } }>(
      paymentLoader,
      bought.location!,
      cookie,
    );
    expect(page.subscription).toMatchObject({ planName: "Adhésion membre", priceCents: 15_000, interval: "year" });
    // Only the owner sees the page.
    const stranger = await customer();
    expect((await thrownResponse(() => load(paymentLoader, bought.location!, stranger.cookie))).status).toBe(404);
    expect((await post(paymentAction, bought.location!, { intent: "pay" }, stranger.cookie)).status).toBe(404);
    expect((await thrownResponse(() => load(paymentLoader, "/subscriptions/payment?subscription=abc", cookie))).status).toBe(404);
    expect(await hasActiveMembership(db, user.id)).toBe(false);

    const before = Date.now();
    const paid = await post(paymentAction, bought.location!, { intent: "pay" }, cookie);
    expect(paid).toMatchObject({ status: 303, location: `/subscriptions/return?subscription=${id}` });
    const active = await row(id);
    expect(active.status).toBe("ACTIVE");
    const end = active.currentPeriodEnd!;
    const start = new Date(before);
    expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(end.getTime() - before).toBeGreaterThan(364 * DAY);
    expect(end.getTime() - before).toBeLessThan(367 * DAY);
    expect(await hasActiveMembership(db, user.id)).toBe(true);

    // Paying twice changes nothing; the payment page now shows the result instead.
    await post(paymentAction, bought.location!, { intent: "pay" }, cookie);
    expect((await row(id)).currentPeriodEnd).toEqual(end);
    expect(await thrownResponse(() => load(paymentLoader, bought.location!, cookie))).toEqual({
      status: 302,
      location: `/subscriptions/return?subscription=${id}`,
    });
    const result = await load<{ subscription: { status: string; periodEnd: string } }>(returnLoader, paid.location!, cookie);
    expect(result.subscription.status).toBe("ACTIVE");
    expect(result.subscription.periodEnd).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u);

    // The plan is held: not sold twice, and the page says until when.
    const twice = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    expect(twice.status).toBe(400);
    expect(twice.data?.result?.error).toEqual({ "": ["subscriptions.errors.alreadySubscribed"] });
    const members = await load<{ plans: { held: { until: string; renews: boolean } | null }[] }>(membersLoader, "/membres", cookie);
    expect(members.plans[0]!.held).toEqual({ until: result.subscription.periodEnd, renews: true });

    const account = await load<{ subscriptions: { id: number; status: string; live: boolean; periodEnd: string | null }[] }>(
      accountLoader,
      "/account",
      cookie,
    );
    expect(account.subscriptions).toEqual([
      expect.objectContaining({ id, status: "ACTIVE", live: true, periodEnd: result.subscription.periodEnd }),
    ]);
  });

  it("refuses an unknown plan and a malformed form, and Cancel leaves the purchase unpaid", async () => {
    useStripeGateway(null);
    const { user, cookie } = await customer();
    const unknown = await post(discoveryAction, "/discovery", { intent: "buy", planCode: "GOLD" }, cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.data?.result?.error).toEqual({ "": ["subscriptions.errors.unknownPlan"] });
    expect((await post(discoveryAction, "/discovery", { intent: "other" }, cookie)).status).toBe(400);

    const bought = await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_1" }, cookie);
    const refused = await post(paymentAction, bought.location!, { intent: "refund" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error).toEqual({ intent: ["subscriptions.errors.paymentFailed"] });
    const cancelled = await post(paymentAction, bought.location!, { intent: "cancel" }, cookie);
    expect(cancelled).toMatchObject({ status: 303, location: "/discovery" });
    expect((await row(idIn(bought.location))).status).toBe("PENDING_PAYMENT");
    expect(await listUserSubscriptions(db, user.id, "fr-CA")).toEqual([
      expect.objectContaining({ status: "PENDING_PAYMENT", live: false }),
    ]);
  });
});

describe("cancelling", () => {
  it("keeps the benefits until the end of the paid period, then they stop; another customer's cancel answers 404", async () => {
    useStripeGateway(null);
    const { user, cookie } = await customer();
    const bought = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    await post(paymentAction, bought.location!, { intent: "pay" }, cookie);
    const id = idIn(bought.location);
    const end = (await row(id)).currentPeriodEnd!;

    const stranger = await customer();
    expect(
      (await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, stranger.cookie)).status,
    ).toBe(404);
    expect((await row(id)).cancelAtPeriodEnd).toBe(false);
    expect((await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: "999999" }, cookie)).status).toBe(404);
    expect((await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: "x" }, cookie)).status).toBe(400);

    const cancelled = await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, cookie);
    expect(cancelled).toMatchObject({ status: 303, location: `/account?cancelled=${id}` });
    expect(await row(id)).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, currentPeriodEnd: end });
    const page = await load<{
      cancelledNotice: { plan: string; date: string } | null;
      subscriptions: { live: boolean; cancelAtPeriodEnd: boolean }[];
    }>(accountLoader, cancelled.location!, cookie);
    expect(page.cancelledNotice?.plan).toBe("Adhésion membre");
    expect(page.subscriptions[0]).toMatchObject({ live: true, cancelAtPeriodEnd: true });
    // Cancelling again is the same as once.
    expect((await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, cookie)).status).toBe(303);

    // The clock: a member until the period ends, not after.
    expect(await hasActiveMembership(db, user.id, new Date(end.getTime() - 1000))).toBe(true);
    expect(await hasActiveMembership(db, user.id, new Date(end.getTime() + 1000))).toBe(false);
    // Past the end the sweep closes it, and there is nothing left to cancel.
    const after = new Date(end.getTime() + 1000);
    expect(await expireAbandonedSubscriptions(db, after)).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe("CANCELLED");
    const late = await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, cookie);
    expect(late.status).toBe(400);
    expect(late.data?.result?.error).toEqual({ "": ["subscriptions.errors.notLive"] });
  });
});

describe("member prices", () => {
  it("need an ACTIVE membership: a PAST_DUE one (its renewal unpaid, its period end already moved forward) gives none, yet is not sold twice", async () => {
    useStripeGateway(null);
    const { user, cookie } = await customer();
    const bought = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    await post(paymentAction, bought.location!, { intent: "pay" }, cookie);
    const id = idIn(bought.location);
    expect(await hasActiveMembership(db, user.id)).toBe(true);

    await db.update(subscriptions).set({ status: "PAST_DUE" }).where(eq(subscriptions.id, id));
    expect((await row(id)).currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(await hasActiveMembership(db, user.id)).toBe(false);
    const twice = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    expect(twice.data?.result?.error).toEqual({ "": ["subscriptions.errors.alreadySubscribed"] });

    await db.update(subscriptions).set({ status: "ACTIVE" }).where(eq(subscriptions.id, id));
    expect(await hasActiveMembership(db, user.id)).toBe(true);
  });
});

describe("the maintenance sweep", () => {
  it("expires simulated purchases left unpaid for a day, not younger ones, and changes nothing when run again", async () => {
    useStripeGateway(null);
    const { cookie } = await customer();
    const old = idIn((await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_2" }, cookie)).location);
    const fresh = idIn((await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_3" }, cookie)).location);
    await db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(subscriptions.id, old));

    expect(await expireAbandonedSubscriptions(db)).toBeGreaterThanOrEqual(1);
    expect((await row(old)).status).toBe("EXPIRED");
    expect((await row(fresh)).status).toBe("PENDING_PAYMENT");
    expect(await expireAbandonedSubscriptions(db)).toBe(0);
    // An expired purchase cannot be paid any more; buying again starts a new one.
    await post(paymentAction, `/subscriptions/payment?subscription=${old}`, { intent: "pay" }, cookie);
    expect((await row(old)).status).toBe("EXPIRED");
    const again = idIn((await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_2" }, cookie)).location);
    expect(again).not.toBe(old);
  });
});

// --- Stripe ------------------------------------------------------------------------------------

/** A customer who bought a plan on Stripe Checkout: the row id, the session and the buy outcome. */
async function boughtOnStripe(planCode = "MEMBERSHIP") {
  useStripeGateway(stripeGateway);
  const who = await customer();
  const bought = await post(membersAction, "/membres", { intent: "buy", planCode }, who.cookie);
  expect(bought.status).toBe(303);
  const sessions = stripeSessions().filter((s) => bought.location === s.url);
  expect(sessions).toHaveLength(1);
  const session = sessions[0]!;
  return { ...who, bought, session, id: Number(session.metadata.subscriptionId) };
}

describe("buying with Stripe Checkout (subscription mode)", () => {
  it("opens one session per purchase, and checkout.session.completed makes a member once, whatever the replays", async () => {
    const { user, cookie, bought, session, id } = await boughtOnStripe();
    expect(bought.location).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: "subscription",
      currency: "cad",
      customer_email: user.email,
      client_reference_id: String(id),
      metadata: { subscriptionId: String(id), planCode: "MEMBERSHIP" },
      subscriptionMetadata: { subscriptionId: String(id), planCode: "MEMBERSHIP" },
      success_url: `http://shop.test/subscriptions/return?subscription=${id}`,
      cancel_url: "http://shop.test/membres",
      idempotencyKey: `subscription-${id}-checkout-fr-CA`,
    });
    expect(session.lineItems).toEqual([{ name: "Adhésion membre", amountCents: 15_000, quantity: 1, currency: "cad", interval: "year" }]);
    expect(await row(id)).toMatchObject({ status: "PENDING_PAYMENT", paymentProvider: "stripe" });
    expect(await paymentsOf(id)).toEqual([
      { provider: "stripe", reference: session.id, url: session.url, amountCents: 15_000, status: "OPEN" },
    ]);

    // Clicking again while the session is open goes back to it.
    const again = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    expect(again.location).toBe(bought.location);
    expect(stripeSessions()).toHaveLength(1);

    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    const event = stripeEvent("checkout.session.completed", completed, "evt_test_completed_1");
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect(await postWebhook(body, signature)).toEqual({ status: 200, data: { received: true } });
    const active = await row(id);
    expect(active).toMatchObject({
      status: "ACTIVE",
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
      cancelAtPeriodEnd: false,
    });
    expect(await hasActiveMembership(db, user.id)).toBe(true);
    expect(await paymentsOf(id)).toEqual([{ provider: "stripe", reference: session.id, url: null, amountCents: 15_000, status: "PAID" }]);

    for (let i = 0; i < 2; i++) expect((await postWebhook(body, signature)).status).toBe(200);
    expect(await row(id)).toEqual(active);
    expect(await processedCount("evt_test_completed_1")).toBe(1);
    expect(await paymentsOf(id)).toMatchObject([{ reference: session.id, status: "PAID" }]);
  });

  it("the return page makes the purchase active when it comes before the webhook", async () => {
    const { cookie, session, id } = await boughtOnStripe("DISCOVERY_1");
    expect(session.lineItems[0]).toMatchObject({ amountCents: 29_000, interval: "month" });
    const early = await load<{ subscription: { status: string } }>(returnLoader, `/subscriptions/return?subscription=${id}`, cookie);
    expect(early.subscription.status).toBe("PENDING_PAYMENT");

    const { session: completed } = completeSubscriptionSession(session.id);
    const back = await load<{ subscription: { status: string } }>(returnLoader, `/subscriptions/return?subscription=${id}`, cookie);
    expect(back.subscription.status).toBe("ACTIVE");
    expect(await paymentsOf(id)).toEqual([{ provider: "stripe", reference: session.id, url: null, amountCents: 29_000, status: "PAID" }]);
    const active = await row(id);
    // The webhook afterwards changes nothing.
    expect((await sendEvent("checkout.session.completed", completed)).status).toBe(200);
    expect(await row(id)).toEqual(active);
    // Another customer cannot see it.
    const stranger = await customer();
    expect((await thrownResponse(() => load(returnLoader, `/subscriptions/return?subscription=${id}`, stranger.cookie))).status).toBe(404);
  });

  it("follows the subscription's life: renewal, cancellation at period end, a failed payment, the end — and a late update does not resurrect it", async () => {
    const { user, cookie, session, id } = await boughtOnStripe();
    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    await sendEvent("checkout.session.completed", completed);
    const firstEnd = (await row(id)).currentPeriodEnd!;
    // Stripe's own update of the new subscription, kept to be delivered again later.
    const early = signedWebhook(stripeEvent("customer.subscription.updated", subscription, "evt_test_early_update"), WEBHOOK_SECRET);
    expect((await postWebhook(early.body, early.signature)).status).toBe(200);

    // A renewal: invoice.paid for the next period moves the end forward.
    const nextEnd = subscription.items.data[0]!.current_period_end + 365 * 86_400;
    updateSubscription(subscription.id, { currentPeriodEnd: nextEnd });
    expect((await sendEvent("invoice.paid", paidInvoiceJson(subscription.id))).status).toBe(200);
    expect((await row(id)).currentPeriodEnd).toEqual(new Date(nextEnd * 1000));
    expect(firstEnd.getTime()).toBeLessThan(nextEnd * 1000);

    // The customer cancels: Stripe is told, the benefits stay until the end.
    const cancelled = await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, cookie);
    expect(cancelled.status).toBe(303);
    expect(stripeSubscriptions().find((s) => s.id === subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await row(id)).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
    expect(await hasActiveMembership(db, user.id)).toBe(true);
    // The early update delivered again (not cancelled, in its day) changes nothing now.
    const beforeReplay = await row(id);
    expect((await postWebhook(early.body, early.signature)).status).toBe(200);
    expect(await row(id)).toEqual(beforeReplay);
    expect(await processedCount("evt_test_early_update")).toBe(1);

    // A failed payment: PAST_DUE, and no member prices while it is unpaid.
    const pastDue = updateSubscription(subscription.id, { status: "past_due" });
    expect((await sendEvent("customer.subscription.updated", pastDue, "evt_test_past_due")).status).toBe(200);
    expect((await row(id)).status).toBe("PAST_DUE");
    expect(await hasActiveMembership(db, user.id)).toBe(false);

    // The end.
    const ended = updateSubscription(subscription.id, { status: "canceled" });
    expect((await sendEvent("customer.subscription.deleted", ended)).status).toBe(200);
    const final = await row(id);
    expect(final.status).toBe("CANCELLED");
    // The purchase was paid: its payment stays so, whatever came after.
    expect(await paymentsOf(id)).toMatchObject([{ reference: session.id, status: "PAID" }]);
    expect(await hasActiveMembership(db, user.id)).toBe(false);

    // Stripe retries an older update after the deletion: the subscription stays ended.
    const stale = { ...pastDue, status: "active", cancel_at_period_end: false };
    expect((await sendEvent("customer.subscription.updated", stale, "evt_test_stale_update")).status).toBe(200);
    expect(await row(id)).toEqual(final);
    expect(await processedCount("evt_test_stale_update")).toBe(1);
    expect(await hasActiveMembership(db, user.id)).toBe(false);
  });

  it("marks an abandoned purchase EXPIRED on checkout.session.expired; a new click opens a new purchase", async () => {
    const { cookie, session, id } = await boughtOnStripe();
    const expired = stripeEvent("checkout.session.expired", expireSession(session.id), "evt_test_expired");
    const { body, signature } = signedWebhook(expired, WEBHOOK_SECRET);
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await row(id)).status).toBe("EXPIRED");
    expect(await paymentsOf(id)).toEqual([
      { provider: "stripe", reference: session.id, url: null, amountCents: 15_000, status: "CANCELLED" },
    ]);
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect(await processedCount("evt_test_expired")).toBe(1);

    const again = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    const newest = stripeSessions().at(-1)!;
    expect(again.location).toBe(newest.url);
    const secondId = Number(newest.metadata.subscriptionId);
    expect(secondId).not.toBe(id);
    expect(await paymentsOf(secondId)).toMatchObject([{ reference: newest.id, status: "OPEN" }]);

    // Its session expires at Stripe before the webhook comes: the next click closes it and opens a third.
    expireSession(newest.id);
    const third = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    const latest = stripeSessions().at(-1)!;
    expect(third.location).toBe(latest.url);
    expect(Number(latest.metadata.subscriptionId)).not.toBe(secondId);
    expect((await row(secondId)).status).toBe("EXPIRED");
    expect(await paymentsOf(secondId)).toMatchObject([{ reference: newest.id, url: null, status: "CANCELLED" }]);
  });

  it("ignores events of a subscription this shop never linked, and answers 400 to a webhook it cannot trust", async () => {
    const { session, id } = await boughtOnStripe();
    const { session: completed } = completeSubscriptionSession(session.id);
    // Another shop's purchase on the same Stripe account: recorded, and nothing changes here.
    const elsewhere = await stripeGateway.createSubscriptionCheckoutSession({
      subscriptionId: 2_000_000_000,
      planCode: "MEMBERSHIP",
      planName: "Membership",
      amountCents: 15_000,
      interval: "year",
      email: "someone@example.com",
      locale: "en-US",
      successUrl: "https://elsewhere.test/return",
      cancelUrl: "https://elsewhere.test/",
    });
    const { subscription: foreign } = completeSubscriptionSession(elsewhere.sessionId);
    expect((await sendEvent("customer.subscription.created", foreign, "evt_test_foreign")).status).toBe(200);
    expect(await processedCount("evt_test_foreign")).toBe(1);
    expect((await row(id)).status).toBe("PENDING_PAYMENT");

    const event = stripeEvent("checkout.session.completed", completed, "evt_test_untrusted");
    const forged = signedWebhook(event, "whsec_someone_else");
    expect(await postWebhook(forged.body, forged.signature)).toEqual({ status: 400, data: { error: "bad signature" } });
    const genuine = signedWebhook(event, WEBHOOK_SECRET);
    expect((await postWebhook(genuine.body, null)).status).toBe(400);
    expect((await postWebhook(genuine.body.replace('"status":"complete"', '"status":"complete" '), genuine.signature)).status).toBe(400);
    expect((await row(id)).status).toBe("PENDING_PAYMENT");
    expect(await processedCount("evt_test_untrusted")).toBe(0);

    // A completed session that is not the one created for the row changes nothing.
    const other = { ...completed, id: "cs_test_not_ours" };
    expect((await sendEvent("checkout.session.completed", other)).status).toBe(200);
    expect((await row(id)).status).toBe("PENDING_PAYMENT");
    expect((await postWebhook(genuine.body, genuine.signature)).status).toBe(200);
    expect((await row(id)).status).toBe("ACTIVE");
  });

  it("applies Stripe's current state, not the payload's: distinct events out of order, late, or in an older API version", async () => {
    const { user, cookie, session, id } = await boughtOnStripe();
    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    await sendEvent("checkout.session.completed", completed);
    const firstInvoice = paidInvoiceJson(subscription.id);
    // Stripe's update of the new subscription (not cancelled), whose delivery fails for now.
    const created = subscriptionJson(subscription.id);

    // The renewal fails (past_due, the period already moved forward), then Stripe collects it
    // (active): the two updates are delivered in the wrong order.
    const nextEnd = subscription.items.data[0]!.current_period_end + 365 * 86_400;
    const failed = updateSubscription(subscription.id, { status: "past_due", currentPeriodEnd: nextEnd });
    const recovered = updateSubscription(subscription.id, { status: "active" });
    expect((await sendEvent("customer.subscription.updated", recovered, "evt_test_recovered")).status).toBe(200);
    expect((await sendEvent("customer.subscription.updated", failed, "evt_test_failed")).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "ACTIVE", currentPeriodEnd: new Date(nextEnd * 1000) });
    expect(await hasActiveMembership(db, user.id)).toBe(true);

    // The customer cancels; the old update, retried late, does not take the cancellation back.
    expect((await post(accountAction, "/account", { intent: "cancel-subscription", subscriptionId: String(id) }, cookie)).status).toBe(303);
    expect((await sendEvent("customer.subscription.updated", created, "evt_test_created_late")).status).toBe(200);
    expect((await row(id)).cancelAtPeriodEnd).toBe(true);

    // The next renewal fails: the first period's invoice.paid, retried late, does not make it active.
    const laterEnd = nextEnd + 365 * 86_400;
    const unpaid = updateSubscription(subscription.id, { status: "past_due", currentPeriodEnd: laterEnd });
    expect((await sendEvent("customer.subscription.updated", unpaid, "evt_test_unpaid")).status).toBe(200);
    expect((await sendEvent("invoice.paid", firstInvoice, "evt_test_old_invoice")).status).toBe(200);
    expect((await row(id)).status).toBe("PAST_DUE");
    expect(await hasActiveMembership(db, user.id)).toBe(false);

    // Stripe collects it; the endpoint's older API version puts the subscription at the top of the
    // invoice (no `parent`) and the period on the subscription (no `items[].current_period_end`).
    updateSubscription(subscription.id, { status: "active" });
    const { parent: _parent, ...legacyInvoice } = paidInvoiceJson(subscription.id) as Record<string, unknown>;
    const { items: _items, ...legacySubscription } = subscriptionJson(subscription.id);
    expect(
      (await sendEvent("customer.subscription.updated", { ...legacySubscription, current_period_end: laterEnd }, "evt_test_legacy_update"))
        .status,
    ).toBe(200);
    expect((await row(id)).status).toBe("ACTIVE");
    await db.update(subscriptions).set({ status: "PAST_DUE" }).where(eq(subscriptions.id, id));
    expect((await sendEvent("invoice.paid", { ...legacyInvoice, subscription: subscription.id }, "evt_test_legacy_invoice")).status).toBe(
      200,
    );
    expect(await row(id)).toMatchObject({ status: "ACTIVE", currentPeriodEnd: new Date(laterEnd * 1000), cancelAtPeriodEnd: true });
    expect(await hasActiveMembership(db, user.id)).toBe(true);
  });

  it("answers 503 to a subscription event when Stripe cannot be reached, records nothing, and applies Stripe's retry", async () => {
    const { session, id } = await boughtOnStripe();
    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    await sendEvent("checkout.session.completed", completed);
    const cancelled = updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    const { body, signature } = signedWebhook(
      stripeEvent("customer.subscription.updated", cancelled, "evt_test_during_outage"),
      WEBHOOK_SECRET,
    );
    stripeOutage(true);
    expect(await postWebhook(body, signature)).toEqual({ status: 503, data: { error: "payment unavailable" } });
    expect(await processedCount("evt_test_during_outage")).toBe(0);
    expect((await row(id)).cancelAtPeriodEnd).toBe(false);
    stripeOutage(false);
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await row(id)).cancelAtPeriodEnd).toBe(true);
    expect(await processedCount("evt_test_during_outage")).toBe(1);
  });

  it("links and applies an event that comes before checkout.session.completed: Stripe gives no order", async () => {
    const { user, session, id } = await boughtOnStripe();
    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    // The customer cancels on Stripe at once; that update comes before the completion.
    const cancelled = updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    expect(await sendEvent("customer.subscription.updated", cancelled, "evt_test_early_link")).toEqual({
      status: 200,
      data: { received: true },
    });
    const linked = await row(id);
    expect(linked).toMatchObject({
      status: "ACTIVE",
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
      cancelAtPeriodEnd: true,
    });
    expect(await processedCount("evt_test_early_link")).toBe(1);
    expect(await hasActiveMembership(db, user.id)).toBe(true);
    // The completion afterwards changes nothing.
    expect((await sendEvent("checkout.session.completed", completed)).status).toBe(200);
    expect(await row(id)).toEqual(linked);

    // A paid invoice first links a purchase just as well.
    const discovery = await boughtOnStripe("DISCOVERY_1");
    const { subscription: monthly } = completeSubscriptionSession(discovery.session.id);
    expect((await sendEvent("invoice.paid", paidInvoiceJson(monthly.id))).status).toBe(200);
    expect(await row(discovery.id)).toMatchObject({ status: "ACTIVE", stripeSubscriptionId: monthly.id, cancelAtPeriodEnd: false });

    // An update and the completion at the same time: whichever locks the row last reads the latest state.
    const third = await boughtOnStripe("DISCOVERY_2");
    const { session: thirdCompleted, subscription: thirdSubscription } = completeSubscriptionSession(third.session.id);
    const thirdCancelled = updateSubscription(thirdSubscription.id, { cancelAtPeriodEnd: true });
    const answers = await Promise.all([
      sendEvent("customer.subscription.updated", thirdCancelled),
      sendEvent("checkout.session.completed", thirdCompleted),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await row(third.id)).toMatchObject({ status: "ACTIVE", stripeSubscriptionId: thirdSubscription.id, cancelAtPeriodEnd: true });
  });

  it("records and ignores an early event whose purchase's session Stripe does not yet say complete; the completion applies the state", async () => {
    const { session, id } = await boughtOnStripe();
    const { session: completed, subscription } = completeSubscriptionSession(session.id);
    const cancelled = updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    server.use(
      http.get(
        "https://api.stripe.com/v1/checkout/sessions/:id",
        () => HttpResponse.json({ ...completed, status: "open", payment_status: "unpaid", subscription: null, customer: null }),
        {
          once: true,
        },
      ),
    );
    expect(await sendEvent("customer.subscription.created", cancelled, "evt_test_before_complete")).toEqual({
      status: 200,
      data: { received: true },
    });
    expect(await processedCount("evt_test_before_complete")).toBe(1);
    expect(await row(id)).toMatchObject({ status: "PENDING_PAYMENT", stripeSubscriptionId: null });

    expect((await sendEvent("checkout.session.completed", completed)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "ACTIVE", stripeSubscriptionId: subscription.id, cancelAtPeriodEnd: true });
  });

  it("expires the session it made when another click stored one first, and sends the customer to the stored one", async () => {
    const { user, cookie } = await customer();
    let other: { sessionId: string; url: string } | null = null;
    useStripeGateway({
      ...stripeGateway,
      async createSubscriptionCheckoutSession(request) {
        const made = await stripeGateway.createSubscriptionCheckoutSession(request);
        if (!other) {
          // Meanwhile another click (the customer's English tab) made its session and stored it first.
          other = await stripeGateway.createSubscriptionCheckoutSession({ ...request, locale: "en-US" });
          await recordSubscriptionPayment(db, {
            subscriptionId: request.subscriptionId,
            provider: "stripe",
            reference: other.sessionId,
            redirectUrl: other.url,
            amountCents: request.amountCents,
          });
        }
        return made;
      },
    });
    const bought = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    const stored = other as { sessionId: string; url: string } | null;
    expect(stored).not.toBeNull();
    expect(bought).toMatchObject({ status: 303, location: stored!.url });
    const sessions = stripeSessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.id === stored!.sessionId)).toMatchObject({ status: "open", locale: "en" });
    expect(sessions.find((s) => s.id !== stored!.sessionId)).toMatchObject({ status: "expired", locale: "fr-CA" });
    const [pending] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(pending).toMatchObject({ status: "PENDING_PAYMENT" });
    expect(await paymentsOf(pending!.id)).toMatchObject([{ reference: stored!.sessionId, status: "OPEN" }]);
  });

  it("keeps one session per purchase when two clicks create theirs at once: the second is expired, both go to the first", async () => {
    const { user, cookie } = await customer();
    // Both clicks have found no session and are creating one (in two languages) before either records it.
    let arrived = 0;
    let bothArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (bothArrived = resolve));
    useStripeGateway({
      ...stripeGateway,
      async createSubscriptionCheckoutSession(request) {
        const locale = arrived++ === 0 ? "fr-CA" : "en-US";
        const made = await stripeGateway.createSubscriptionCheckoutSession({ ...request, locale });
        if (arrived === 2) bothArrived();
        await barrier;
        return made;
      },
    });
    const clicks = await Promise.all([0, 1].map(() => post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie)));
    const sessions = stripeSessions();
    expect(sessions).toHaveLength(2);
    const open = sessions.filter((s) => s.status === "open");
    expect(open).toHaveLength(1);
    expect(sessions.filter((s) => s.status === "expired")).toHaveLength(1);
    expect(clicks.map((c) => [c.status, c.location])).toEqual([
      [303, open[0]!.url],
      [303, open[0]!.url],
    ]);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "PENDING_PAYMENT" });
    expect(await paymentsOf(rows[0]!.id)).toEqual([
      { provider: "stripe", reference: open[0]!.id, url: open[0]!.url, amountCents: 15_000, status: "OPEN" },
    ]);
  });

  it("opens the purchase again in the customer's new language when Stripe's first answer was lost", async () => {
    useStripeGateway(stripeGateway);
    const { user, cookie } = await customer();
    stripeOutage(true);
    expect((await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie)).status).toBe(503);
    stripeOutage(false);
    const [pending] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // Stripe made the French session, but its answer never came back.
    await stripeGateway.createSubscriptionCheckoutSession({
      subscriptionId: pending!.id,
      planCode: "MEMBERSHIP",
      planName: "Adhésion membre",
      amountCents: 15_000,
      interval: "year",
      email: user.email,
      locale: "fr-CA",
      successUrl: `http://shop.test/subscriptions/return?subscription=${pending!.id}`,
      cancelUrl: "http://shop.test/membres",
    });
    await db.update(users).set({ locale: "en-US" }).where(eq(users.id, user.id));

    const again = await post(membersAction, "/membres", { intent: "buy", planCode: "MEMBERSHIP" }, cookie);
    const newest = stripeSessions().at(-1)!;
    expect(again).toMatchObject({ status: 303, location: newest.url });
    expect(newest).toMatchObject({ locale: "en", metadata: { subscriptionId: String(pending!.id) } });
    expect(newest.lineItems[0]!.name).toBe("Membership");
    expect(await sessionOf(pending!.id)).toBe(newest.id);
  });

  it("counts each return-page load that asks Stripe against the checkout limit", async () => {
    const { cookie, id } = await boughtOnStripe();
    const path = `/subscriptions/return?subscription=${id}`;
    const loadFrom = async () => {
      const args = (await routeArgs(db, path, { init: { headers: { Cookie: cookie } } })) as {
        context: { set(key: unknown, value: unknown): void };
      };
      args.context.set(requestContext, { nonce: undefined, clientAddress: "203.0.113.77" });
      return returnLoader(args as never);
    };
    for (let i = 0; i < RATE_LIMITS.checkout.points; i++) await loadFrom();
    expect((await thrownResponse(loadFrom)).status).toBe(429);
  });

  it("answers 503 when Stripe is down, keeps the purchase pending, and the retry goes through", async () => {
    useStripeGateway(stripeGateway);
    const { user, cookie } = await customer();
    stripeOutage(true);
    const down = await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_2" }, cookie);
    expect(down.status).toBe(503);
    expect(down.data?.result?.error).toEqual({ "": ["subscriptions.errors.paymentUnavailable"] });
    const [pending] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.planCode, "DISCOVERY_2")));
    expect(pending).toMatchObject({ status: "PENDING_PAYMENT" });
    expect(await sessionOf(pending!.id)).toBeNull();
    stripeOutage(false);
    const retry = await post(discoveryAction, "/discovery", { intent: "buy", planCode: "DISCOVERY_2" }, cookie);
    expect(retry.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await paymentsOf(pending!.id)).toMatchObject([{ provider: "stripe", amountCents: 38_000, status: "OPEN" }]);
  });
});
