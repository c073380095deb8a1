/**
 * Order history and invoices (docs/product.md#invoices-and-order-history sales orders by customer, ordered by date,
 * detailed, no paging): two customers place orders through the checkout's own placeOrder; each
 * sees only their own, newest first, with lines, taxes and status; the invoice PDF downloads for
 * its owner and answers 404 for another customer's order and for a guessed or malformed number
 * (IDOR). Loaders are called the way React Router calls them. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCustomerOrder, listCustomerOrders } from "~/accounts/order-history.server";
import type { OrderHistoryData } from "~/accounts/order-history-view";
import { addToCart, getCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { addresses, branches } from "~/db/schema";
import { completeOrderPayment, type Order } from "~/orders/orders.server";
import { loader as invoiceLoader } from "~/routes/account.invoice";
import { headers as salesHeaders, loader as salesLoader } from "~/routes/account.sales";
import { registerCustomer, startUserSession, type User } from "~/users/users.server";
import { findCatalogueItem } from "../support/catalogue-items";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder (session secret).
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-order-history-test-"));
  process.env.OUTBOX_DIR = join(process.env.DATA_DIR, "outbox");
});

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImportId: number;
let shopFoodId: number;
let qcBranchId: number;

type Customer = { user: User; cookie: string };
let alice: Customer;
let bruno: Customer;
/** Alice's orders: placed first but dated later (March), then placed second but dated earlier (January). */
let aliceMarch: Order;
let aliceJanuary: Order;
let brunoOrder: Order;

async function customer(firstName: string, email: string): Promise<Customer> {
  const user = await registerCustomer(db, {
    firstName,
    lastName: "Testeur",
    email,
    password: "a good password",
    province: "QC",
    locale: "fr-CA",
  });
  if (user === "email-taken") throw new Error(`${email} already has an account`);
  const setCookie = await startUserSession(db, new Request("http://shop.test/"), user.id);
  return { user, cookie: setCookie.split(";")[0]! };
}

/** Fills the customer's QC cart (a private-import case, a food item), answers steps 1–2 and places the order at `now`. */
async function placeFor(who: Customer, now: Date, paid: boolean): Promise<Order> {
  const owner = { customerId: who.user.id };
  for (const [productInventoryId, quantity] of [
    [privateImportId, 1],
    [shopFoodId, 2],
  ] as const) {
    const added = await addToCart(db, owner, "QC", "fr-CA", { productInventoryId, quantity });
    if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  }
  const cart = await getCart(db, owner, "QC", "fr-CA");
  if (!cart) throw new Error("cart missing");
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: who.user.firstName,
    lastName: "Testeur",
    email: who.user.email,
    phone: "514 555 0123",
  });
  expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: "STORE_MTL" })).toBe(true);
  const placed = await placeOrder(db, {
    owner,
    province: "QC",
    locale: "fr-CA",
    lockVersion: cart.lockVersion,
    paymentProvider: "simulated",
    now,
  });
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  if (!paid) return placed.order;
  const completed = await completeOrderPayment(db, placed.order.id, now);
  return completed!.order;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImportId = (await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5 })).id;
  shopFoodId = (await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minCases: 5, typeCode: "FOODS" })).id;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;

  alice = await customer("Alice", "alice@example.com");
  bruno = await customer("Bruno", "bruno@example.com");
  aliceMarch = await placeFor(alice, new Date("2026-03-01T15:00:00Z"), true);
  aliceJanuary = await placeFor(alice, new Date("2026-01-15T15:00:00Z"), true);
  brunoOrder = await placeFor(bruno, new Date("2026-02-01T15:00:00Z"), false);
});
afterAll(() => testDb?.close());

const asCustomer = (who: Customer | null, path: string, params: Record<string, string> = {}) =>
  routeArgs(db, path, { params, init: { headers: who ? { Cookie: who.cookie } : {} } });

async function history(who: Customer): Promise<OrderHistoryData> {
  return await salesLoader(await asCustomer(who, "/account/sales"));
}

async function invoice(who: Customer | null, orderNumber: string): Promise<Response> {
  return await invoiceLoader(await asCustomer(who, `/account/invoices/${encodeURIComponent(orderNumber)}`, { orderNumber }));
}

describe("listCustomerOrders and getCustomerOrder", () => {
  it("lists a customer's own orders only, newest first by date (not by id), each with its details", async () => {
    expect(aliceJanuary.id).toBeGreaterThan(aliceMarch.id);
    const list = await listCustomerOrders(db, alice.user.id);
    expect(list.map((o) => o.order.orderNumber)).toEqual([aliceMarch.orderNumber, aliceJanuary.orderNumber]);
    for (const { order, lines, taxLines } of list) {
      expect(order.customerId).toBe(alice.user.id);
      expect(order.status).toBe("PAID");
      expect(lines.map((l) => l.section).sort()).toEqual(["AGENCY", "SHOP"]);
      expect(taxLines.map((t) => `${t.part}:${t.code}`)).toEqual(["PAY_NOW:GST", "PAY_NOW:QST", "LIQUOR_BOARD:GST", "LIQUOR_BOARD:QST"]);
    }
    expect((await listCustomerOrders(db, bruno.user.id)).map((o) => o.order.orderNumber)).toEqual([brunoOrder.orderNumber]);
  });

  it("finds an order only for its owner, and nothing for a guessed or malformed number", async () => {
    expect((await getCustomerOrder(db, alice.user.id, aliceMarch.orderNumber))?.order.id).toBe(aliceMarch.id);
    expect(await getCustomerOrder(db, alice.user.id, brunoOrder.orderNumber)).toBeNull();
    expect(await getCustomerOrder(db, bruno.user.id, aliceMarch.orderNumber)).toBeNull();
    for (const guess of [
      "CUV-999999",
      "CUV-9999999999",
      "CUV-2147483648",
      "CUV-1",
      "cuv-000001",
      aliceMarch.orderNumber.replace("CUV-", "CUV-0"),
      "1",
      "",
      "CUV-000001'--",
    ]) {
      expect(await getCustomerOrder(db, alice.user.id, guess), guess).toBeNull();
    }
  });
});

describe("/account/sales", () => {
  it("redirects a visitor without a session to the login page, keeping the wanted route", async () => {
    expect(await thrownResponse(async () => salesLoader(await asCustomer(null, "/account/sales")))).toEqual({
      status: 302,
      location: "/login?redirect=%2Faccount%2Fsales",
    });
  });

  it("shows the customer's orders newest first with lines, summary, status, branch, boutique and invoice link; never cached", async () => {
    const page = await history(alice);
    expect(page.orders.map((o) => o.orderNumber)).toEqual([aliceMarch.orderNumber, aliceJanuary.orderNumber]);
    const [march] = page.orders;
    expect(march).toMatchObject({
      status: "PAID",
      placedAt: "2026-03-01T15:00:00.000Z",
      boutiqueCode: "STORE_MTL",
      paymentPath: null,
      invoice: { path: `/account/invoices/${aliceMarch.orderNumber}`, fileName: `Invoice-${aliceMarch.orderNumber}.pdf` },
    });
    expect(march!.branchLabel).toBe(aliceMarch.branchLabel);
    expect(march!.lines.map((l) => l.section).sort()).toEqual(["AGENCY", "SHOP"]);
    for (const line of march!.lines) expect(line.amountCents).toBeGreaterThan(0);
    expect(march!.money).toMatchObject({
      agencyFees: aliceMarch.agencyFeesCents,
      liquorBoardFees: aliceMarch.liquorBoardFeesCents,
      boutique: aliceMarch.boutiqueCents,
      memberDiscount: 0,
      payNow: aliceMarch.payNowCents,
      payAtLiquorBoard: aliceMarch.payAtLiquorBoardCents,
      total: aliceMarch.totalCents,
      taxes: [
        { code: "GST", amount: aliceMarch.gstCents },
        { code: "QST", amount: aliceMarch.qstCents },
      ],
    });
    // Lines add up to what was charged before taxes: agency fees + the SAQ part + the boutique.
    expect(march!.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(
      aliceMarch.agencyFeesCents + aliceMarch.liquorBoardFeesCents + aliceMarch.boutiqueCents,
    );
    expect(page.supportEmail).toBe("commandes@cuvee.example");
    expect(page.followUpDays).toBe(10);
    expect(salesHeaders({}).get("Cache-Control")).toBe("no-store");
  });

  it("offers to pay an order still waiting for its payment, and shows an empty history as such", async () => {
    const [pending] = (await history(bruno)).orders;
    // Placed on 2026-02-01: its payment window has passed, so no link to pay it any more.
    expect(pending).toMatchObject({ status: "PENDING_PAYMENT", paymentPath: null });
    const fresh = await placeFor(bruno, new Date(), false);
    const [latest] = (await history(bruno)).orders;
    expect(latest).toMatchObject({ orderNumber: fresh.orderNumber, paymentPath: `/checkout/payment?order=${fresh.confirmationNumber}` });

    const carol = await customer("Carol", "carol@example.com");
    expect((await history(carol)).orders).toEqual([]);
  });
});

describe("/account/invoices/:orderNumber", () => {
  it("sends the owner their invoice as a private PDF attachment named Invoice-{number}.pdf, in the order's language", async () => {
    await db.insert(addresses).values({
      userId: alice.user.id,
      kind: "BILLING",
      aptSuite: "4",
      civicNumber: "350",
      street: "rue Sainte-Catherine Ouest",
      city: "Montréal",
      province: "QC",
      postalCode: "H3B 1A1",
    });
    const response = await invoice(alice, aliceMarch.orderNumber);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Invoice-${aliceMarch.orderNumber}.pdf"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("FACTURE");
    expect(text).toContain(aliceMarch.orderNumber);
    expect(text).toContain(aliceMarch.confirmationNumber);
    expect(text).toContain("Nº d’inscription TPS : 123456789 RT0001");
    expect(text).toContain("Nº d’inscription TVQ : 1234567890 TQ0001");
    expect(text).toContain("Alice Testeur");
    expect(text).toContain("alice@example.com");
    expect(text).toContain("(514) 555-0123");
    expect(text).toContain("350 rue Sainte-Catherine Ouest, app. 4");
    expect(text).toContain("Montréal (QC) H3B 1A1");
    expect(text).toContain("1 mars 2026");
    expect(text).toContain("Frais d’agence");
    expect(text).toContain("TPS (5 %)");
    expect(text).toContain("TVQ (9,975 %)");
    expect(text).toContain("À payer à la SAQ (estimation)");
  });

  it("answers 404 for another customer's order, a guessed number, a malformed one and an unpaid one; a visitor goes to log in", async () => {
    expect(await thrownResponse(() => invoice(alice, brunoOrder.orderNumber))).toEqual({ status: 404, location: null });
    expect(await thrownResponse(() => invoice(bruno, aliceMarch.orderNumber))).toEqual({ status: 404, location: null });
    for (const guess of ["CUV-999999", "CUV-9999999999", "CUV-000000", "../../etc/passwd", "CUV-000001.pdf", "%00"]) {
      expect(await thrownResponse(() => invoice(alice, guess)), guess).toEqual({ status: 404, location: null });
    }
    expect(await thrownResponse(() => invoice(null, aliceMarch.orderNumber))).toEqual({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(`/account/invoices/${aliceMarch.orderNumber}`)}`,
    });
    // Bruno's own order waits for its payment: no invoice yet, and no link to one.
    expect(await thrownResponse(() => invoice(bruno, brunoOrder.orderNumber))).toEqual({ status: 404, location: null });
    const [pending] = (await history(bruno)).orders;
    expect(pending?.invoice).toBeNull();
    // Once paid, he gets it.
    await completeOrderPayment(db, brunoOrder.id, new Date());
    expect((await invoice(bruno, brunoOrder.orderNumber)).status).toBe(200);
  });
});
