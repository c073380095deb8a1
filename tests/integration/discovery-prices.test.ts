/**
 * Discovery subscribers' preferential prices on a real database
 * (docs/decisions/048-discovery-subscriber-prices.md): the demo Ontario subscriber's private-import
 * order is written with 10 % off the agency fees and `priceBenefit` DISCOVERY; the cart shows the
 * same; a package that is no longer paid gives nothing; a member who is also a subscriber gets the
 * better of the two, never both. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import { loadCheckout, saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, cartLines, orderLines, orders, orderTaxLines, productInventories, subscriptions } from "~/db/schema";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { priceBenefitsOf } from "~/users/membership.server";
import { verifyCredentials } from "~/users/users.server";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("discovery-prices"));

/** Half up, to the cent, of a non-negative amount × parts per 100 000. */
const percent = (cents: number, rate: number) => Math.floor((cents * rate + 50_000) / 100_000);

let testDb: TestDatabase;
let db: TestDatabase["db"];
let subscriberId: number;
let onBranchId: number;
/** An Ontario private-import case (PI) in stock. */
let consignment: CatalogueItem & { agencyFeeCents: number; priceCents: number };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const account = DEMO_ACCOUNTS.find((a) => a.email.startsWith("abonne.on"))!;
  subscriberId = (await verifyCredentials(db, account.email, account.password))!.id;
  const item = await findCatalogueItem(db, "PI", "AVAILABLE", { minCases: 5 });
  // An agency fee that makes one case's fees reach the member's 500 $ threshold, so that a member
  // who is also a subscriber gets the member's −15 % (the better one) on one case.
  const agencyFeeCents = Math.ceil(50_000 / item.uvc);
  consignment = { ...item, agencyFeeCents, priceCents: agencyFeeCents + 2_000 };
  await db
    .update(productInventories)
    .set({
      agencyFeeCents,
      priceCents: consignment.priceCents,
      priceTaxInCents: percent(consignment.priceCents, 113_000),
      quantity: 20 * item.uvc,
    })
    .where(eq(productInventories.id, item.id));
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "ON")).limit(1);
  onBranchId = branch!.id;
});

afterAll(async () => {
  await testDb?.close();
});

/** Puts `cases` of the consignment in the customer's Ontario cart and answers steps 1 and 2. */
async function prepare(customerId: number, cases: number) {
  const owner = { customerId };
  // A fresh cart each time: a placed order stays pending (simulated payment), its lines in the cart.
  const before = await getCart(db, owner, "ON", "fr-CA");
  if (before) await db.delete(cartLines).where(eq(cartLines.cartId, before.id));
  const added = await addToCart(db, owner, "ON", "fr-CA", { productInventoryId: consignment.id, quantity: cases });
  expect(added.ok).toBe(true);
  const cart = (await getCart(db, owner, "ON", "fr-CA"))!;
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: "Dominique",
    lastName: "Lavoie",
    email: "dominique.lavoie@example.com",
    phone: "613 555 0104",
  });
  expect(await saveDelivery(db, { cartId: cart.id, province: "ON", branchId: onBranchId, boutiqueCode: null })).toBe(true);
  return { owner, cart };
}

async function placeAndRead(customerId: number, cases: number) {
  const { owner, cart } = await prepare(customerId, cases);
  const placed = await placeOrder(db, {
    owner,
    province: "ON",
    locale: "fr-CA",
    lockVersion: cart.lockVersion,
    paymentProvider: "simulated",
  });
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.order.id));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
  const taxes = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, placed.order.id));
  return { order: order!, lines, taxes };
}

describe("an Ontario discovery subscriber", () => {
  it("holds an active discovery package in the demo seed, and no membership", async () => {
    expect(await priceBenefitsOf(db, subscriberId)).toEqual({ isMember: false, isDiscoverySubscriber: true });
  });

  it("sees the discount at checkout and places an order that carries it, with priceBenefit DISCOVERY", async () => {
    const { owner } = await prepare(subscriberId, 1);
    const shown = await loadCheckout(db, { owner, province: "ON", locale: "fr-CA", taxMode: "OUT" });
    const bottles = consignment.uvc;
    const agencyFees = consignment.agencyFeeCents * bottles;
    const discount = percent(agencyFees, 10_000);
    expect(discount).toBeGreaterThan(0);
    expect(shown?.summary.priceBenefit).toBe("DISCOVERY");
    expect(shown?.summary.discoveryDiscount).toBe(discount);

    const placed = await placeOrder(db, {
      owner,
      province: "ON",
      locale: "fr-CA",
      lockVersion: shown!.cart.lockVersion,
      paymentProvider: "simulated",
    });
    if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.order.id));
    // One case: agency fees less 10 %, HST 13 % on what is left; the LCBO part is not discounted.
    const taxable = agencyFees - discount;
    const hst = percent(taxable, 13_000);
    const board = (consignment.priceCents - consignment.agencyFeeCents) * bottles;
    expect(order).toMatchObject({
      province: "ON",
      agencyFeesCents: agencyFees,
      memberDiscountCents: discount,
      priceBenefit: "DISCOVERY",
      payNowCents: taxable + hst,
      liquorBoardFeesCents: board,
      payAtLiquorBoardCents: board + percent(board, 13_000),
    });
    expect(order!.totalCents).toBe(order!.payNowCents + order!.payAtLiquorBoardCents);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => l.memberDiscountCents)).toEqual([discount]);
    const taxes = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order!.id));
    expect(taxes.find((t) => t.part === "PAY_NOW" && t.code === "HST")?.amountCents).toBe(hst);
  });

  it("pays full price once the package is no longer paid (PAST_DUE): no discount, priceBenefit null", async () => {
    await db.update(subscriptions).set({ status: "PAST_DUE" }).where(eq(subscriptions.userId, subscriberId));
    try {
      const { order } = await placeAndRead(subscriberId, 1);
      expect(order.memberDiscountCents).toBe(0);
      expect(order.priceBenefit).toBeNull();
      expect(order.payNowCents).toBe(
        consignment.agencyFeeCents * consignment.uvc + percent(consignment.agencyFeeCents * consignment.uvc, 13_000),
      );
    } finally {
      await db.update(subscriptions).set({ status: "ACTIVE" }).where(eq(subscriptions.userId, subscriberId));
    }
  });

  it("who is also a member gets the better of the two for the cart, never both", async () => {
    const [membership] = await db
      .insert(subscriptions)
      .values({
        userId: subscriberId,
        planCode: "MEMBERSHIP",
        status: "ACTIVE",
        paymentProvider: "simulated",
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning({ id: subscriptions.id });
    try {
      expect(await priceBenefitsOf(db, subscriberId)).toEqual({ isMember: true, isDiscoverySubscriber: true });
      // One case's agency fees reach 500 $: the member's −15 % beats the subscriber's −10 %.
      const fees = consignment.agencyFeeCents * consignment.uvc;
      expect(fees).toBeGreaterThanOrEqual(50_000);
      const { order, lines } = await placeAndRead(subscriberId, 1);
      expect(order.priceBenefit).toBe("MEMBER");
      expect(order.memberDiscountCents).toBe(percent(fees, 15_000));
      expect(lines.map((l) => l.memberDiscountCents)).toEqual([percent(fees, 15_000)]);
      expect(order.payNowCents).toBe(fees - order.memberDiscountCents + percent(fees - order.memberDiscountCents, 13_000));
    } finally {
      await db.delete(subscriptions).where(eq(subscriptions.id, membership!.id));
    }
  });
});
