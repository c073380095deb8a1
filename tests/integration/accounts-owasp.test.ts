/**
 * Accounts as OWASP's authentication guidance asks (docs/decisions/031), beyond the login limits
 * and /register (accounts.test.ts): the account asked for at checkout answers the same for a known
 * e-mail and tells its owner; weak passwords refused at checkout, reset and change; changing the
 * e-mail needs the current password and tells the old address; only whoever placed a pending order,
 * or staff, may cancel it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createResetToken } from "~/accounts/password-reset.server";
import { addToCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { branches, orders, productInventories, products, users } from "~/db/schema";
import { useShopMailerForTests } from "~/email/mailer.server";
import { action as profileAction } from "~/routes/account.profile";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as confirmationLoader } from "~/routes/checkout.confirmation";
import { action as paymentAction } from "~/routes/checkout.payment";
import { action as resetAction } from "~/routes/reset-password";
import { ensureGuestId } from "~/session.server";
import { registerCustomer, startUserSession, verifyCredentials } from "~/users/users.server";
import { routeArgs } from "../support/loader-context";
import { capturingMailer, sendOutbox } from "../support/outbox";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let db: TestDatabase["db"];
let privateImportId: number;
let qcBranchId: number;
const capturing = capturingMailer();
const sent = capturing.sent;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  useShopMailerForTests(capturing);
  const [channel] = await db
    .select({ id: productInventories.id })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .where(
      and(
        eq(productInventories.inventoryCode, "IP"),
        eq(productInventories.availabilityStatus, "AVAILABLE"),
        gte(productInventories.quantity, sql`8 * ${products.uvc}`),
      ),
    )
    .limit(1);
  if (!channel) throw new Error("demo catalogue has no available private-import item with 8 cases");
  privateImportId = channel.id;
  const [qc] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = qc!.id;
});
afterEach(() => {
  sent.length = 0;
});
afterAll(async () => {
  useShopMailerForTests(undefined);
  await testDb?.close();
});

type Answer = {
  status: number;
  location: string | null;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown>;
  pageError?: string;
};

/** Runs an action as a form POST; returns the redirect or the data's status, field errors and values. */
async function post(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, cookie = ""): Promise<Answer> {
  const init = {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  };
  try {
    const result = (await action(await routeArgs(db, path, { init }))) as
      | Response
      | {
          data: { result?: { error?: Answer["error"]; initialValue?: Record<string, unknown> }; error?: string };
          init?: { status?: number };
        };
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
    return {
      status: result.init?.status ?? 200,
      location: null,
      error: result.data.result?.error,
      initialValue: result.data.result?.initialValue,
      pageError: result.data.error,
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** A guest with a session cookie and a private-import case in the QC cart. */
async function guestWithCart() {
  const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
  const added = await addToCart(db, { guestId }, "QC", "fr-CA", { productInventoryId: privateImportId, quantity: 1 });
  if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  return { guestId, cookie: setCookie.split(";")[0]!, cart: added.cart };
}

async function customer(email: string, password = "a good password") {
  const user = await registerCustomer(db, { firstName: "Camille", lastName: "Tremblay", email, password, province: "QC", locale: "fr-CA" });
  if (user === "email-taken") throw new Error(`${email} already registered`);
  const setCookie = await startUserSession(db, new Request("http://shop.test/"), user.id);
  return { user, cookie: setCookie.split(";")[0]! };
}

/** A pending order placed by a fresh guest, through the checkout's own functions. */
async function pendingGuestOrder(contact: { email: string; createAccount?: boolean; password?: string } = { email: "guest@example.com" }) {
  const guest = await guestWithCart();
  const answer = await post(
    checkoutAction,
    "/checkout",
    {
      intent: "contact",
      firstName: "Léa",
      lastName: "Gagnon",
      email: contact.email,
      phone: "514 555 0123",
      ...(contact.createAccount ? { createAccount: "on", password: contact.password ?? "" } : {}),
    },
    guest.cookie,
  );
  expect(answer).toEqual({ status: 303, location: "/checkout?step=2" });
  await saveDelivery(db, { cartId: guest.cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: null });
  const placed = await post(
    checkoutAction,
    "/checkout",
    { intent: "place", lockVersion: String(guest.cart.lockVersion), acceptRules: "on" },
    guest.cookie,
  );
  expect(placed.status).toBe(303);
  const [order] = await db.select().from(orders).where(eq(orders.guestId, guest.guestId));
  if (!order) throw new Error("no order placed");
  return { guest, order };
}

const orderStatus = async (id: number) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe("the account asked for at checkout", () => {
  it("refuses a password too easy to guess on step 1, and saves nothing", async () => {
    const guest = await guestWithCart();
    for (const password of ["12345678", "password"]) {
      const answer = await post(
        checkoutAction,
        "/checkout",
        {
          intent: "contact",
          firstName: "Léa",
          lastName: "Gagnon",
          email: "lea@example.com",
          phone: "514 555 0123",
          createAccount: "on",
          password,
        },
        guest.cookie,
      );
      expect(answer.status).toBe(400);
      expect(answer.error).toEqual({ password: ["auth.errors.passwordWeak"] });
      expect(answer.initialValue).not.toHaveProperty("password");
    }
  });

  it("for a known e-mail: the same confirmation page as for a new one, no account change, and a mail to the owner", async () => {
    await customer("deja.client@example.com");
    const [before] = await db.select().from(users).where(eq(users.email, "deja.client@example.com"));
    const known = await pendingGuestOrder({ email: "Deja.Client@example.com", createAccount: true, password: "intruder chose this" });
    const fresh = await pendingGuestOrder({ email: "tout.nouveau@example.com", createAccount: true, password: "a new customer here" });
    const page = async (confirmationNumber: string) =>
      (
        (await confirmationLoader(await routeArgs(db, `/checkout/confirmation?order=${confirmationNumber}`))) as {
          order: { isCustomer: boolean };
        }
      ).order;
    expect((await page(known.order.confirmationNumber)).isCustomer).toBe(true);
    expect((await page(fresh.order.confirmationNumber)).isCustomer).toBe(true);
    const [after] = await db.select().from(users).where(eq(users.email, "deja.client@example.com"));
    expect(after).toEqual(before);
    expect(await verifyCredentials(db, "deja.client@example.com", "intruder chose this")).toBeNull();
    await sendOutbox(testDb.db);
    expect(sent.filter((m) => m.tag.startsWith("registration-attempt-")).length).toBe(1);
    expect(sent.find((m) => m.tag.startsWith("registration-attempt-"))).toMatchObject({ to: "deja.client@example.com" });
    // The new address got its account.
    expect(await verifyCredentials(db, "tout.nouveau@example.com", "a new customer here")).not.toBeNull();
  });
});

describe("new passwords too easy to guess", () => {
  it("are refused by the reset link (which still works) and by the password change", async () => {
    const { user, cookie } = await customer("reset.weak@example.com", "the old password");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const token = await createResetToken(row!);
    for (const password of ["12345678", "password"]) {
      const refused = await post(resetAction, "/reset-password", { token, password, confirmation: password });
      expect(refused.status).toBe(400);
      expect(refused.error).toEqual({ password: ["auth.errors.passwordWeak"] });
      const change = await post(
        profileAction,
        "/account/profile",
        { intent: "password", currentPassword: "the old password", newPassword: password, confirmPassword: password },
        cookie,
      );
      expect(change.status).toBe(400);
      expect(change.error).toEqual({ newPassword: ["auth.errors.passwordWeak"] });
    }
    expect(await verifyCredentials(db, "reset.weak@example.com", "the old password")).not.toBeNull();
    expect(await post(resetAction, "/reset-password", { token, password: "a strong new one", confirmation: "a strong new one" })).toEqual({
      status: 303,
      location: "/login?reset=1",
    });
  });
});

describe("changing the account's e-mail", () => {
  const profile = (email: string, extra: Record<string, string> = {}) => ({
    intent: "profile",
    firstName: "Camille",
    lastName: "Tremblay",
    email,
    phone: "514 555 0123",
    "delivery.street": "1 rue Principale",
    "delivery.city": "Montréal",
    "delivery.province": "QC",
    "delivery.postalCode": "H2X 1Y4",
    billingSameAsDelivery: "on",
    ...extra,
  });

  it("needs the current password: none or a wrong one is a 400 and changes nothing", async () => {
    const { user, cookie } = await customer("owner.mail@example.com", "my real password");
    const none = await post(profileAction, "/account/profile", profile("thief@example.com"), cookie);
    expect(none.status).toBe(400);
    expect(none.error).toEqual({ currentPassword: ["profile.errors.currentPasswordForEmail"] });
    const wrong = await post(profileAction, "/account/profile", profile("thief@example.com", { currentPassword: "a guess" }), cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.error).toEqual({ currentPassword: ["profile.errors.currentPasswordWrong"] });
    expect(wrong.initialValue).toMatchObject({ email: "thief@example.com" });
    expect(wrong.initialValue).not.toHaveProperty("currentPassword");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe("owner.mail@example.com");
    expect(sent).toEqual([]);
    // The rest of the profile saves without the password while the e-mail stays.
    expect(await post(profileAction, "/account/profile", profile("Owner.Mail@example.com"), cookie)).toEqual({
      status: 303,
      location: "/account/profile?saved=profile",
    });
  });

  it("with the right password, saves it and tells the OLD address", async () => {
    const { user, cookie } = await customer("old.address@example.com", "my real password");
    const saved = await post(
      profileAction,
      "/account/profile",
      profile("New.Address@example.com", { currentPassword: "my real password" }),
      cookie,
    );
    expect(saved).toEqual({ status: 303, location: "/account/profile?saved=profile" });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe("new.address@example.com");
    await sendOutbox(testDb.db);
    expect(sent.length).toBe(1);
    expect(sent[0]).toMatchObject({
      to: "old.address@example.com",
      subject: "Cuvée — Le courriel de votre compte a changé",
      tag: `email-changed-${user.id}`,
    });
    expect(sent[0]!.text).toContain("new.address@example.com");
  });
});

describe("cancelling a pending order", () => {
  it("is refused to another browser (403, nothing changed), which may still pay it", async () => {
    const { order } = await pendingGuestOrder();
    const stranger = await ensureGuestId(new Request("http://shop.test/"));
    const path = `/checkout/payment?order=${order.confirmationNumber}`;
    const refused = await post(paymentAction, path, { intent: "cancel" }, stranger.setCookie.split(";")[0]);
    expect(refused).toMatchObject({ status: 403, pageError: "cancelRefused" });
    const anonymous = await post(paymentAction, path, { intent: "cancel" });
    expect(anonymous.status).toBe(403);
    const { cookie: otherCustomer } = await customer("other.customer@example.com");
    expect((await post(paymentAction, path, { intent: "cancel" }, otherCustomer)).status).toBe(403);
    expect(await orderStatus(order.id)).toBe("PENDING_PAYMENT");
    // Paying with the link still works for anyone.
    expect(await post(paymentAction, path, { intent: "pay" }, stranger.setCookie.split(";")[0])).toEqual({
      status: 303,
      location: `/checkout/confirmation?order=${order.confirmationNumber}`,
    });
    expect(await orderStatus(order.id)).toBe("PAID");
  });

  it("is allowed to the browser that placed it, to its customer, and to staff", async () => {
    const mine = await pendingGuestOrder();
    expect(
      await post(paymentAction, `/checkout/payment?order=${mine.order.confirmationNumber}`, { intent: "cancel" }, mine.guest.cookie),
    ).toEqual({ status: 303, location: "/checkout?step=3" });
    expect(await orderStatus(mine.order.id)).toBe("CANCELLED");

    const { user, cookie } = await customer("placer@example.com");
    const cart = await addToCart(db, { customerId: user.id }, "QC", "fr-CA", { productInventoryId: privateImportId, quantity: 1 });
    if (!cart.ok) throw new Error(cart.error);
    await saveContact(db, cart.cart.id, {
      intent: "contact",
      firstName: "Camille",
      lastName: "Tremblay",
      email: "placer@example.com",
      phone: "514 555 0123",
      createAccount: false,
    });
    await saveDelivery(db, { cartId: cart.cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: null });
    const placed = await placeOrder(db, {
      owner: { customerId: user.id },
      province: "QC",
      locale: "fr-CA",
      lockVersion: cart.cart.lockVersion,
      paymentProvider: "simulated",
    });
    if (!placed.ok) throw new Error(placed.error);
    expect(
      (await post(paymentAction, `/checkout/payment?order=${placed.order.confirmationNumber}`, { intent: "cancel" }, cookie)).status,
    ).toBe(303);
    expect(await orderStatus(placed.order.id)).toBe("CANCELLED");

    const other = await pendingGuestOrder();
    const [staff] = await db
      .insert(users)
      .values({
        role: "staff",
        province: "QC",
        locale: "fr-CA",
        firstName: "Agence",
        lastName: "Test",
        email: "agence.test@example.com",
        passwordHash: "none",
      })
      .returning({ id: users.id });
    const staffCookie = (await startUserSession(db, new Request("http://shop.test/"), staff!.id)).split(";")[0]!;
    expect(
      (await post(paymentAction, `/checkout/payment?order=${other.order.confirmationNumber}`, { intent: "cancel" }, staffCookie)).status,
    ).toBe(303);
    expect(await orderStatus(other.order.id)).toBe("CANCELLED");
  });
});
