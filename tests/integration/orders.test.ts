/**
 * Orders against a real database: placing an order moves the stock in one
 * transaction, Stripe Checkout (msw mock of its HTTP API) and the simulated page complete it
 * through the one idempotent transition, webhooks are verified and replays change nothing,
 * cancellation and expiry give the stock back once, and concurrent placements never oversell.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import type { CartOwner } from "~/cart/cart-types";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, checkouts, orders, productInventories, reservations } from "~/db/schema";
import { expirePendingOrders, getOrderByConfirmation, type Order } from "~/orders/orders.server";
import { currentOrderPayment } from "~/payment/payments.server";
import { createStripeGateway } from "~/payment/stripe.server";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as confirmationLoader } from "~/routes/checkout.confirmation";
import { action as paymentAction } from "~/routes/checkout.payment";
import { action as webhookAction } from "~/routes/webhooks.$provider";
import { ensureGuestId } from "~/session.server";
import {
  checkoutSessionEvent,
  expireSession,
  markSessionPaid,
  resetStripeMock,
  signedWebhook,
  stripeHandlers,
  stripeOutage,
  stripeSessions,
} from "../mocks/stripe";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { paymentUrl, useStripeGateway } from "../support/payment-providers";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: the data folder and the outbox must be
// this file's own before any app module reads them.
const { outboxDir } = await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("orders"));

const WEBHOOK_SECRET = "whsec_test";
const ORIGIN = "http://shop.test";
const server = setupServer(...stripeHandlers);
const stripeGateway = createStripeGateway({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, maxNetworkRetries: 0 });

let testDb: TestDatabase;
let db: TestDatabase["db"];
type Channel = CatalogueItem;
/** The private-import case most tests buy (stock ≥ 5 cases). */
let privateImport: Channel;
/** Another private-import product, for the tests that set its stock by hand. */
let scarceImport: Channel;
let shopWine: Channel;
let shopFood: Channel;
/** An upcoming private-import product sold by cases of more than one bottle (reservations). */
let upcoming: Channel;
let qcBranchId: number;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImport = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5, minUvc: 2 });
  scarceImport = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 1, exclude: [privateImport.id] });
  shopWine = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "VIN" });
  shopFood = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "FOODS" });
  upcoming = await findCatalogueItem(db, "IP", "UPCOMING", { minUvc: 2 });
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.province, "QC"), eq(branches.city, "Montréal")))
    .limit(1);
  if (!branch) throw new Error("the reference data has no QC branch in Montréal");
  qcBranchId = branch.id;
});

beforeEach(async () => {
  useStripeGateway(stripeGateway);
  // Each test measures the stock it moves; a generous stock keeps earlier tests' orders from starving it.
  await setStock(privateImport.id, 40 * privateImport.uvc);
  await setStock(shopWine.id, 100);
  await setStock(shopFood.id, 100);
});

afterEach(() => {
  resetStripeMock();
  useStripeGateway(undefined);
});

afterAll(async () => {
  server.close();
  await testDb?.close();
});

// --- helpers ----------------------------------------------------------------------------------

const newGuest = (): { guestId: string } => ({ guestId: crypto.randomUUID() });

/** The default cart: 2 cases of private import, 2 bottles of shop wine and a food item (the licence rule). */
const defaultLines = (): [number, number][] => [
  [privateImport.id, 2],
  [shopWine.id, 2],
  [shopFood.id, 1],
];

/** Fills the owner's QC cart and answers steps 1 and 2; returns the cart as step 3 shows it. */
async function prepareCheckout(owner: CartOwner, lines: [number, number][] = defaultLines()) {
  for (const [productInventoryId, quantity] of lines) {
    const added = await addToCart(db, owner, "QC", "fr-CA", { productInventoryId, quantity });
    expect(added.ok, `adding ${quantity} × ${productInventoryId}`).toBe(true);
  }
  const cart = await getCart(db, owner, "QC", "fr-CA");
  if (!cart) throw new Error("cart missing after adding lines");
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: "Zoé",
    lastName: "Roy",
    email: "zoe.roy@example.com",
    phone: "514 555 0123",
  });
  expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: "STORE_MTL" })).toBe(true);
  return cart;
}

async function place(owner: CartOwner, lockVersion: number, paymentProvider: "stripe" | "simulated" = "stripe") {
  return placeOrder(db, { owner, province: "QC", locale: "fr-CA", lockVersion, paymentProvider });
}

/** Prepares and places the default cart; fails the test unless an order is created. */
async function placedOrder(owner: CartOwner = newGuest(), paymentProvider: "stripe" | "simulated" = "stripe") {
  const cart = await prepareCheckout(owner);
  const placed = await place(owner, cart.lockVersion, paymentProvider);
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  expect(placed.created).toBe(true);
  return { owner, cart, order: placed.order };
}

async function stockOf(id: number): Promise<number> {
  const [row] = await db.select({ quantity: productInventories.quantity }).from(productInventories).where(eq(productInventories.id, id));
  return row!.quantity;
}

async function setStock(id: number, quantity: number): Promise<void> {
  await db.update(productInventories).set({ quantity }).where(eq(productInventories.id, id));
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function ordersOfCart(cartId: number): Promise<Order[]> {
  return db.select().from(orders).where(eq(orders.cartId, cartId));
}

/** Decodes quoted-printable soft breaks and =XX bytes, enough to search a message's text. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The .eml files the outbox holds for an order (the mailer tags them `order-<number>-<kind>`). */
async function mailsOf(order: Pick<Order, "orderNumber">): Promise<{ file: string; text: string }[]> {
  await sendOutbox(testDb.db);
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".eml") && f.includes(`-order-${order.orderNumber}-`));
  } catch {
    return [];
  }
  return files.sort().map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), "utf8")) }));
}

type DataResult = { type?: string; data: Record<string, unknown>; init?: { status?: number } | null };

/** Posts a signed (or deliberately badly signed) Stripe event to the webhook route's action. */
async function postWebhook(body: string, signature: string | null): Promise<{ status: number; data: unknown }> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const result = (await webhookAction(
    await routeArgs(db, "/webhooks/stripe", { params: { provider: "stripe" }, init: { method: "POST", body, headers } }),
  )) as unknown as DataResult;
  return { status: result.init?.status ?? 200, data: result.data };
}

/** The Stripe session paymentUrl created for an order (exactly one expected). */
function onlySessionOf(order: Order) {
  const sessions = stripeSessions().filter((s) => s.metadata.orderId === String(order.id));
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

// --- Stripe ------------------------------------------------------------------------------------

describe("paying with Stripe", () => {
  it("places a pending order, opens one Checkout Session for the pay-now amount, and the webhook completes it", async () => {
    const stockBefore = {
      ip: await stockOf(privateImport.id),
      wine: await stockOf(shopWine.id),
      food: await stockOf(shopFood.id),
    };
    const { owner, cart, order } = await placedOrder();

    expect(order.status).toBe("PENDING_PAYMENT");
    expect(order.paymentProvider).toBe("stripe");
    expect(order.payNowCents).toBeGreaterThan(0);
    expect(order.totalCents).toBe(order.payNowCents + order.payAtLiquorBoardCents);
    expect(order.phone).toBe("+15145550123");
    expect(order.boutiqueCode).toBe("STORE_MTL");
    expect(order.branchId).toBe(qcBranchId);
    // Cases × bottles per case for private import, units for the shop.
    expect(await stockOf(privateImport.id)).toBe(stockBefore.ip - 2 * privateImport.uvc);
    expect(await stockOf(shopWine.id)).toBe(stockBefore.wine - 2);
    expect(await stockOf(shopFood.id)).toBe(stockBefore.food - 1);
    const details = await getOrderByConfirmation(db, order.confirmationNumber);
    expect(details?.lines.map((l) => [l.productInventoryId, l.section, l.quantity, l.bottles])).toEqual([
      [privateImport.id, "AGENCY", 2, 2 * privateImport.uvc],
      [shopWine.id, "SHOP", 2, 2],
      [shopFood.id, "SHOP", 1, 1],
    ]);

    const url = await paymentUrl(db, order, ORIGIN);
    const session = onlySessionOf(order);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(session.currency).toBe("cad");
    expect(session.lineItems.every((item) => item.currency === "cad" && item.quantity === 1)).toBe(true);
    expect(session.lineItems.reduce((sum, item) => sum + item.amountCents * item.quantity, 0)).toBe(order.payNowCents);
    expect(session.amount_total).toBe(order.payNowCents);
    expect(session.metadata).toMatchObject({ orderId: String(order.id), orderNumber: order.orderNumber });
    expect(session.paymentIntentMetadata).toMatchObject({ orderId: String(order.id) });
    expect(session.customer_email).toBe("zoe.roy@example.com");
    expect(session.success_url).toBe(`${ORIGIN}/checkout/confirmation?session_id={CHECKOUT_SESSION_ID}`);

    // Coming back to pay (a second click, the payment page) reuses the session.
    const again = await paymentUrl(db, await orderRow(order.id), ORIGIN);
    expect(again).toBe(url);
    expect(stripeSessions()).toHaveLength(1);
    expect(await currentOrderPayment(db, order.id)).toMatchObject({
      provider: "stripe",
      externalReference: session.id,
      status: "OPEN",
      amountCents: order.payNowCents,
    });
    expect(await mailsOf(order)).toEqual([]);

    const { body, signature } = signedWebhook(
      checkoutSessionEvent("checkout.session.completed", markSessionPaid(session.id)),
      WEBHOOK_SECRET,
    );
    const answer = await postWebhook(body, signature);
    expect(answer).toEqual({ status: 200, data: { received: true } });

    const paid = await orderRow(order.id);
    expect(paid.status).toBe("PAID");
    expect(paid.paidAt).toBeInstanceOf(Date);
    // The ordered lines leave the cart, and the checkout answers with them.
    expect((await getCart(db, owner, "QC", "fr-CA"))?.lines ?? []).toEqual([]);
    expect(await db.select().from(checkouts).where(eq(checkouts.cartId, cart.id))).toEqual([]);
    // Stock is not moved again by the payment.
    expect(await stockOf(privateImport.id)).toBe(stockBefore.ip - 2 * privateImport.uvc);

    const mails = await mailsOf(paid);
    expect(mails.map((m) => m.file)).toEqual([expect.stringMatching(new RegExp(`-order-${paid.orderNumber}-confirmation\\.eml$`))]);
    expect(mails[0]!.text).toContain(paid.confirmationNumber);
    expect(mails[0]!.text).toContain("To: zoe.roy@example.com");
  });

  it("completes the order once when the webhook is replayed three times and the shopper comes back", async () => {
    const { order } = await placedOrder();
    await paymentUrl(db, order, ORIGIN);
    const session = onlySessionOf(order);
    const { body, signature } = signedWebhook(
      checkoutSessionEvent("checkout.session.completed", markSessionPaid(session.id)),
      WEBHOOK_SECRET,
    );

    expect((await postWebhook(body, signature)).status).toBe(200);
    const first = await orderRow(order.id);
    expect(first.status).toBe("PAID");
    const paidAt = first.paidAt!.getTime();

    for (let i = 0; i < 2; i++) expect((await postWebhook(body, signature)).status).toBe(200);
    // Stripe's return page, after the webhook: it only redirects to the confirmation.
    const back = await thrownResponse(async () =>
      confirmationLoader(await routeArgs(db, `/checkout/confirmation?session_id=${session.id}`)),
    );
    expect(back).toEqual({ status: 302, location: `/checkout/confirmation?order=${order.confirmationNumber}` });

    const after = await orderRow(order.id);
    expect(after.status).toBe("PAID");
    expect(after.paidAt!.getTime()).toBe(paidAt);
    expect(after.closedAt!.getTime()).toBe(paidAt);
    const mails = await mailsOf(after);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(order.confirmationNumber);

    const page = (await confirmationLoader(await routeArgs(db, `/checkout/confirmation?order=${order.confirmationNumber}`))) as unknown as {
      failed: boolean;
      order: { status: string; payNowCents: number; paymentPath: string | null };
    };
    expect(page.failed).toBe(false);
    expect(page.order).toMatchObject({ status: "PAID", payNowCents: order.payNowCents, paymentPath: null });
  });

  it("completes the order from the return page when it comes before the webhook", async () => {
    const { order } = await placedOrder();
    await paymentUrl(db, order, ORIGIN);
    const session = onlySessionOf(order);

    // Not paid yet: the return page changes nothing.
    const early = await thrownResponse(async () =>
      confirmationLoader(await routeArgs(db, `/checkout/confirmation?session_id=${session.id}`)),
    );
    expect(early.location).toBe(`/checkout/confirmation?order=${order.confirmationNumber}`);
    expect((await orderRow(order.id)).status).toBe("PENDING_PAYMENT");

    const event = checkoutSessionEvent("checkout.session.completed", markSessionPaid(session.id));
    await thrownResponse(async () => confirmationLoader(await routeArgs(db, `/checkout/confirmation?session_id=${session.id}`)));
    const paid = await orderRow(order.id);
    expect(paid.status).toBe("PAID");
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await orderRow(order.id)).paidAt!.getTime()).toBe(paid.paidAt!.getTime());
    expect(await mailsOf(paid)).toHaveLength(1);
  });

  it("answers 400 to a webhook it cannot trust and changes nothing", async () => {
    const { order } = await placedOrder();
    await paymentUrl(db, order, ORIGIN);
    const session = onlySessionOf(order);
    const event = checkoutSessionEvent("checkout.session.completed", markSessionPaid(session.id));
    const stock = await stockOf(privateImport.id);

    const wrongSecret = signedWebhook(event, "whsec_someone_else");
    expect(await postWebhook(wrongSecret.body, wrongSecret.signature)).toEqual({ status: 400, data: { error: "bad signature" } });
    const genuine = signedWebhook(event, WEBHOOK_SECRET);
    const tampered = genuine.body.replace(`"orderId":"${order.id}"`, `"orderId":"${order.id}" `);
    expect(tampered).not.toBe(genuine.body);
    expect((await postWebhook(tampered, genuine.signature)).status).toBe(400);
    expect((await postWebhook(genuine.body, null)).status).toBe(400);
    expect((await postWebhook(genuine.body, "t=1,v1=deadbeef")).status).toBe(400);

    const after = await orderRow(order.id);
    expect(after.status).toBe("PENDING_PAYMENT");
    expect(after.paidAt).toBeNull();
    expect(await stockOf(privateImport.id)).toBe(stock);
    expect(await mailsOf(order)).toEqual([]);
  });

  it("cancels the order on checkout.session.expired and gives its stock back once", async () => {
    const before = { ip: await stockOf(privateImport.id), wine: await stockOf(shopWine.id), food: await stockOf(shopFood.id) };
    const { owner, order } = await placedOrder();
    expect(await stockOf(privateImport.id)).toBe(before.ip - 2 * privateImport.uvc);
    await paymentUrl(db, order, ORIGIN);
    const session = onlySessionOf(order);

    const { body, signature } = signedWebhook(checkoutSessionEvent("checkout.session.expired", expireSession(session.id)), WEBHOOK_SECRET);
    expect((await postWebhook(body, signature)).status).toBe(200);
    const cancelled = await orderRow(order.id);
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.closedAt).toBeInstanceOf(Date);
    const restored = { ip: await stockOf(privateImport.id), wine: await stockOf(shopWine.id), food: await stockOf(shopFood.id) };
    expect(restored).toEqual(before);

    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect({ ip: await stockOf(privateImport.id), wine: await stockOf(shopWine.id), food: await stockOf(shopFood.id) }).toEqual(before);
    // The cart is untouched: the shopper can place it again.
    expect((await getCart(db, owner, "QC", "fr-CA"))!.lines).toHaveLength(3);
    expect(await mailsOf(order)).toEqual([]);
  });
});

// --- Expiry, concurrency, stale carts ---------------------------------------------------------

describe("pending orders that are never paid", () => {
  it("expire after the payment window, their stock returns, and a second sweep changes nothing", async () => {
    // Other tests' pending orders are swept first so the counts below are this order's alone.
    await expirePendingOrders(db, new Date(Date.now() + 46 * 60_000));
    const before = await stockOf(privateImport.id);
    const { order } = await placedOrder();
    expect(await stockOf(privateImport.id)).toBe(before - 2 * privateImport.uvc);

    expect(await expirePendingOrders(db, new Date(order.createdAt.getTime() + 44 * 60_000))).toBe(0);
    expect((await orderRow(order.id)).status).toBe("PENDING_PAYMENT");

    const sweptAt = new Date(order.createdAt.getTime() + 46 * 60_000);
    expect(await expirePendingOrders(db, sweptAt)).toBe(1);
    const expired = await orderRow(order.id);
    expect(expired.status).toBe("EXPIRED");
    expect(expired.closedAt?.getTime()).toBe(sweptAt.getTime());
    expect(await stockOf(privateImport.id)).toBe(before);

    expect(await expirePendingOrders(db, new Date(sweptAt.getTime() + 60_000))).toBe(0);
    expect(await orderRow(order.id)).toEqual(expired);
    expect(await stockOf(privateImport.id)).toBe(before);
  });
});

describe("placing", () => {
  it("sells the last 5 cases to exactly 5 of 20 shoppers placing at once", async () => {
    const lastCases = 5;
    const owners = Array.from({ length: 20 }, newGuest);
    const carts: Awaited<ReturnType<typeof prepareCheckout>>[] = [];
    // Each cart is filled while the stock still holds a case (the cart refuses more than the stock).
    await setStock(scarceImport.id, Math.max(scarceImport.stock, scarceImport.uvc));
    for (const owner of owners) carts.push(await prepareCheckout(owner, [[scarceImport.id, 1]]));
    await setStock(scarceImport.id, lastCases * scarceImport.uvc);

    const results = await Promise.all(owners.map((owner, i) => place(owner, carts[i]!.lockVersion)));

    const placed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(placed).toHaveLength(lastCases);
    expect(refused).toHaveLength(20 - lastCases);
    expect(refused.every((r) => !r.ok && r.error === "stock")).toBe(true);
    expect(await stockOf(scarceImport.id)).toBe(0);
    const rows = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        sql`${orders.cartId} in (${sql.join(
          carts.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
      );
    expect(rows).toHaveLength(lastCases);
    expect(rows.every((r) => r.status === "PENDING_PAYMENT")).toBe(true);
  });

  it("never deadlocks: re-placing over an older pending order, other placements and the sweep run at once", async () => {
    // Products P1 < P2 by id. Shoppers A hold a pending order of P2 and then add P1 (their
    // re-placement gives P2 back before taking both); shoppers B place {P1, P2}; a sweep expires
    // old orders of P2 — every transaction must lock in the same order (PostgreSQL detects a cycle).
    const [p1, p2] = [privateImport, scarceImport].sort((a, b) => a.id - b.id);
    await setStock(p1!.id, 200 * p1!.uvc);
    await setStock(p2!.id, 200 * p2!.uvc);
    const aOwners = Array.from({ length: 5 }, newGuest);
    const aVersions: number[] = [];
    for (const owner of aOwners) {
      const cart = await prepareCheckout(owner, [[p2!.id, 1]]);
      const first = await place(owner, cart.lockVersion, "simulated");
      expect(first.ok).toBe(true);
      const added = await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: p1!.id, quantity: 1 });
      aVersions.push(added.ok ? added.cart.lockVersion : -1);
    }
    const stale = await placedOrder(newGuest(), "simulated");
    const bOwners = Array.from({ length: 5 }, newGuest);
    const bVersions: number[] = [];
    for (const owner of bOwners)
      bVersions.push(
        (
          await prepareCheckout(owner, [
            [p1!.id, 1],
            [p2!.id, 1],
          ])
        ).lockVersion,
      );

    const results = await Promise.all([
      ...aOwners.map((owner, i) => place(owner, aVersions[i]!, "simulated")),
      ...bOwners.map((owner, i) => place(owner, bVersions[i]!, "simulated")),
      expirePendingOrders(db, new Date(stale.order.paymentDueAt.getTime() + 60_000)),
    ]);
    // Every placement went through (none threw "deadlock detected"), and the sweep finished.
    expect(results.slice(0, 10).every((r) => typeof r === "object" && r.ok)).toBe(true);
    expect(typeof results[10]).toBe("number");
  });

  it("during a Stripe outage says so, keeps the order pending and the cart whole, and pays once Stripe is back", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
    const cart = await prepareCheckout({ guestId });
    const post = async () =>
      checkoutAction(
        await routeArgs(db, "/checkout?step=3", {
          init: {
            method: "POST",
            body: new URLSearchParams({ intent: "place", lockVersion: String(cart.lockVersion), acceptRules: "on" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: setCookie.split(";")[0]! },
          },
        }),
      );
    stripeOutage(true);
    const refused = (await post()) as unknown as DataResult;
    expect(refused.init?.status).toBe(503);
    expect(refused.data.error).toBe("paymentUnavailable");
    const [pending] = await ordersOfCart(cart.id);
    expect(pending?.status).toBe("PENDING_PAYMENT");
    expect((await getCart(db, { guestId }, "QC", "fr-CA"))!.lines).toHaveLength(cart.lines.length);

    stripeOutage(false);
    const response = await post().catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    // The same order, not a second one.
    expect((await ordersOfCart(cart.id)).map((o) => o.id)).toEqual([pending!.id]);
  });

  it("refuses a cart changed in another tab since step 3 was shown (conflict), domain and route", async () => {
    const owner = newGuest();
    const shown = await prepareCheckout(owner);
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const now = (await getCart(db, owner, "QC", "fr-CA"))!;
    expect(now.lockVersion).toBeGreaterThan(shown.lockVersion);
    const stock = await stockOf(privateImport.id);

    expect(await place(owner, shown.lockVersion)).toEqual({ ok: false, error: "conflict" });
    expect(await ordersOfCart(shown.id)).toEqual([]);

    // The same through the checkout page, as the browser posts it.
    const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
    const tabs = await prepareCheckout({ guestId });
    await addToCart(db, { guestId }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const result = (await checkoutAction(
      await routeArgs(db, "/checkout?step=3", {
        init: {
          method: "POST",
          body: new URLSearchParams({ intent: "place", lockVersion: String(tabs.lockVersion), acceptRules: "on" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: setCookie.split(";")[0]! },
        },
      }),
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(409);
    expect(result.data.error).toBe("conflict");
    expect(await ordersOfCart(tabs.id)).toEqual([]);
    expect(await stockOf(privateImport.id)).toBe(stock);
    expect(stripeSessions()).toEqual([]);
  });

  it("refuses the order when the stock went away between the cart and the payment", async () => {
    const original = await stockOf(scarceImport.id);
    await setStock(scarceImport.id, 3 * scarceImport.uvc);
    try {
      const owner = newGuest();
      const cart = await prepareCheckout(owner, [[scarceImport.id, 2]]);
      const lowered = 2 * scarceImport.uvc - 1;
      await setStock(scarceImport.id, lowered);

      expect(await place(owner, cart.lockVersion)).toEqual({ ok: false, error: "stock" });
      expect(await ordersOfCart(cart.id)).toEqual([]);
      expect(stripeSessions()).toEqual([]);
      expect(await stockOf(scarceImport.id)).toBe(lowered);
      expect((await getCart(db, owner, "QC", "fr-CA"))!.lines).toHaveLength(1);
    } finally {
      await setStock(scarceImport.id, original);
    }
  });

  it("gives one order for the same cart version placed twice", async () => {
    const before = await stockOf(privateImport.id);
    const owner = newGuest();
    const cart = await prepareCheckout(owner);
    const first = await place(owner, cart.lockVersion);
    const second = await place(owner, cart.lockVersion);
    expect(first.ok && first.created).toBe(true);
    expect(second.ok && second.created).toBe(false);
    expect(second.ok && second.order.id).toBe(first.ok && first.order.id);
    expect(second.ok && second.order.confirmationNumber).toBe(first.ok && first.order.confirmationNumber);
    expect(await ordersOfCart(cart.id)).toHaveLength(1);
    expect(await stockOf(privateImport.id)).toBe(before - 2 * privateImport.uvc);
  });
});

// --- Simulated payment and reservations -------------------------------------------------------

describe("the simulated payment page", () => {
  beforeEach(() => useStripeGateway(null));

  /** Posts the payment page's form; `cookie` is the browser's (only its placer may cancel, docs/decisions/031). */
  const postPayment = async (order: Order, intent: string, cookie = "") =>
    thrownResponse(async () =>
      paymentAction(
        await routeArgs(db, `/checkout/payment?order=${order.confirmationNumber}`, {
          init: {
            method: "POST",
            body: new URLSearchParams({ intent }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          },
        }),
      ),
    );

  it("pays: 303 to the confirmation, the order PAID and its e-mail sent", async () => {
    const { owner, order } = await placedOrder(newGuest(), "simulated");
    expect(order.paymentProvider).toBe("simulated");
    expect(await paymentUrl(db, order, ORIGIN)).toBe(`/checkout/payment?order=${order.confirmationNumber}`);

    expect(await postPayment(order, "pay")).toEqual({
      status: 303,
      location: `/checkout/confirmation?order=${order.confirmationNumber}`,
    });
    const paid = await orderRow(order.id);
    expect(paid.status).toBe("PAID");
    expect((await getCart(db, owner, "QC", "fr-CA"))?.lines ?? []).toEqual([]);
    const mails = await mailsOf(paid);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(order.confirmationNumber);
    expect(stripeSessions()).toEqual([]);
  });

  it("cancels: 303 back to step 3, the order CANCELLED, its stock back, the cart intact", async () => {
    const before = { ip: await stockOf(privateImport.id), wine: await stockOf(shopWine.id), food: await stockOf(shopFood.id) };
    const guest = await ensureGuestId(new Request(`${ORIGIN}/`));
    const { owner, order } = await placedOrder({ guestId: guest.guestId }, "simulated");
    expect(await stockOf(shopWine.id)).toBe(before.wine - 2);

    expect(await postPayment(order, "cancel", guest.setCookie.split(";")[0])).toEqual({ status: 303, location: "/checkout?step=3" });
    const cancelled = await orderRow(order.id);
    expect(cancelled.status).toBe("CANCELLED");
    expect({ ip: await stockOf(privateImport.id), wine: await stockOf(shopWine.id), food: await stockOf(shopFood.id) }).toEqual(before);
    expect((await getCart(db, owner, "QC", "fr-CA"))!.lines.map((l) => [l.productInventoryId, l.quantity])).toEqual([
      [privateImport.id, 2],
      [shopWine.id, 2],
      [shopFood.id, 1],
    ]);
    // A cancelled order cannot be paid any more.
    const late = (await paymentAction(
      await routeArgs(db, `/checkout/payment?order=${order.confirmationNumber}`, {
        init: {
          method: "POST",
          body: new URLSearchParams({ intent: "pay" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        },
      }),
    )) as unknown as DataResult;
    expect(late.init?.status).toBe(400);
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect(await mailsOf(order)).toEqual([]);
  });
});

describe("an order of reserved lines only", () => {
  it("is CONFIRMED at once with nothing to pay, a reservation by the case, and an empty cart", async () => {
    const stock = await stockOf(upcoming.id);
    const owner = newGuest();
    const cart = await prepareCheckout(owner, [[upcoming.id, 2]]);
    expect(cart.lines.map((l) => l.section)).toEqual(["RESERVED"]);

    const placed = await place(owner, cart.lockVersion);
    if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
    const { order } = placed;
    expect(order.status).toBe("CONFIRMED");
    expect(order.payNowCents).toBe(0);
    expect(order.paymentProvider).toBe("none");
    const rows = await db.select().from(reservations).where(eq(reservations.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      productInventoryId: upcoming.id,
      status: "REQUESTED",
      quantity: 2,
      byCase: true,
      bottles: 2 * upcoming.uvc,
      email: "zoe.roy@example.com",
      phone: "+15145550123",
    });
    expect((await getCart(db, owner, "QC", "fr-CA"))?.lines ?? []).toEqual([]);
    // Reservations take no stock.
    expect(await stockOf(upcoming.id)).toBe(stock);
    expect(stripeSessions()).toEqual([]);
  });

  it("through the checkout page: 303 to the confirmation, with the confirmation and reservation e-mails", async () => {
    const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
    const cart = await prepareCheckout({ guestId }, [[upcoming.id, 1]]);
    const answer = await thrownResponse(async () =>
      checkoutAction(
        await routeArgs(db, "/checkout?step=3", {
          init: {
            method: "POST",
            body: new URLSearchParams({ intent: "place", lockVersion: String(cart.lockVersion), acceptRules: "on" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: setCookie.split(";")[0]! },
          },
        }),
      ),
    );
    const [order] = await ordersOfCart(cart.id);
    expect(order?.status).toBe("CONFIRMED");
    expect(answer).toEqual({ status: 303, location: `/checkout/confirmation?order=${order!.confirmationNumber}` });
    const mails = await mailsOf(order!);
    expect(mails.map((m) => m.file.replace(/^.*-order-/, "order-"))).toEqual([
      `order-${order!.orderNumber}-confirmation.eml`,
      `order-${order!.orderNumber}-reservations.eml`,
    ]);
    expect(mails[0]!.text).toContain(order!.confirmationNumber);
    expect(stripeSessions()).toEqual([]);
  });
});
