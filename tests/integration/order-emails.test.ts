/**
 * The order confirmation as the customer receives it and sees it (docs/decisions/044-order-e-mails.md):
 * an order placed through the checkout's own placeOrder and paid through the one completion writes
 * its e-mail to the outbox; sending it writes an .eml file, read back here with a MIME parser as a
 * mail client would: the lines and totals in both parts, the logo as an inline image its HTML
 * shows by Content-ID, and the invoice PDF attached, which parses as a PDF naming the order. The
 * confirmation page lists the lines bought and links the invoice only for its own customer, logged
 * in. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import PostalMime, { type Email } from "postal-mime";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import type { CartOwner } from "~/cart/cart-types";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, orderLines, orders } from "~/db/schema";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { translatorFor } from "~/i18n/translator";
import type { Order } from "~/orders/orders.server";
import { finishPaidOrder } from "~/orders/payment.server";
import { loader as confirmationLoader } from "~/routes/checkout.confirmation";
import { registerCustomer, startUserSession } from "~/users/users.server";
import { findCatalogueItem } from "../support/catalogue-items";
import { routeArgs } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder and outbox.
const { outboxDir } = await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("order-emails"));

const ORIGIN = "http://shop.test";
let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImportId: number;
let shopFoodId: number;
let qcBranchId: number;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImportId = (await findCatalogueItem(db, "IP", "AVAILABLE", { minCases: 5 })).id;
  shopFoodId = (await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minCases: 5, typeCode: "FOODS" })).id;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;
});

afterAll(async () => {
  await testDb?.close();
});

/** Fills the owner's QC cart (a private-import case, two food items), answers steps 1–2, places and pays the order. */
async function paidOrder(owner: CartOwner, email: string, locale: "fr-CA" | "en-US" = "fr-CA"): Promise<Order> {
  for (const [productInventoryId, quantity] of [
    [privateImportId, 1],
    [shopFoodId, 2],
  ] as const) {
    const added = await addToCart(db, owner, "QC", locale, { productInventoryId, quantity });
    if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  }
  const cart = await getCart(db, owner, "QC", locale);
  if (!cart) throw new Error("cart missing");
  await saveContact(db, cart.id, { intent: "contact", firstName: "Zoé", lastName: "Roy", email, phone: "514 555 0123" });
  expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: "STORE_MTL" })).toBe(true);
  const placed = await placeOrder(db, { owner, province: "QC", locale, lockVersion: cart.lockVersion, paymentProvider: "simulated" });
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  const paid = await finishPaidOrder(db, placed.order.id, ORIGIN);
  expect(paid?.status).toBe("PAID");
  return paid!;
}

/** The order's confirmation e-mail as the outbox folder holds it, parsed (after sending what is due). */
async function confirmationMail(order: Order): Promise<{ raw: string; email: Email }> {
  await sendOutbox(db);
  const files = readdirSync(outboxDir).filter((f) => f.endsWith(`-order-${order.orderNumber}-confirmation.eml`));
  expect(files).toHaveLength(1);
  const raw = readFileSync(path.join(outboxDir, files[0]!), "utf8");
  return { raw, email: await PostalMime.parse(raw) };
}

describe("the confirmation e-mail in the outbox", () => {
  let order: Order;
  let mail: { raw: string; email: Email };
  let names: { privateImport: string; food: string };

  beforeAll(async () => {
    order = await paidOrder({ guestId: crypto.randomUUID() }, "zoe.roy@example.com");
    mail = await confirmationMail(order);
    const lines = await db
      .select({ productInventoryId: orderLines.productInventoryId, name: orderLines.productName })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const nameOf = (id: number) => lines.find((l) => l.productInventoryId === id)!.name;
    names = { privateImport: nameOf(privateImportId), food: nameOf(shopFoodId) };
  });

  it("lists the lines bought, the totals and the pick-up places in both parts", () => {
    const { text, html } = mail.email;
    for (const part of [text!, html!]) {
      expect(part).toContain(names.privateImport);
      expect(part).toContain(names.food);
      expect(part).toContain(order.confirmationNumber);
      expect(part).toContain("Total");
      expect(part).toContain(order.branchLabel!);
      expect(part).toContain(translatorFor("fr-CA")(boutiqueNameKey("STORE_MTL")));
    }
    expect(text).toMatch(/2 unités/);
  });

  it("carries the logo as an inline image its HTML part shows by Content-ID", () => {
    const logo = mail.email.attachments.find((a) => a.mimeType === "image/png");
    expect(logo).toMatchObject({ filename: "logo.png", disposition: "inline", contentId: "<logo@cuvee>" });
    // A real PNG: its signature, and more than a few bytes.
    const bytes = new Uint8Array(logo!.content as ArrayBuffer);
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.byteLength).toBeGreaterThan(500);
    expect(mail.email.html).toMatch(/<img [^>]*src="cid:logo@cuvee"/);
  });

  it("attaches the invoice, a PDF that names the order and its lines", async () => {
    const pdfs = mail.email.attachments.filter((a) => a.mimeType === "application/pdf");
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.filename).toBe(`Invoice-${order.orderNumber}.pdf`);
    expect(pdfs[0]!.disposition).toBe("attachment");
    const bytes = new Uint8Array(pdfs[0]!.content as ArrayBuffer);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    // A long name may wrap onto two lines of the table.
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    expect(text).toContain(order.orderNumber);
    expect(text).toContain(order.confirmationNumber);
    expect(text).toContain(names.food);
  });

  it("keeps a plain-text part, and a second send writes no second file", async () => {
    expect(mail.raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    // Sending again (nothing due) writes no second file.
    await sendOutbox(db);
    expect(readdirSync(outboxDir).filter((f) => f.includes(`-order-${order.orderNumber}-confirmation`))).toHaveLength(1);
  });

  it("goes without the invoice when the order has none any more at send time (refunded meanwhile), with its logo", async () => {
    const refunded = await paidOrder({ guestId: crypto.randomUUID() }, "leo@example.com");
    await db.update(orders).set({ status: "REFUNDED" }).where(eq(orders.id, refunded.id));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { email } = await confirmationMail(refunded);
      expect(email.attachments.map((a) => a.filename)).toEqual(["logo.png"]);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`order ${refunded.id} has no invoice`));
    } finally {
      errors.mockRestore();
    }
  });

  it("is in English for an English order", async () => {
    const english = await paidOrder({ guestId: crypto.randomUUID() }, "sam@example.com", "en-US");
    const { email } = await confirmationMail(english);
    expect(email.subject).toContain("Your order");
    expect(email.text).toContain("2 units");
    expect(email.html).toMatch(/<html [^>]*lang="en-US"/);
    expect(email.attachments.map((a) => a.filename).sort()).toEqual([`Invoice-${english.orderNumber}.pdf`, "logo.png"]);
  });
});

type ConfirmationData = {
  order: { invoicePath: string | null; isCustomer: boolean };
  lines: { name: string; inventoryCode: string; quantity: number; amountCents: number }[];
};

describe("the confirmation page", () => {
  const pageFor = async (order: Order, cookie = "") =>
    (await confirmationLoader(
      await routeArgs(db, `/checkout/confirmation?order=${order.confirmationNumber}`, { init: { headers: { Cookie: cookie } } }),
    )) as unknown as ConfirmationData;

  it("lists a guest's lines with their channel, quantity and amount, and gives no invoice link", async () => {
    const order = await paidOrder({ guestId: crypto.randomUUID() }, "guest@example.com");
    const page = await pageFor(order);
    expect(page.lines.map((l) => [l.inventoryCode, l.quantity])).toEqual([
      ["IP", 1],
      ["MERCH_MTL", 2],
    ]);
    expect(page.lines.every((l) => l.amountCents > 0)).toBe(true);
    expect(page.order.isCustomer).toBe(false);
    expect(page.order.invoicePath).toBeNull();
  });

  it("links the invoice for its customer logged in, never for another customer or a logged-out visitor", async () => {
    const register = async (email: string) => {
      const user = await registerCustomer(db, {
        firstName: "Zoé",
        lastName: "Roy",
        email,
        password: "a good password",
        province: "QC",
        locale: "fr-CA",
      });
      if (user === "email-taken") throw new Error("taken");
      const cookie = (await startUserSession(db, new Request(`${ORIGIN}/`), user.id)).split(";")[0]!;
      return { user, cookie };
    };
    const owner = await register("owner@example.com");
    const other = await register("other@example.com");
    const order = await paidOrder({ customerId: owner.user.id }, owner.user.email);
    const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, order.id));
    expect(row!.customerId).toBe(owner.user.id);

    expect((await pageFor(order, owner.cookie)).order.invoicePath).toBe(`/account/invoices/${order.orderNumber}`);
    expect((await pageFor(order, other.cookie)).order.invoicePath).toBeNull();
    expect((await pageFor(order)).order.invoicePath).toBeNull();
    expect((await pageFor(order)).order.isCustomer).toBe(true);
  });
});
