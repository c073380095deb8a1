/**
 * The agency's orders (docs/product.md#branch-follow-up agency order, follow-up of 10 business days;
 * decision 019) against a real database: each step through the staff page's own loader and action
 * (agency fees received, ready for pick-up, picked up, refund), its refusal when the order moved on
 * (409) or the step does not apply, its audit row and its e-mail in the order's language; the
 * refund through Stripe (msw mock of its HTTP API) and the simulated one, with the stock rule;
 * the list's filters; the customer's history; and 404 to a customer and a guest on every staff
 * loader and action. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderHistoryData } from "~/accounts/order-history-view";
import { agencyDashboard } from "~/agency/dashboard.server";
import { addToCart, getCart } from "~/cart/cart.server";
import type { CartOwner } from "~/cart/cart-types";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { auditLog, branches, orders, productInventories, reservations } from "~/db/schema";
import { parseOrderListFilters } from "~/fulfilment/fulfilment-forms";
import { listStaffOrders, takeFulfilmentStep } from "~/fulfilment/order-fulfilment.server";
import { requestContext } from "~/http/request-context";
import { formatMoney } from "~/i18n/format";
import { completeOrderPayment, type Order } from "~/orders/orders.server";
import { currentOrderPayment } from "~/payment/payments.server";
import { createStripeGateway } from "~/payment/stripe.server";
import { loader as salesLoader } from "~/routes/account.sales";
import { action as orderAction, loader as orderLoader } from "~/routes/agence.commande";
import { loader as listLoader } from "~/routes/agence.commandes";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { registerCustomer, startUserSession, type User, verifyCredentials } from "~/users/users.server";
import { markSessionPaid, resetStripeMock, stripeHandlers, stripeOutage, stripeRefunds, stripeSessions } from "../mocks/stripe";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { paymentUrl, useStripeGateway } from "../support/payment-providers";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder and outbox.
const { outboxDir } = await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("fulfilment"));

const ORIGIN = "http://shop.test";
const server = setupServer(...stripeHandlers);
const stripeGateway = createStripeGateway({ secretKey: "sk_test_x", webhookSecret: "whsec_test", maxNetworkRetries: 0 });

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImport: CatalogueItem;
let shopWine: CatalogueItem;
let shopFood: CatalogueItem;
let ontarioImport: CatalogueItem;
let qcBranchId: number;
let onBranchId: number;
let staff: { user: User; cookie: string };
let customer: { user: User; cookie: string };

async function sessionCookie(userId: number): Promise<string> {
  return (await startUserSession(db, new Request(`${ORIGIN}/`), userId)).split(";")[0]!;
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImport = await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5, minUvc: 2 });
  shopWine = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "VIN" });
  shopFood = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "FOODS" });
  ontarioImport = await findCatalogueItem(db, "PI", "AVAILABLE", { minCases: 5 });
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;
  const [onBranch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "ON")).limit(1);
  onBranchId = onBranch!.id;
  await seedDemoAccounts(db, "development");
  const staffUser = await verifyCredentials(db, DEMO_ACCOUNTS.find((a) => a.email === "agence@demo.cuvee.test")!.email, "cuvee-demo-staff");
  if (!staffUser) throw new Error("the demo staff login failed");
  staff = { user: staffUser, cookie: await sessionCookie(staffUser.id) };
  const registered = await registerCustomer(db, {
    firstName: "Élise",
    lastName: "Tremblay",
    email: "elise.tremblay@example.com",
    password: "a good password",
    province: "QC",
    locale: "fr-CA",
  });
  if (registered === "email-taken") throw new Error("customer exists");
  customer = { user: registered, cookie: await sessionCookie(registered.id) };
});

beforeEach(async () => {
  // A generous stock, so no test starves the next one; each test measures what it moves.
  for (const [item, quantity] of [
    [privateImport, 40 * privateImport.uvc],
    [ontarioImport, 40 * ontarioImport.uvc],
    [shopWine, 100],
    [shopFood, 100],
  ] as const) {
    await db.update(productInventories).set({ quantity }).where(eq(productInventories.id, item.id));
  }
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

type Lines = [number, number][];
const mixedLines = (): Lines => [
  [privateImport.id, 1],
  [shopWine.id, 1],
  [shopFood.id, 1],
];
const boutiqueLines = (): Lines => [[shopFood.id, 2]];

/**
 * Places and pays an order in Quebec (or in Ontario: `province: "ON"`, one case of an Ontario
 * private import unless `lines` says otherwise): a guest's unless `owner` is given; paid on the
 * simulated page, or through Stripe's mock (a Checkout Session created, then paid).
 */
async function paidOrder(
  options: {
    lines?: Lines;
    owner?: CartOwner;
    now?: Date;
    locale?: "fr-CA" | "en-US";
    province?: "QC" | "ON";
    provider?: "simulated" | "stripe";
    paid?: boolean;
  } = {},
): Promise<Order> {
  const owner = options.owner ?? { guestId: crypto.randomUUID() };
  const locale = options.locale ?? "fr-CA";
  const province = options.province ?? "QC";
  const lines = options.lines ?? (province === "ON" ? [[ontarioImport.id, 1]] : mixedLines());
  for (const [productInventoryId, quantity] of lines) {
    const added = await addToCart(db, owner, province, locale, { productInventoryId, quantity });
    if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  }
  const cart = await getCart(db, owner, province, locale);
  if (!cart) throw new Error("cart missing");
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: "Zoé",
    lastName: "Roy",
    email: "zoe.roy@example.com",
    phone: "514 555 0123",
  });
  const hasAgency = lines.some(([id]) => id === privateImport.id || id === ontarioImport.id);
  const delivery =
    province === "ON"
      ? { branchId: onBranchId, boutiqueCode: "STORE_TORONTO" as const }
      : { branchId: qcBranchId, boutiqueCode: "STORE_MTL" as const };
  expect(
    await saveDelivery(db, {
      cartId: cart.id,
      province,
      branchId: hasAgency ? delivery.branchId : null,
      boutiqueCode: delivery.boutiqueCode,
    }),
  ).toBe(true);
  const provider = options.provider ?? "simulated";
  const placed = await placeOrder(db, {
    owner,
    province,
    locale,
    lockVersion: cart.lockVersion,
    paymentProvider: provider,
    now: options.now,
  });
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  if (options.paid === false) return placed.order;
  if (provider === "stripe") {
    useStripeGateway(stripeGateway);
    await paymentUrl(db, placed.order, ORIGIN);
    const session = stripeSessions().find((s) => s.metadata.orderId === String(placed.order.id));
    markSessionPaid(session!.id);
  }
  return (await completeOrderPayment(db, placed.order.id, options.now))!.order;
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await db.select({ quantity: productInventories.quantity }).from(productInventories).where(eq(productInventories.id, id));
  return row!.quantity;
}

async function auditRows(orderId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId))))
    .orderBy(auditLog.id);
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The outbox's e-mails of an order's step (the mailer tags them `order-<number>-<step>`). */
async function stepMails(order: Pick<Order, "orderNumber">, step: string): Promise<string[]> {
  await sendOutbox(testDb.db);
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".eml") && f.includes(`-order-${order.orderNumber}-${step}`));
  } catch {
    return [];
  }
  return files.map((file) => decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), "utf8")));
}

type Outcome = { status: number; location: string | null; data: Record<string, unknown> | null };

/** Posts a step form to the order page's action, as a client address of its own (the `form` rate limit). */
async function postStep(
  order: Pick<Order, "orderNumber">,
  fields: Record<string, string>,
  cookie: string | null = staff.cookie,
): Promise<Outcome> {
  const args = (await routeArgs(db, `/agence/commandes/${order.orderNumber}`, {
    params: { orderNumber: order.orderNumber },
    init: {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    },
  })) as { context: { set: (key: unknown, value: unknown) => void } };
  args.context.set(requestContext, { nonce: "", clientAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  try {
    const result = (await orderAction(args as never)) as unknown as { data?: Record<string, unknown>; init?: { status?: number } };
    return { status: result.init?.status ?? 200, location: null, data: result.data ?? null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location"), data: null };
    const thrown = error as { type?: string; init?: { status?: number } };
    if (thrown?.type === "DataWithResponseInit") return { status: thrown.init?.status ?? 200, location: null, data: null };
    throw error;
  }
}

/** The step form as the page sends it: the step and the state the page showed. */
function stepForm(order: Pick<Order, "status" | "fulfilmentStatus">, intent: string, extra: Record<string, string> = {}) {
  return { intent, status: order.status, fulfilmentStatus: order.fulfilmentStatus, ...extra };
}

async function loadOrderPage(order: Pick<Order, "orderNumber">, cookie: string | null = staff.cookie) {
  return orderLoader(
    await routeArgs(db, `/agence/commandes/${order.orderNumber}`, {
      params: { orderNumber: order.orderNumber },
      init: cookie ? { headers: { Cookie: cookie } } : undefined,
    }),
  );
}

// --- tests ------------------------------------------------------------------------------------

describe("staff only", () => {
  it("answers 404 to a guest and to a customer on the list, the order page and its action; staff sees them", async () => {
    const order = await paidOrder();
    for (const cookie of [null, customer.cookie]) {
      const init = cookie ? { headers: { Cookie: cookie } } : undefined;
      expect((await thrownResponse(async () => listLoader(await routeArgs(db, "/agence/commandes", { init })))).status).toBe(404);
      expect((await thrownResponse(() => loadOrderPage(order, cookie))).status).toBe(404);
      expect((await postStep(order, stepForm(order, "agencyFeesReceived"), cookie)).status).toBe(404);
    }
    expect((await orderRow(order.id)).fulfilmentStatus).toBe("NEW");
    expect(await auditRows(order.id)).toEqual([]);

    const page = await loadOrderPage(order);
    expect(page.order.view.orderNumber).toBe(order.orderNumber);
    expect(page.order.steps).toEqual(["agencyFeesReceived", "refund"]);
    // An unknown or malformed number is a 404 for staff too.
    expect((await thrownResponse(() => loadOrderPage({ orderNumber: "CUV-999999" }))).status).toBe(404);
    expect((await thrownResponse(() => loadOrderPage({ orderNumber: "nope" }))).status).toBe(404);
  });
});

describe("the steps", () => {
  it("agency fees received → ready → picked up: one audit row and one e-mail each, the customer sees each state", async () => {
    const order = await paidOrder({ owner: { customerId: customer.user.id } });

    const fees = await postStep(order, stepForm(order, "agencyFeesReceived"));
    expect(fees).toMatchObject({ status: 303, location: `/agence/commandes/${order.orderNumber}?done=agencyFeesReceived` });
    let row = await orderRow(order.id);
    expect(row.fulfilmentStatus).toBe("AGENCY_FEES_RECEIVED");
    expect(row.agencyFeesReceivedAt).not.toBeNull();
    const feesMails = await stepMails(order, "agencyFeesReceived");
    expect(feesMails).toHaveLength(1);
    expect(feesMails[0]).toContain("Frais d’agence reçus");
    expect(feesMails[0]).toContain(order.orderNumber);

    // The same click again (the page still showed NEW): refused, nothing changed, no second mail.
    const again = await postStep(order, stepForm(order, "agencyFeesReceived"));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("fulfilment.errors.stale");
    expect(await stepMails(order, "agencyFeesReceived")).toHaveLength(1);
    // Picked up before ready: not a step this order allows now.
    expect((await postStep(order, stepForm(row, "pickedUp"))).status).toBe(409);

    expect((await postStep(order, stepForm(row, "readyForPickup"))).status).toBe(303);
    row = await orderRow(order.id);
    expect(row.fulfilmentStatus).toBe("READY_FOR_PICKUP");
    expect(row.readyForPickupAt).not.toBeNull();
    const readyMail = (await stepMails(order, "readyForPickup"))[0]!;
    expect(readyMail).toContain("est prête");
    expect(readyMail).toContain(row.branchLabel!);
    expect(readyMail).toContain("soutien");

    const history = (await salesLoader(
      await routeArgs(db, "/account/sales", { init: { headers: { Cookie: customer.cookie } } }),
    )) as OrderHistoryData;
    const seen = history.orders.find((o) => o.orderNumber === order.orderNumber)!;
    expect(seen.fulfilment).toMatchObject({ status: "READY_FOR_PICKUP", followUpDueOn: row.followUpDueOn });

    expect((await postStep(order, stepForm(row, "pickedUp"))).status).toBe(303);
    row = await orderRow(order.id);
    expect(row.fulfilmentStatus).toBe("PICKED_UP");
    expect(row.pickedUpAt).not.toBeNull();
    expect(await stepMails(order, "pickedUp")).toHaveLength(1);

    const audit = await auditRows(order.id);
    expect(audit.map((a) => [a.action, a.actorEmail, a.before?.fulfilmentStatus, a.after?.fulfilmentStatus])).toEqual([
      ["order.agencyFeesReceived", "agence@demo.cuvee.test", "NEW", "AGENCY_FEES_RECEIVED"],
      ["order.readyForPickup", "agence@demo.cuvee.test", "AGENCY_FEES_RECEIVED", "READY_FOR_PICKUP"],
      ["order.pickedUp", "agence@demo.cuvee.test", "READY_FOR_PICKUP", "PICKED_UP"],
    ]);
    // The page shows the trail, newest first, and no step but the refund.
    const page = await loadOrderPage(order);
    expect(page.order.audit.map((a) => a.action)).toEqual(["order.pickedUp", "order.readyForPickup", "order.agencyFeesReceived"]);
    expect(page.order.steps).toEqual(["refund"]);
  });

  it("sets the follow-up 10 business days later in the order's province and writes the ready e-mail in its language", async () => {
    const toHandle = (await agencyDashboard(db)).ordersToHandle;
    const order = await paidOrder({ locale: "en-US" });
    // The staff's home counts a paid order nobody handled yet.
    expect((await agencyDashboard(db)).ordersToHandle).toBe(toHandle + 1);
    const actor = { id: staff.user.id, email: staff.user.email };
    const shown = { status: order.status, fulfilmentStatus: order.fulfilmentStatus };
    const fees = await takeFulfilmentStep(db, {
      staff: actor,
      orderNumber: order.orderNumber,
      step: "agencyFeesReceived",
      shown,
      origin: ORIGIN,
    });
    expect(fees.ok).toBe(true);
    expect((await agencyDashboard(db)).ordersToHandle).toBe(toHandle);
    // Friday June 19, 2026 at 11 a.m. in Montréal: ten Quebec business days skip June 24 and July 1.
    const ready = await takeFulfilmentStep(db, {
      staff: actor,
      orderNumber: order.orderNumber,
      step: "readyForPickup",
      shown: { status: "PAID", fulfilmentStatus: "AGENCY_FEES_RECEIVED" },
      origin: ORIGIN,
      now: new Date("2026-06-19T15:00:00Z"),
    });
    expect(ready.ok && ready.order.followUpDueOn).toBe("2026-07-07");
    // Overdue on the staff's home from the day after the follow-up date (the shop's clock), not on it.
    const overdueOn = async (iso: string) => (await agencyDashboard(db, new Date(iso))).followUpsOverdue;
    expect((await overdueOn("2026-07-08T15:00:00Z")) - (await overdueOn("2026-07-07T15:00:00Z"))).toBe(1);
    const mail = (await stepMails(order, "readyForPickup"))[0]!;
    expect(mail).toContain("is ready for pick-up");
    expect(mail).toContain("July 7, 2026");
    expect(mail).toMatch(/write to support at \S+@/);
    // A guest's link is the order's confirmation page.
    expect(mail).toContain(`${ORIGIN}/checkout/confirmation?order=${order.confirmationNumber}`);
  });

  it("counts an Ontario order's follow-up on Ontario's holidays (Family Day) and names the LCBO", async () => {
    const order = await paidOrder({ province: "ON" });
    expect(order.province).toBe("ON");
    const actor = { id: staff.user.id, email: staff.user.email };
    const fees = await takeFulfilmentStep(db, {
      staff: actor,
      orderNumber: order.orderNumber,
      step: "agencyFeesReceived",
      shown: { status: "PAID", fulfilmentStatus: "NEW" },
      origin: ORIGIN,
    });
    expect(fees.ok).toBe(true);
    // Friday February 13, 2026, 10 a.m. in Toronto: Ontario skips Family Day (Monday 16), so ten
    // business days end on Monday March 2 (a Quebec order would be due on Friday February 27).
    const ready = await takeFulfilmentStep(db, {
      staff: actor,
      orderNumber: order.orderNumber,
      step: "readyForPickup",
      shown: { status: "PAID", fulfilmentStatus: "AGENCY_FEES_RECEIVED" },
      origin: ORIGIN,
      now: new Date("2026-02-13T15:00:00Z"),
    });
    expect(ready.ok && ready.order.followUpDueOn).toBe("2026-03-02");
    expect((await orderRow(order.id)).followUpDueOn).toBe("2026-03-02");
    const mail = (await stepMails(order, "readyForPickup"))[0]!;
    expect(mail).toContain("2 mars 2026");
    expect(mail).toContain("LCBO");
  });

  it("applies one of two identical clicks at once; the other is stale (one audit row, one e-mail)", async () => {
    const order = await paidOrder();
    const click = () =>
      takeFulfilmentStep(db, {
        staff: { id: staff.user.id, email: staff.user.email },
        orderNumber: order.orderNumber,
        step: "agencyFeesReceived",
        shown: { status: "PAID", fulfilmentStatus: "NEW" },
        origin: ORIGIN,
      });
    const results = await Promise.all([click(), click()]);
    expect(results.map((r) => (r.ok ? "ok" : r.error)).sort()).toEqual(["ok", "stale"]);
    expect(await auditRows(order.id)).toHaveLength(1);
    expect(await stepMails(order, "agencyFeesReceived")).toHaveLength(1);
  });

  it("lets a boutique-only order go from NEW to ready (no agency fees, no branch follow-up)", async () => {
    const order = await paidOrder({ lines: boutiqueLines() });
    expect((await loadOrderPage(order)).order.steps).toEqual(["readyForPickup", "refund"]);
    expect((await postStep(order, stepForm(order, "agencyFeesReceived"))).status).toBe(409);
    expect((await postStep(order, stepForm(order, "readyForPickup"))).status).toBe(303);
    const row = await orderRow(order.id);
    expect(row.fulfilmentStatus).toBe("READY_FOR_PICKUP");
    expect(row.followUpDueOn).toBeNull();
    expect((await stepMails(order, "readyForPickup"))[0]).toContain("Boutique Montréal");
  });

  it("refuses steps on an order that is not paid, and an invalid form with 400", async () => {
    const pending = await paidOrder({ paid: false });
    expect((await loadOrderPage(pending)).order.steps).toEqual([]);
    expect((await postStep(pending, stepForm(pending, "agencyFeesReceived"))).status).toBe(409);
    expect((await postStep(pending, { intent: "agencyFeesReceived", status: "PAID", fulfilmentStatus: "NEW" })).status).toBe(409);
    const paid = await paidOrder();
    expect((await postStep(paid, { intent: "teleport", status: "PAID", fulfilmentStatus: "NEW" })).status).toBe(400);
    expect((await postStep(paid, { intent: "agencyFeesReceived", status: "WHATEVER", fulfilmentStatus: "NEW" })).status).toBe(400);
    expect(await auditRows(paid.id)).toEqual([]);
  });
});

describe("refunds", () => {
  it("needs the confirmation box (400), then marks a simulated payment refunded and returns the stock not picked up", async () => {
    const order = await paidOrder({ owner: { customerId: customer.user.id } });
    const before = { import: await stockOf(privateImport.id), wine: await stockOf(shopWine.id) };
    expect((await postStep(order, stepForm(order, "refund"))).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe("PAID");

    expect((await postStep(order, stepForm(order, "refund", { confirm: "on" }))).status).toBe(303);
    const row = await orderRow(order.id);
    expect(row.status).toBe("REFUNDED");
    expect(row.refundedAt).not.toBeNull();
    // Paid on the shop's own page: no payment at a provider, nothing refunded through one.
    expect(await currentOrderPayment(db, order.id)).toBeNull();
    // One case of private import (uvc bottles) and one bottle of the shop's wine are back.
    expect(await stockOf(privateImport.id)).toBe(before.import + privateImport.uvc);
    expect(await stockOf(shopWine.id)).toBe(before.wine + 1);
    const [audit] = await auditRows(order.id);
    expect(audit).toMatchObject({
      action: "order.refunded",
      before: { status: "PAID" },
      after: { status: "REFUNDED", stockReturned: true },
    });
    expect((await stepMails(order, "refund"))[0]).toContain(`remboursé ${formatMoney(order.payNowCents, "fr-CA")} pour votre commande`);
    // The customer's history says so: refunded, on that day, and no step any more.
    const history = (await salesLoader(
      await routeArgs(db, "/account/sales", { init: { headers: { Cookie: customer.cookie } } }),
    )) as OrderHistoryData;
    expect(history.orders.find((o) => o.orderNumber === order.orderNumber)).toMatchObject({
      status: "REFUNDED",
      refundedAt: row.refundedAt!.toISOString(),
      fulfilment: null,
    });
    // Refunded: no step any more; a second refund is stale.
    expect((await loadOrderPage(order)).order.steps).toEqual([]);
    expect((await postStep(order, stepForm(order, "refund", { confirm: "on" }))).status).toBe(409);
  });

  it("returns no stock for an order already picked up", async () => {
    const order = await paidOrder({ lines: boutiqueLines() });
    await postStep(order, stepForm(order, "readyForPickup"));
    await postStep(order, { intent: "pickedUp", status: "PAID", fulfilmentStatus: "READY_FOR_PICKUP" });
    const stock = await stockOf(shopFood.id);
    expect((await postStep(order, { intent: "refund", status: "PAID", fulfilmentStatus: "PICKED_UP", confirm: "on" })).status).toBe(303);
    expect((await orderRow(order.id)).status).toBe("REFUNDED");
    expect(await stockOf(shopFood.id)).toBe(stock);
    expect((await auditRows(order.id)).at(-1)?.after).toMatchObject({ stockReturned: false });
  });

  it("refunds a Stripe payment through Stripe's API once, with the order's idempotency key", async () => {
    const order = await paidOrder({ provider: "stripe" });
    useStripeGateway(stripeGateway);
    expect((await postStep(order, stepForm(order, "refund", { confirm: "on" }))).status).toBe(303);
    const refunds = stripeRefunds();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: order.payNowCents, idempotencyKey: `order-${order.id}-refund` });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "REFUNDED" });
    const payment = await currentOrderPayment(db, order.id);
    expect(payment).toMatchObject({
      provider: "stripe",
      status: "REFUNDED",
      refundReference: refunds[0]!.id,
      amountCents: order.payNowCents,
    });
    // The gateway asked again with the same key gets the same refund back (Stripe's replay).
    await expect(stripeGateway.refundCheckoutPayment({ orderId: order.id, sessionId: payment!.externalReference })).resolves.toMatchObject({
      refundId: refunds[0]!.id,
    });
    expect(stripeRefunds()).toHaveLength(1);
    // The key with other parameters is refused, as Stripe does; the key is not in Stripe's answer.
    const reused = await fetch("https://api.stripe.com/v1/refunds", {
      method: "POST",
      headers: {
        Authorization: "Bearer sk_test_x",
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": `order-${order.id}-refund`,
      },
      body: "payment_intent=pi_test_other",
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: { type: "idempotency_error" } });
    const replayed = await fetch("https://api.stripe.com/v1/refunds", {
      method: "POST",
      headers: {
        Authorization: "Bearer sk_test_x",
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": `order-${order.id}-refund`,
      },
      body: new URLSearchParams({ payment_intent: refunds[0]!.payment_intent }),
    });
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    const json = (await replayed.json()) as Record<string, unknown>;
    expect(json.id).toBe(refunds[0]!.id);
    expect(Object.keys(json)).not.toContain("idempotencyKey");
  });

  it("closes the reservation the refunded order paid (CANCELLED, closed at the refund)", async () => {
    const placing = await paidOrder({ paid: false });
    const order = await paidOrder();
    const [reservation] = await db
      .insert(reservations)
      .values({
        orderId: placing.id,
        productInventoryId: privateImport.id,
        status: "PAID",
        productName: "Réservé",
        quantity: 1,
        byCase: true,
        bottles: privateImport.uvc,
        unitPriceCents: 2500,
        firstName: "Zoé",
        lastName: "Roy",
        email: "zoe.roy@example.com",
        phone: "514 555 0123",
        locale: "fr-CA",
        province: "QC",
        paymentOrderId: order.id,
        closedAt: order.paidAt,
      })
      .returning();
    expect((await postStep(order, stepForm(order, "refund", { confirm: "on" }))).status).toBe(303);
    const row = await orderRow(order.id);
    const [after] = await db.select().from(reservations).where(eq(reservations.id, reservation!.id));
    expect(after).toMatchObject({ status: "CANCELLED", closedAt: row.refundedAt, paymentOrderId: order.id });
  });

  it("changes nothing when Stripe fails: 502 with a message, no audit row, no e-mail, the stock held", async () => {
    const order = await paidOrder({ provider: "stripe" });
    useStripeGateway(stripeGateway);
    const stock = await stockOf(privateImport.id);
    stripeOutage(true);
    const refused = await postStep(order, stepForm(order, "refund", { confirm: "on" }));
    expect(refused.status).toBe(502);
    expect(JSON.stringify(refused.data)).toContain("fulfilment.errors.refundFailed");
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect(await auditRows(order.id)).toEqual([]);
    expect(await stepMails(order, "refund")).toEqual([]);
    expect(await stockOf(privateImport.id)).toBe(stock);
  });
});

describe("the list", () => {
  it("filters by payment status, fulfilment status, province, channel and shop days, newest first", async () => {
    // 2026-01-10T04:30Z is still January 9 in Montréal (23:30); 15:00Z is January 10.
    const late9 = await paidOrder({ now: new Date("2026-01-10T04:30:00Z") });
    const on10 = await paidOrder({ lines: boutiqueLines(), now: new Date("2026-01-10T15:00:00Z") });
    const pending11 = await paidOrder({ now: new Date("2026-01-11T15:00:00Z"), paid: false });
    await postStep(on10, stepForm(on10, "readyForPickup"));
    // The province filter reads the order's province: this one is made an Ontario order.
    await db.update(orders).set({ province: "ON" }).where(eq(orders.id, late9.id));

    const numbers = async (query: string) =>
      (await listStaffOrders(db, parseOrderListFilters(new URLSearchParams(query)), 500)).rows.map((r) => r.orderNumber);
    const ours = [late9, on10, pending11].map((o) => o.orderNumber);
    const mine = async (query: string) => (await numbers(query)).filter((n) => ours.includes(n));

    expect(await mine("from=2026-01-09&to=2026-01-11")).toEqual([pending11, on10, late9].map((o) => o.orderNumber));
    expect(await mine("from=2026-01-10&to=2026-01-10")).toEqual([on10.orderNumber]);
    expect(await mine("from=2026-01-09&to=2026-01-09")).toEqual([late9.orderNumber]);
    // Dates given the wrong way round are swapped; a malformed one is ignored.
    expect(await mine("from=2026-01-10&to=2026-01-09")).toEqual([on10.orderNumber, late9.orderNumber]);
    expect(await mine("from=2026-13-45&to=2026-01-09")).toEqual([late9.orderNumber]);
    expect(await mine("status=PENDING_PAYMENT")).toEqual([pending11.orderNumber]);
    expect(await mine("fulfilment=READY_FOR_PICKUP")).toEqual([on10.orderNumber]);
    expect(await mine("province=ON")).toEqual([late9.orderNumber]);
    expect(await mine("channel=AGENCY")).toEqual([pending11.orderNumber, late9.orderNumber]);
    expect(await mine("channel=SHOP&from=2026-01-10")).toEqual([pending11.orderNumber, on10.orderNumber]);
    expect(await mine("channel=RESERVED")).toEqual([]);
    expect(await mine("status=NOPE&province=XX")).toEqual([pending11, on10, late9].map((o) => o.orderNumber));

    const row = (await listStaffOrders(db, parseOrderListFilters(new URLSearchParams("from=2026-01-10&to=2026-01-10")))).rows[0]!;
    expect(row).toMatchObject({ orderNumber: on10.orderNumber, channels: ["SHOP"], fulfilmentStatus: "READY_FOR_PICKUP", status: "PAID" });
  });

  it("pages through the staff loader and sends a page past the last to the last", async () => {
    const page = await listLoader(await routeArgs(db, "/agence/commandes?status=PAID", { init: { headers: { Cookie: staff.cookie } } }));
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.status === "PAID")).toBe(true);
    const past = await thrownResponse(async () =>
      listLoader(await routeArgs(db, "/agence/commandes?status=PAID&page=999", { init: { headers: { Cookie: staff.cookie } } })),
    );
    expect(past).toEqual({ status: 302, location: "/agence/commandes?status=PAID" });
  });
});
