/**
 * In production the simulated payment page does not exist: it answers 404 even for a
 * real pending order, and without Stripe keys placing an order is refused with the spec's payment
 * error, changing nothing. The demo logins are refused there too.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, orders, users } from "~/db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as paymentLoader } from "~/routes/checkout.payment";
import { action as loginAction } from "~/routes/login";
import { ensureGuestId } from "~/session.server";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { hashPassword } from "~/users/password.server";
import { findCatalogueItem } from "../support/catalogue-items";
import { routeArgs } from "../support/loader-context";
import { useStripeGateway } from "../support/payment-providers";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches on first call: this file's process runs as production, without Stripe keys.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-production-test-"));
  process.env.CUVEE_ENV = "production";
  process.env.SESSION_SECRET = "production-test-secret-0123456789";
  const { PRODUCTION_SETTINGS } = await import("../support/production-env");
  Object.assign(process.env, PRODUCTION_SETTINGS);
  delete process.env.STRIPE_SECRET_KEY;
});

const ORIGIN = "https://shop.test";
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  useStripeGateway(undefined);
});
afterAll(async () => {
  await testDb?.close();
});

/** A guest whose QC cart holds one shop food item, steps 1 and 2 answered. */
async function preparedGuest() {
  const { db } = testDb;
  const { guestId, setCookie } = await ensureGuestId(new Request(`${ORIGIN}/`));
  const food = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 5, typeCode: "FOODS" });
  const added = await addToCart(db, { guestId }, "QC", "fr-CA", { productInventoryId: food.id, quantity: 1 });
  expect(added.ok).toBe(true);
  const cart = (await getCart(db, { guestId }, "QC", "fr-CA"))!;
  await saveContact(db, cart.id, { intent: "contact", firstName: "Léa", lastName: "Roy", email: "lea@example.com", phone: "418 555 0101" });
  const [branch] = await db.select().from(branches).where(eq(branches.province, "QC")).limit(1);
  await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: branch!.id, boutiqueCode: "STORE_QC" });
  return { guestId, cookie: setCookie.split(";")[0]!, cart };
}

describe("payment in production without Stripe", () => {
  it("refuses to place the order with the payment error and changes nothing", async () => {
    const { cookie, cart } = await preparedGuest();
    const result = (await checkoutAction(
      await routeArgs(testDb.db, "/checkout?step=3", {
        init: {
          method: "POST",
          body: new URLSearchParams({ intent: "place", lockVersion: String(cart.lockVersion), acceptRules: "on" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        },
      }),
    )) as unknown as { data: { error?: string }; init?: { status?: number } };
    expect(result.init?.status).toBe(503);
    expect(result.data.error).toBe("paymentUnavailable");
    const [{ count }] = (await testDb.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.cartId, cart.id))) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("answers 404 on the simulated payment page, even for a real pending order", async () => {
    const { guestId, cart } = await preparedGuest();
    const placed = await placeOrder(testDb.db, {
      owner: { guestId },
      province: "QC",
      locale: "fr-CA",
      lockVersion: cart.lockVersion,
      paymentProvider: "simulated",
    });
    expect(placed.ok && placed.order.status).toBe("PENDING_PAYMENT");
    const confirmation = placed.ok ? placed.order.confirmationNumber : "";
    const thrown = await paymentLoader(await routeArgs(testDb.db, `/checkout/payment?order=${confirmation}`)).catch((e: unknown) => e);
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});

describe("demo logins in production", () => {
  it("are never created, and one found in a reused database cannot log in", async () => {
    const { db } = testDb;
    await expect(seedDemoAccounts(db, "production")).rejects.toThrow(/never created in production/);
    const [demo] = DEMO_ACCOUNTS;
    await db.insert(users).values({
      role: demo!.role,
      province: demo!.province,
      locale: demo!.locale,
      firstName: demo!.firstName,
      lastName: demo!.lastName,
      email: demo!.email,
      passwordHash: await hashPassword(demo!.password),
    });
    const refused = await loginAction(
      await routeArgs(db, "/login", {
        init: {
          method: "POST",
          body: new URLSearchParams({ email: demo!.email, password: demo!.password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        },
      }),
    );
    expect(refused).toMatchObject({ init: { status: 400 }, data: { result: { error: { "": ["auth.errors.invalidCredentials"] } } } });
  });
});
