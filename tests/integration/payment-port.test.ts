/**
 * A second payment provider needs no route (docs/decisions/032): a fake provider, registered in
 * this test through the shop's payment registry and nowhere else, takes an order from the
 * checkout's own "Place the order" to PAID through the same completion as Stripe — its webhook
 * (at /webhooks/<its name>) and the shop's return page (with its own reference parameter). A
 * replayed webhook and a webhook racing the return page each complete the order once, with one
 * set of e-mails; a tender that pays at once (a gift card covering the amount) confirms the order
 * straight away. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readdirSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { branches, orders } from "~/db/schema";
import type { Order } from "~/orders/orders.server";
import { currentOrderPayment } from "~/payment/payments.server";
import type { PaymentProvider, PaymentProviderName, PaymentWebhookOutcome, StartPaymentRequest } from "~/payment/provider";
import { registerPaymentProviders } from "~/payment/registry.server";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as confirmationLoader } from "~/routes/checkout.confirmation";
import { action as webhookAction } from "~/routes/webhooks.$provider";
import { ensureGuestId } from "~/session.server";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { outboxDir } = await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("payment-port"));

const ORIGIN = "http://shop.test";
/** A name the vocabulary does not know: a real second tender would add it to PAYMENT_PROVIDERS. */
const FAKE = "fake-tender" as PaymentProviderName;
const SIGNATURE = "fake-signature";

/**
 * A tender kept in memory: `start` opens a page (or pays at once when `payAtOnce`), `pay` marks a
 * payment paid as its page would, its webhook is a JSON body signed with a fixed header, its return
 * page carries `?fake_ref=`.
 */
function fakeProvider(options: { payAtOnce?: boolean } = {}) {
  const started: (StartPaymentRequest & { reference: string; paid: boolean })[] = [];
  const provider: PaymentProvider = {
    name: FAKE,
    paysOnShopPage: false,
    refundsMoney: true,
    async start(request) {
      const reference = `fake_${crypto.randomUUID().slice(0, 8)}`;
      started.push({ ...request, reference, paid: options.payAtOnce === true });
      return options.payAtOnce ? { kind: "paid", reference } : { kind: "redirect", url: `https://pay.fake.test/${reference}`, reference };
    },
    async status(reference) {
      const payment = started.find((p) => p.reference === reference);
      if (!payment) return { kind: "missing" };
      return { kind: "found", reference, orderId: payment.orderId, status: payment.paid ? "complete" : "open", paid: payment.paid };
    },
    async cancel(reference) {
      return started.find((p) => p.reference === reference)?.paid ? { kind: "paid" } : { kind: "cancelled" };
    },
    async refund() {
      return { kind: "refunded", reference: "fake_refund" };
    },
    parseWebhook(rawBody, headers): PaymentWebhookOutcome {
      if (headers.get("x-fake-signature") !== SIGNATURE) return { kind: "invalid", reason: "bad signature" };
      const event = JSON.parse(rawBody) as { id: string; reference: string; orderId: number };
      return {
        kind: "payment",
        eventId: event.id,
        type: "payment.succeeded",
        reference: event.reference,
        orderId: event.orderId,
        result: "paid",
      };
    },
    returnReference(params) {
      return params.get("fake_ref");
    },
  };
  const pay = (reference: string) => {
    const payment = started.find((p) => p.reference === reference);
    if (!payment) throw new Error(`no fake payment ${reference}`);
    payment.paid = true;
    return payment;
  };
  return { provider, started, pay };
}

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImport: CatalogueItem;
let shopWine: CatalogueItem;
let shopFood: CatalogueItem;
let qcBranchId: number;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImport = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5, minUvc: 2 });
  shopWine = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "VIN" });
  shopFood = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "FOODS" });
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.province, "QC"), eq(branches.city, "Montréal")))
    .limit(1);
  if (!branch) throw new Error("the reference data has no QC branch in Montréal");
  qcBranchId = branch.id;
});

let fake: ReturnType<typeof fakeProvider>;

beforeEach(() => {
  fake = fakeProvider();
  registerPaymentProviders([fake.provider]);
});

afterEach(() => registerPaymentProviders(null));

afterAll(async () => {
  await testDb?.close();
});

/** A guest's cart (a case of private import, a bottle of wine, a food item) placed through the checkout's own action. */
async function placeThroughCheckout(): Promise<{ status: number; location: string | null }> {
  const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
  for (const [productInventoryId, quantity] of [
    [privateImport.id, 1],
    [shopWine.id, 1],
    [shopFood.id, 1],
  ] as const) {
    expect((await addToCart(db, { guestId }, "QC", "fr-CA", { productInventoryId, quantity })).ok).toBe(true);
  }
  const cart = await getCart(db, { guestId }, "QC", "fr-CA");
  if (!cart) throw new Error("cart missing");
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: "Zoé",
    lastName: "Roy",
    email: "zoe.roy@example.com",
    phone: "514 555 0123",
  });
  expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: "STORE_MTL" })).toBe(true);
  return thrownResponse(async () =>
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
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Posts the fake provider's webhook for a payment to the shop's webhook route. */
async function postWebhook(eventId: string, reference: string, orderId: number): Promise<number> {
  const result = (await webhookAction(
    await routeArgs(db, `/webhooks/${FAKE}`, {
      params: { provider: FAKE },
      init: {
        method: "POST",
        body: JSON.stringify({ id: eventId, reference, orderId }),
        headers: { "Content-Type": "application/json", "X-Fake-Signature": SIGNATURE },
      },
    }),
  )) as unknown as { init?: { status?: number } | null };
  return result.init?.status ?? 200;
}

/** The order's e-mails the outbox sent (the mailer tags their files `order-<number>-<kind>`). */
async function mailsOf(order: Pick<Order, "orderNumber">): Promise<string[]> {
  await sendOutbox(db);
  try {
    return readdirSync(outboxDir).filter((f) => f.endsWith(".eml") && f.includes(`-order-${order.orderNumber}-`));
  } catch {
    return [];
  }
}

/** What an e-mail file is, without its timestamp: "CUV-000012-confirmation.eml". */
const kindOf = (file: string) => file.replace(/^.*-order-/, "");

describe("a second payment provider, registered in the test only", () => {
  it("is chosen for new orders, opens its page, and its webhook completes the order once when replayed", async () => {
    const placed = await placeThroughCheckout();
    const [payment] = fake.started;
    expect(placed).toEqual({ status: 303, location: `https://pay.fake.test/${payment!.reference}` });
    const order = await orderRow(payment!.orderId);
    expect(order).toMatchObject({ status: "PENDING_PAYMENT", paymentProvider: FAKE });
    // The amount asked is the order's pay-now amount, to the cent; the return page is the shop's.
    expect(payment!.lineItems.reduce((sum, item) => sum + item.amountCents, 0)).toBe(order.payNowCents);
    expect(payment!.returnUrl).toBe(`${ORIGIN}/checkout/confirmation`);
    expect(await currentOrderPayment(db, order.id)).toMatchObject({
      provider: FAKE,
      externalReference: payment!.reference,
      status: "OPEN",
      amountCents: order.payNowCents,
    });

    fake.pay(payment!.reference);
    expect(await postWebhook("evt_1", payment!.reference, order.id)).toBe(200);
    expect(await postWebhook("evt_1", payment!.reference, order.id)).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid.status).toBe("PAID");
    expect(await currentOrderPayment(db, order.id)).toMatchObject({ status: "PAID" });
    // One confirmation (the agency in copy): one set of e-mails for two deliveries of the event.
    const mails = await mailsOf(order);
    expect(mails.map(kindOf)).toEqual([`${order.orderNumber}-confirmation.eml`]);
    expect(await postWebhook("evt_1", payment!.reference, order.id)).toBe(200);
    expect(await mailsOf(order)).toEqual(mails);
    expect((await orderRow(order.id)).paidAt).toEqual(paid.paidAt);
  });

  it("completes the order once when its return page and its webhook arrive at the same time", async () => {
    await placeThroughCheckout();
    const [payment] = fake.started;
    fake.pay(payment!.reference);
    const [returned, webhook] = await Promise.all([
      thrownResponse(async () => confirmationLoader(await routeArgs(db, `/checkout/confirmation?fake_ref=${payment!.reference}`))),
      postWebhook("evt_race", payment!.reference, payment!.orderId),
    ]);
    const order = await orderRow(payment!.orderId);
    expect(returned).toEqual({ status: 302, location: `/checkout/confirmation?order=${order.confirmationNumber}` });
    expect(webhook).toBe(200);
    expect(order.status).toBe("PAID");
    // The e-mails of one completion, not two.
    expect((await mailsOf(order)).map(kindOf)).toEqual([`${order.orderNumber}-confirmation.eml`]);
  });

  it("refuses a webhook it cannot verify and one naming a payment the order does not have, changing nothing", async () => {
    await placeThroughCheckout();
    const [payment] = fake.started;
    fake.pay(payment!.reference);
    const bad = (await webhookAction(
      await routeArgs(db, `/webhooks/${FAKE}`, {
        params: { provider: FAKE },
        init: { method: "POST", body: JSON.stringify({ id: "evt_bad", reference: payment!.reference, orderId: payment!.orderId }) },
      }),
    )) as unknown as { init?: { status?: number } | null };
    expect(bad.init?.status).toBe(400);
    expect(await postWebhook("evt_other", "fake_999", payment!.orderId)).toBe(200);
    expect((await orderRow(payment!.orderId)).status).toBe("PENDING_PAYMENT");
    expect(await thrownResponse(async () => confirmationLoader(await routeArgs(db, "/checkout/confirmation?fake_ref=fake_999")))).toEqual({
      status: 404,
      location: null,
    });
  });

  it("confirms the order straight away when the tender pays at once (a gift card covering the amount)", async () => {
    fake = fakeProvider({ payAtOnce: true });
    registerPaymentProviders([fake.provider]);
    const placed = await placeThroughCheckout();
    const [payment] = fake.started;
    const order = await orderRow(payment!.orderId);
    expect(placed).toEqual({ status: 303, location: `/checkout/confirmation?order=${order.confirmationNumber}` });
    expect(order.status).toBe("PAID");
    expect(await currentOrderPayment(db, order.id)).toMatchObject({ provider: FAKE, status: "PAID", redirectUrl: null });
    expect((await mailsOf(order)).map(kindOf)).toEqual([`${order.orderNumber}-confirmation.eml`]);
  });
});
