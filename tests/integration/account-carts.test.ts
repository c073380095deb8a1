/**
 * A customer's cart and the province rule, against a real database: a logged-in
 * customer owns the cart; logging in merges the guest's cart (quantities added, stock and case
 * rules kept, one version bump); switching to the other province, once confirmed (decision
 * 028), logs out, clears the cart and starts a new guest; member prices reach the cart and the order
 * snapshot; a guest's orders join the account only with proof (confirmation number, same browser).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountFromOrder, linkGuestOrders } from "~/accounts/guest-orders.server";
import { leaveForProvince, mustLeaveForProvince } from "~/accounts/login-flow.server";
import { addToCart, getCart, mergeGuestCart } from "~/cart/cart.server";
import type { CartOwner } from "~/cart/cart-types";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, cartLines, carts, orders, productInventories, subscriptionPlans, subscriptions, users, userSessions } from "~/db/schema";
import { DEFAULT_PREFERENCES } from "~/preferences/preferences";
import { loader as checkoutLoader } from "~/routes/checkout";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as preferencesAction } from "~/routes/preferences";
import { action as provinceAction } from "~/routes/province";
import { action as registerAction } from "~/routes/register";
import { loader as cartLoader } from "~/routes/shopping-cart";
import { ensureGuestId, readSession } from "~/session.server";
import { readUser } from "~/users/users.server";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("account-carts"));

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImport: CatalogueItem;
let shopWine: CatalogueItem;
let shopFood: CatalogueItem;
let qcBranchId: number;

const setStock = (id: number, quantity: number) => db.update(productInventories).set({ quantity }).where(eq(productInventories.id, id));

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

/** Runs an action that redirects; returns the status, the Location and the cookies it sets. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  preferences = {},
) {
  try {
    const result = await action(await routeArgs(db, path, { init: form(fields, cookie), preferences }));
    if (result instanceof Response) return redirected(result);
    throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return redirected(thrown);
    throw thrown;
  }
}

function redirected(response: Response) {
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  return { status: response.status, location: response.headers.get("Location"), cookies, cookie: cookies.join("; ") };
}

const requestWith = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

/** A guest session cookie (the one a first cart change would set). */
async function guestCookie(): Promise<{ cookie: string; guestId: string }> {
  const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
  return { cookie: setCookie.split(";")[0]!, guestId };
}

let accounts = 0;
/** Registers a new QC customer from a fresh guest session; returns their cookie and id. */
async function registerCustomer(guest?: { cookie: string }) {
  accounts += 1;
  const email = `client${accounts}@example.com`;
  const registered = await post(
    registerAction,
    "/register",
    { firstName: "Zoé", lastName: "Roy", email, password: "un bon mot de passe" },
    guest?.cookie,
  );
  expect(registered.status).toBe(303);
  // Registering sends to the login (docs/decisions/031), which merges the guest's cart.
  const result = await logIn(email, guest?.cookie);
  const user = await readUser(db, requestWith(result.cookie));
  if (!user) throw new Error("the new account could not log in");
  return { cookie: result.cookie, user, email };
}

async function logIn(email: string, cookie?: string, preferences = {}) {
  return post(loginAction, "/login", { email, password: "un bon mot de passe" }, cookie, preferences);
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  privateImport = await findCatalogueItem(db, "IP", "AVAILABLE", { minUnits: 10, minUvc: 2 });
  shopWine = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "VIN", singleBottle: true });
  shopFood = await findCatalogueItem(db, "MERCH_MTL", "AVAILABLE", { minUnits: 20, typeCode: "FOODS" });
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;
});
afterAll(async () => {
  await testDb?.close();
});

describe("a logged-in customer's cart", () => {
  it("belongs to the customer: logging out shows a new guest's empty cart, logging in brings it back", async () => {
    const { cookie, user, email } = await registerCustomer();
    const owner: CartOwner = { customerId: user.id };
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 2 });
    type CartView = { empty: boolean; sections?: { lines: unknown[] }[] };
    const cartWith = async (cookie: string) =>
      (await cartLoader(await routeArgs(db, "/shopping-cart", { init: { headers: { Cookie: cookie } } }))) as CartView;
    const lineCount = (view: CartView) => (view.sections ?? []).reduce((n, s) => n + s.lines.length, 0);
    expect(lineCount(await cartWith(cookie))).toBe(1);

    const loggedOut = await post(logoutAction, "/logout", {}, cookie);
    expect((await cartWith(loggedOut.cookie)).empty).toBe(true);

    const again = await logIn(email, loggedOut.cookie);
    expect(lineCount(await cartWith(again.cookie))).toBe(1);
  });

  it("checkout step 1 starts from the customer's profile and offers no second account", async () => {
    const { cookie, user } = await registerCustomer();
    await db.update(users).set({ phone: "+15145550199" }).where(eq(users.id, user.id));
    await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const page = (await checkoutLoader(await routeArgs(db, "/checkout?step=1", { init: { headers: { Cookie: cookie } } }))) as {
      contact: { firstName: string; lastName: string; email: string; phone: string };
      isCustomer: boolean;
    };
    expect(page.contact).toMatchObject({ firstName: "Zoé", lastName: "Roy", email: user.email, phone: "(514) 555-0199" });
    expect(page.isCustomer).toBe(true);
  });

  it("merges the guest's cart at login: quantities added, capped to whole cases in stock, one version bump", async () => {
    const { email, user } = await registerCustomer();
    const owner: CartOwner = { customerId: user.id };
    await setStock(privateImport.id, 5 * privateImport.uvc);
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: privateImport.id, quantity: 3 });
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const versionBefore = (await getCart(db, owner, "QC", "fr-CA"))!.lockVersion;

    const guest = await guestCookie();
    await addToCart(db, { guestId: guest.guestId }, "QC", "fr-CA", { productInventoryId: privateImport.id, quantity: 4 });
    await addToCart(db, { guestId: guest.guestId }, "QC", "fr-CA", { productInventoryId: shopWine.id, quantity: 2 });

    const login = await logIn(email, guest.cookie);
    expect(login.status).toBe(303);
    const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
    const quantities = Object.fromEntries(cart.lines.map((l) => [l.productInventoryId, l.quantity]));
    // 3 + 4 cases asked, 5 whole cases in stock.
    expect(quantities).toEqual({ [privateImport.id]: 5, [shopFood.id]: 1, [shopWine.id]: 2 });
    expect(cart.lockVersion).toBe(versionBefore + 1);
    // The guest cart is gone.
    expect(await db.select().from(carts).where(eq(carts.guestId, guest.guestId))).toHaveLength(0);
    await setStock(privateImport.id, 40 * privateImport.uvc);
  });

  it("never shrinks a line the customer had, even when the stock fell below it", async () => {
    const { user } = await registerCustomer();
    const owner: CartOwner = { customerId: user.id };
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopWine.id, quantity: 5 });
    await setStock(shopWine.id, 3);
    const guest = await guestCookie();
    await db.insert(carts).values({ guestId: guest.guestId, province: "QC" });
    const [guestCart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.guestId, guest.guestId));
    await db.insert(cartLines).values({ cartId: guestCart!.id, productInventoryId: shopWine.id, section: "SHOP", quantity: 1 });
    expect(await mergeGuestCart(db, guest.guestId, user.id, "QC")).toBe(0);
    const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
    expect(cart.lines.map((l) => l.quantity)).toEqual([5]);
    await setStock(shopWine.id, 100);
  });

  it("leaves a guest cart whose order waits for its payment as it is", async () => {
    const { user } = await registerCustomer();
    const guest = await guestCookie();
    const owner: CartOwner = { guestId: guest.guestId };
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
    await saveContact(db, cart.id, {
      intent: "contact",
      firstName: "Zoé",
      lastName: "Roy",
      email: "zoe@example.com",
      phone: "514 555 0123",
      createAccount: false,
    });
    await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: null, boutiqueCode: "STORE_MTL" });
    const placed = await placeOrder(db, {
      owner,
      province: "QC",
      locale: "fr-CA",
      lockVersion: cart.lockVersion,
      paymentProvider: "simulated",
    });
    expect(placed.ok && placed.order.status).toBe("PENDING_PAYMENT");

    expect(await mergeGuestCart(db, guest.guestId, user.id, "QC")).toBe(0);
    expect((await getCart(db, owner, "QC", "fr-CA"))?.lines).toHaveLength(1);
    expect(await getCart(db, { customerId: user.id }, "QC", "fr-CA")).toBeNull();
  });

  it("merging an empty or missing guest cart changes nothing", async () => {
    const { user } = await registerCustomer();
    await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const version = (await getCart(db, { customerId: user.id }, "QC", "fr-CA"))!.lockVersion;
    expect(await mergeGuestCart(db, crypto.randomUUID(), user.id, "QC")).toBe(0);
    expect((await getCart(db, { customerId: user.id }, "QC", "fr-CA"))!.lockVersion).toBe(version);
  });

  it("logging in from the other province's shop puts the shop in the customer's province", async () => {
    const { email } = await registerCustomer();
    const login = await logIn(email, undefined, { province: "ON" });
    expect(login.cookies.some((c) => c.includes("prefs="))).toBe(true);
  });
});

describe("one province per customer (docs/product.md#province-switch)", () => {
  it("switching to Ontario, once confirmed, logs out, clears the cart, starts a new guest and goes to /login", async () => {
    const guest = await guestCookie();
    const { cookie, user } = await registerCustomer(guest);
    await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 3 });
    const sessionBefore = await readSession(requestWith(cookie));

    // The header's switch asks first (decision 028; tests/integration/province-switch.test.ts).
    const asked = await post(preferencesAction, "/preferences", { province: "ON", redirectTo: "/products" }, cookie);
    expect(asked.location).toBe("/province?province=on&to=%2Fproducts");
    expect(await readUser(db, requestWith(cookie))).not.toBeNull();
    const switched = await post(provinceAction, "/province", { province: "ON", to: "/products" }, cookie);
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/login");
    expect(await readUser(db, requestWith(switched.cookie))).toBeNull();
    const sessionAfter = await readSession(requestWith(switched.cookie));
    expect(sessionAfter?.guestId).toBeDefined();
    expect(sessionAfter?.guestId).not.toBe(sessionBefore?.guestId);
    // The old cookie no longer logs anyone in, and the cart is empty.
    expect(await db.select().from(userSessions).where(eq(userSessions.id, sessionBefore!.id))).toHaveLength(0);
    expect((await getCart(db, { customerId: user.id }, "QC", "fr-CA"))?.lines ?? []).toHaveLength(0);
  });

  it("switching the language, or to the customer's own province, keeps the customer logged in", async () => {
    const { cookie } = await registerCustomer();
    const lang = await post(preferencesAction, "/preferences", { locale: "en-US", redirectTo: "/" }, cookie);
    expect(lang.location).toBe("/");
    expect(await readUser(db, requestWith(cookie))).not.toBeNull();
  });

  it("leaving for the other province's store page (/on) does the same", async () => {
    const { cookie, user } = await registerCustomer();
    await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    // The confirmation's POST (/province) calls these two (end to end: tests/e2e/account-province.spec.ts).
    const current = await readUser(db, requestWith(cookie));
    expect(mustLeaveForProvince(current, "ON")).toBe(true);
    expect(mustLeaveForProvince(current, "QC")).toBe(false);
    await leaveForProvince(db, requestWith(cookie), current!, DEFAULT_PREFERENCES, "ON");
    expect((await getCart(db, { customerId: user.id }, "QC", "fr-CA"))?.lines ?? []).toHaveLength(0);
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, user.id))).toHaveLength(0);
  });

  it("staff are not bound to a province", async () => {
    const { user } = await registerCustomer();
    expect(mustLeaveForProvince({ ...user, role: "staff" }, "ON")).toBe(false);
  });
});

describe("member prices (docs/product.md#members)", () => {
  async function makeMember(userId: number, periodEnd: Date) {
    await db
      .insert(subscriptionPlans)
      .values({
        code: "MEMBERSHIP",
        kind: "MEMBERSHIP",
        priceCents: 15000,
        interval: "year",
        nameFr: "Adhésion",
        nameEn: "Membership",
        descriptionFr: "-",
        descriptionEn: "-",
      })
      .onConflictDoNothing();
    await db
      .insert(subscriptions)
      .values({ userId, planCode: "MEMBERSHIP", status: "ACTIVE", paymentProvider: "simulated", currentPeriodEnd: periodEnd });
  }

  it("a member's cart shows −20 % on single bottles; the placed order keeps the discount", async () => {
    const { cookie, user } = await registerCustomer();
    const owner: CartOwner = { customerId: user.id };
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopWine.id, quantity: 1 });
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    type CartView = { summary: { memberDiscounts: { singleBottle: number; payNow: number }; boutique: number } };
    const cartOf = async () =>
      (await cartLoader(await routeArgs(db, "/shopping-cart", { init: { headers: { Cookie: cookie } } }))) as CartView;

    expect((await cartOf()).summary.memberDiscounts).toEqual({ singleBottle: 0, payNow: 0 });
    await makeMember(user.id, new Date(Date.now() + 86_400_000));
    const member = await cartOf();
    expect(member.summary.memberDiscounts.singleBottle).toBeGreaterThan(0);

    const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
    await saveContact(db, cart.id, {
      intent: "contact",
      firstName: "Zoé",
      lastName: "Roy",
      email: "zoe@example.com",
      phone: "514 555 0123",
      createAccount: false,
    });
    await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: "STORE_MTL" });
    const placed = await placeOrder(db, {
      owner,
      province: "QC",
      locale: "fr-CA",
      lockVersion: cart.lockVersion,
      paymentProvider: "simulated",
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order.memberDiscountCents).toBe(member.summary.memberDiscounts.singleBottle + member.summary.memberDiscounts.payNow);
    expect(placed.order.customerId).toBe(user.id);
    expect(placed.order.payNowCents).toBeLessThan(placed.order.boutiqueCents + placed.order.gstCents + placed.order.qstCents);
  });

  it("an ended membership gives no discount", async () => {
    const { cookie, user } = await registerCustomer();
    await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: shopWine.id, quantity: 1 });
    await makeMember(user.id, new Date(Date.now() - 1000));
    const view = (await cartLoader(await routeArgs(db, "/shopping-cart", { init: { headers: { Cookie: cookie } } }))) as {
      summary: { memberDiscounts: { singleBottle: number } };
    };
    expect(view.summary.memberDiscounts.singleBottle).toBe(0);
  });
});

describe("guest orders and the account", () => {
  async function guestOrder(guestId: string, email: string, accountPassword = false) {
    const owner: CartOwner = { guestId };
    await addToCart(db, owner, "QC", "fr-CA", { productInventoryId: shopFood.id, quantity: 1 });
    const cart = (await getCart(db, owner, "QC", "fr-CA"))!;
    await saveContact(db, cart.id, {
      intent: "contact",
      firstName: "Léa",
      lastName: "Roy",
      email,
      phone: "514 555 0123",
      createAccount: accountPassword,
      password: accountPassword ? "un bon mot de passe" : undefined,
    });
    await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: null, boutiqueCode: "STORE_MTL" });
    const placed = await placeOrder(db, {
      owner,
      province: "QC",
      locale: "fr-CA",
      lockVersion: cart.lockVersion,
      paymentProvider: "simulated",
    });
    if (!placed.ok) throw new Error(placed.error);
    return placed.order;
  }

  it("registering from the confirmation page links that order; another e-mail or a wrong number links nothing", async () => {
    const order = await guestOrder(crypto.randomUUID(), "lea@example.com");
    const other = await guestOrder(crypto.randomUUID(), "lea@example.com");
    const result = await post(registerAction, "/register", {
      firstName: "Léa",
      lastName: "Roy",
      email: "Lea@Example.com",
      password: "un bon mot de passe",
      order: order.confirmationNumber,
    });
    expect(result.status).toBe(303);
    const [user] = await db.select().from(users).where(eq(users.email, "lea@example.com"));
    const [linked] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(linked?.customerId).toBe(user!.id);
    // An order with the same e-mail but no proof stays a guest order.
    const [unlinked] = await db.select().from(orders).where(eq(orders.id, other.id));
    expect(unlinked?.customerId).toBeNull();
    expect(
      await linkGuestOrders(db, { id: user!.id, email: "someone-else@example.com" }, { confirmationNumber: other.confirmationNumber }),
    ).toBe(0);
  });

  it("logging in links the orders this browser placed with the account's e-mail", async () => {
    const { email, user } = await registerCustomer();
    const guest = await guestCookie();
    const order = await guestOrder(guest.guestId, email);
    await logIn(email, guest.cookie);
    const [linked] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(linked?.customerId).toBe(user.id);
  });

  it("the account asked for at checkout is created with the order, which joins it; an existing e-mail is left alone", async () => {
    const order = await guestOrder(crypto.randomUUID(), "nouveau@example.com", true);
    const userId = await createAccountFromOrder(db, order.id);
    if (typeof userId !== "number") throw new Error(`no account created: ${userId}`);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "nouveau@example.com", firstName: "Léa", province: "QC" });
    const [linked] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(linked).toMatchObject({ customerId: userId, accountPasswordHash: null });
    // The password chosen at checkout logs in.
    expect((await logIn("nouveau@example.com")).location).toBe("/account");

    const again = await guestOrder(crypto.randomUUID(), "nouveau@example.com", true);
    expect(await createAccountFromOrder(db, again.id)).toBe("email-taken");
    const [kept] = await db.select().from(orders).where(eq(orders.id, again.id));
    // The hash is gone; "" marks that an account was asked for (docs/decisions/031).
    expect(kept).toMatchObject({ customerId: null, accountPasswordHash: "" });
  });
});
