/**
 * Reservations through their lifecycle against a real database (docs/decisions/018):
 * staff marks a request available (stock held, an order PENDING_PAYMENT due in 5 days, the
 * customer e-mailed a payment link that works for a guest); paid within the window → one order
 * PAID and the reservation PAID; not paid → EXPIRED on day 5 with the stock back (nothing on day
 * 4), once even with two sweeps at once; marking twice → 409 and one order; the audit rows; a
 * customer or a guest calling the staff action gets 404; a forged link gets 404; the e-mail in the
 * reservation's language; a shop item (by the unit) with its boutique copied or asked for; staff
 * cancelling while a Stripe page is open or paid; a reservation's Stripe sessions (one per 23-hour
 * slot, none while a delayed payment settles, none in the last minutes). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where Promise.all runs on separate connections).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listCustomerOrders, orderView } from "~/accounts/order-history.server";
import { agencyDashboard } from "~/agency/dashboard.server";
import { addToCart, getCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { placeOrder } from "~/checkout/place-order.server";
import { auditLog, branches, orderLines, orders, productInventories, products, productTypes, reservations } from "~/db/schema";
import type { OutgoingMail } from "~/email/mailer.server";
import { useShopMailerForTests } from "~/email/mailer.server";
import { completeOrderPayment, expirePendingOrders, type Order, type Reservation } from "~/orders/orders.server";
import { reservationSessionExpiresAt } from "~/orders/payment.server";
import { readReservationToken, reservationPaymentPath } from "~/orders/reservation-token.server";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import { currentOrderPayment } from "~/payment/payments.server";
import { createStripeGateway } from "~/payment/stripe.server";
import { writeReservationExpiredMail } from "~/reservations/reservation-mail.server";
import { cancelReservation, markReservationAvailable } from "~/reservations/reservations.server";
import { action as staffAction, loader as staffLoader } from "~/routes/agence.reservations";
import { action as paymentAction, loader as paymentLoader } from "~/routes/checkout.payment";
import { action as loginAction } from "~/routes/login";
import { action as reservationAction, loader as reservationLoader } from "~/routes/reservation";
import { action as webhookAction } from "~/routes/webhooks.$provider";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { verifyCredentials } from "~/users/users.server";
import type { Locale } from "~/vocabulary";
import {
  checkoutSessionEvent,
  expireSession,
  markSessionPaid,
  markSessionProcessing,
  resetStripeMock,
  signedWebhook,
  stripeHandlers,
  stripeSessions,
} from "../mocks/stripe";
import { type CatalogueItem, findCatalogueItem } from "../support/catalogue-items";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { paymentUrl, useStripeGateway } from "../support/payment-providers";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("reservations"));

const DAY = 24 * 60 * 60_000;
const WEBHOOK_SECRET = "whsec_test";
const server = setupServer(...stripeHandlers);
const stripeGateway = createStripeGateway({ secretKey: "sk_test_x", webhookSecret: WEBHOOK_SECRET, maxNetworkRetries: 0 });

let testDb: TestDatabase;
let db: TestDatabase["db"];
let upcoming: CatalogueItem;
/** A shop product (not alcohol, sold by the unit) still to come, and one in stock of the same boutique. */
let shopUpcoming: { id: number; code: "STORE_MTL" | "STORE_QC" };
let shopInStock: number;
let staff: NonNullable<Awaited<ReturnType<typeof verifyCredentials>>> & { role: "staff" };
let qcBranchId: number;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const staffLogin = DEMO_ACCOUNTS.find((a) => a.email.startsWith("agence"))!;
  const user = await verifyCredentials(db, staffLogin.email, staffLogin.password);
  if (user?.role !== "staff") throw new Error("no demo staff user");
  staff = user as typeof staff;
  upcoming = await findCatalogueItem(db, "IP", "UPCOMING", { minUvc: 2 });
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;
  const shopItems = (status: "UPCOMING" | "AVAILABLE") =>
    db
      .select({ id: productInventories.id, code: productInventories.inventoryCode, quantity: productInventories.quantity })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .innerJoin(productTypes, eq(productTypes.code, products.typeCode))
      .where(
        and(
          inArray(productInventories.inventoryCode, ["STORE_MTL", "STORE_QC"]),
          eq(productInventories.availabilityStatus, status),
          eq(productTypes.isAlcohol, false),
        ),
      )
      .orderBy(productInventories.id);
  const inStock = (await shopItems("AVAILABLE")).filter((i) => i.quantity >= 5);
  const toCome = (await shopItems("UPCOMING")).find((i) => inStock.some((s) => s.code === i.code));
  if (!toCome) throw new Error("no upcoming shop item in the demo catalogue");
  shopUpcoming = { id: toCome.id, code: toCome.code as "STORE_MTL" | "STORE_QC" };
  shopInStock = inStock.find((s) => s.code === toCome.code)!.id;
});

beforeEach(() => {
  useStripeGateway(null);
  sent.length = 0;
  useShopMailerForTests({
    send: async (mail) => {
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
  });
});

afterEach(() => {
  resetStripeMock();
  useStripeGateway(undefined);
  useShopMailerForTests(undefined);
});

afterAll(async () => {
  server.close();
  await testDb?.close();
});

// --- helpers ----------------------------------------------------------------------------------

const stockOf = async (id: number) =>
  (await db.select({ q: productInventories.quantity }).from(productInventories).where(eq(productInventories.id, id)))[0]!.q;
const setStock = (id: number, quantity: number) => db.update(productInventories).set({ quantity }).where(eq(productInventories.id, id));
const reservationRow = async (id: number): Promise<Reservation> =>
  (await db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const orderRow = async (id: number): Promise<Order> => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

let guests = 0;
/** A guest reserves `cases` cases of the upcoming product through placeOrder; returns the REQUESTED reservation. */
async function requestedReservation(cases = 1, locale: Locale = "fr-CA"): Promise<Reservation> {
  return reserve({ productInventoryId: upcoming.id, quantity: cases, locale });
}

/**
 * A guest reserves `quantity` of a product through placeOrder, with `alongside` (a product in
 * stock) and the boutique chosen at step 2 when given; the order is paid when something was due.
 */
async function reserve(input: {
  productInventoryId: number;
  quantity: number;
  locale?: Locale;
  alongside?: { productInventoryId: number; quantity: number };
  boutiqueCode?: "STORE_MTL" | "STORE_QC";
}): Promise<Reservation> {
  guests += 1;
  const locale = input.locale ?? "fr-CA";
  const owner = { guestId: crypto.randomUUID() };
  for (const line of [
    { productInventoryId: input.productInventoryId, quantity: input.quantity },
    ...(input.alongside ? [input.alongside] : []),
  ]) {
    const added = await addToCart(db, owner, "QC", locale, line);
    expect(added.ok).toBe(true);
  }
  const cart = (await getCart(db, owner, "QC", locale))!;
  await saveContact(db, cart.id, {
    intent: "contact",
    firstName: "Zoé",
    lastName: "Roy",
    email: `zoe.${guests}@example.com`,
    phone: "514 555 0123",
  });
  expect(await saveDelivery(db, { cartId: cart.id, province: "QC", branchId: null, boutiqueCode: input.boutiqueCode ?? null })).toBe(true);
  const placed = await placeOrder(db, { owner, province: "QC", locale, lockVersion: cart.lockVersion, paymentProvider: "simulated" });
  if (!placed.ok) throw new Error(`placeOrder refused: ${placed.error}`);
  if (input.alongside) await completeOrderPayment(db, placed.order.id);
  else expect(placed.order.status).toBe("CONFIRMED");
  const [row] = await db.select().from(reservations).where(eq(reservations.orderId, placed.order.id));
  return row!;
}

/** Staff mark it available, then the outbox sends what that wrote (its e-mail). */
async function markAvailable(reservation: Reservation, bottlesReceived = reservation.bottles, now?: Date) {
  const result = await markReservationAvailable(db, {
    staff,
    reservationId: reservation.id,
    bottlesReceived,
    paymentProvider: "simulated",
    origin: "http://shop.test",
    now,
  });
  await sendOutbox(db);
  return result;
}

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

type DataResult = { type?: string; data: Record<string, unknown>; init?: { status?: number } | null };

/** Logs a demo account in; returns its session cookie. */
async function loginCookie(email: string, password: string): Promise<string> {
  try {
    await loginAction(await routeArgs(db, "/login", { init: form({ email, password }) }));
  } catch (thrown) {
    if (thrown instanceof Response)
      return thrown.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .join("; ");
    throw thrown;
  }
  throw new Error("login did not redirect");
}

/** The link of the one "available" e-mail sent to this reservation, as a path. */
async function mailedPath(reservation: Reservation): Promise<string> {
  await sendOutbox(db);
  const mails = sent.filter((m) => m.tag === `reservation-${reservation.id}-available`);
  expect(mails).toHaveLength(1);
  const url = /http:\/\/shop\.test(\/reservations\/[^\s"<]+)/.exec(mails[0]!.text)?.[1];
  expect(url).toBeDefined();
  return url!;
}

// --- tests ------------------------------------------------------------------------------------

describe("marking a reservation available", () => {
  it("holds the stock in an order PENDING_PAYMENT due in 5 days, e-mails the link, and writes the audit row", async () => {
    const reservation = await requestedReservation(2);
    await setStock(upcoming.id, 0);
    const now = new Date();
    const result = await markAvailable(reservation, reservation.bottles + 3, now);
    if (!result.ok || !result.order) throw new Error(`refused: ${JSON.stringify(result)}`);
    const { order } = result;

    // The received bottles went into the stock, the reservation's bottles came out of it.
    expect(await stockOf(upcoming.id)).toBe(3);
    expect(order).toMatchObject({
      status: "PENDING_PAYMENT",
      cartId: null,
      cartLockVersion: null,
      email: reservation.email,
      firstName: "Zoé",
      province: "QC",
      locale: "fr-CA",
      paymentProvider: "simulated",
      branchId: null,
    });
    expect(order.paymentDueAt.getTime()).toBe(now.getTime() + RESERVATION_WINDOW_DAYS * DAY);
    expect(order.agencyFeesCents).toBeGreaterThan(0);
    expect(order.payNowCents).toBeGreaterThan(order.agencyFeesCents);
    expect(order.totalCents).toBe(order.payNowCents + order.payAtLiquorBoardCents);
    expect(await reservationRow(reservation.id)).toMatchObject({
      status: "AVAILABLE",
      paymentOrderId: order.id,
      paymentDueAt: order.paymentDueAt,
      notifiedAt: now,
    });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "reservation"), eq(auditLog.entityId, String(reservation.id))));
    expect(audit).toMatchObject({ action: "reservation.available", actorId: staff.id, actorEmail: staff.email });
    expect(audit!.before).toMatchObject({ status: "REQUESTED", stock: 0 });
    expect(audit!.after).toMatchObject({
      status: "AVAILABLE",
      paymentOrderId: order.id,
      stock: 3,
      bottlesReceived: reservation.bottles + 3,
    });

    // The e-mail, in French, holds the signed link; the link opens the page for a guest (no cookie).
    const path = await mailedPath(reservation);
    const mail = sent.find((m) => m.tag === `reservation-${reservation.id}-available`)!;
    expect(mail.to).toBe(reservation.email);
    expect(mail.subject).toContain(order.orderNumber);
    expect(mail.text).toContain("Payez avant le");
    expect(readReservationToken(path.split("/").pop()!)).toBe(reservation.id);
    const page = (await reservationLoader(await routeArgs(db, path, { params: { token: path.split("/").pop()! } }))) as {
      view: { status: string; needs: { branch: boolean }; order: { payNowCents: number } };
    };
    expect(page.view.status).toBe("AVAILABLE");
    expect(page.view.order.payNowCents).toBe(order.payNowCents);
    // A reservation-only order had no branch: the page asks for one before paying.
    expect(page.view.needs.branch).toBe(true);
  });

  it("refuses when the stock is still short, changing nothing", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const result = await markAvailable(reservation, reservation.bottles - 1);
    expect(result).toEqual({ ok: false, error: "stock", stock: reservation.bottles - 1, bottles: reservation.bottles });
    expect(await stockOf(upcoming.id)).toBe(0);
    expect(await reservationRow(reservation.id)).toEqual(reservation);
    expect(sent).toEqual([]);
  });

  it("twice at once: one order, the other answered as a conflict (409 through the page)", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const [a, b] = await Promise.all([markAvailable(reservation), markAvailable(reservation)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const refused = a.ok ? b : a;
    expect(refused).toMatchObject({ ok: false, error: "conflict", reservation: { status: "AVAILABLE" } });
    const held = await orders_of(reservation);
    expect(held).toHaveLength(1);
    expect(await stockOf(upcoming.id)).toBe(0);

    // The staff page answers a stale mark with 409 and the current state.
    const cookie = await loginCookie(staff.email, DEMO_ACCOUNTS.find((a) => a.email === staff.email)!.password);
    const answer = (await staffAction(
      await routeArgs(db, "/agence/reservations", {
        init: form({ intent: "available", reservationId: String(reservation.id), bottlesReceived: "0" }, cookie),
      }),
    )) as unknown as DataResult;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.conflict).toBe("AVAILABLE");
    expect(await orders_of(reservation)).toHaveLength(1);
  });

  it("answers 404 to a guest and to a customer calling the staff page or action", async () => {
    const reservation = await requestedReservation(1);
    const customer = DEMO_ACCOUNTS.find((a) => a.email.startsWith("client.qc"))!;
    const customerCookie = await loginCookie(customer.email, customer.password);
    for (const cookie of [undefined, customerCookie]) {
      const posted = await thrownResponse(async () =>
        staffAction(
          await routeArgs(db, "/agence/reservations", {
            init: form(
              { intent: "available", reservationId: String(reservation.id), bottlesReceived: String(reservation.bottles) },
              cookie,
            ),
          }),
        ),
      );
      expect(posted.status).toBe(404);
      const shown = await thrownResponse(async () =>
        staffLoader(await routeArgs(db, "/agence/reservations", { init: cookie ? { headers: { Cookie: cookie } } : undefined })),
      );
      expect(shown.status).toBe(404);
    }
    expect((await reservationRow(reservation.id)).status).toBe("REQUESTED");
  });
});

/** The orders made to pay this reservation (its payment order and any other of its e-mail without a cart). */
async function orders_of(reservation: Reservation): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.email, reservation.email), inArray(orders.status, ["PENDING_PAYMENT", "PAID", "EXPIRED", "CANCELLED"])))
    .orderBy(desc(orders.id));
}

describe("paying a reservation made available", () => {
  it("within the window, through its link and the simulated page: one order PAID and the reservation PAID", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const result = await markAvailable(reservation);
    if (!result.ok || !result.order) throw new Error("not made available");
    const path = await mailedPath(reservation);
    const token = path.split("/").pop()!;
    const post = async (fields: Record<string, string>) =>
      thrownResponse(async () => reservationAction(await routeArgs(db, path, { params: { token }, init: form(fields) })));

    // Paying before the branch is chosen is refused.
    const early = (await reservationAction(
      await routeArgs(db, path, { params: { token }, init: form({ intent: "pay" }) }),
    )) as unknown as DataResult;
    expect(early.init?.status).toBe(400);
    expect(await post({ intent: "delivery", branchId: String(qcBranchId) })).toEqual({ status: 303, location: path });
    expect((await orderRow(result.order.id)).branchId).toBe(qcBranchId);

    const toPayment = await post({ intent: "pay" });
    expect(toPayment).toEqual({ status: 303, location: `/checkout/payment?order=${result.order.confirmationNumber}` });
    // Cancel on the payment page leads back to the reservation's page; the order keeps its window.
    const cancelled = await thrownResponse(async () =>
      paymentAction(await routeArgs(db, toPayment.location!, { init: form({ intent: "cancel" }) })),
    );
    expect(cancelled).toEqual({ status: 303, location: path });
    expect((await orderRow(result.order.id)).status).toBe("PENDING_PAYMENT");
    const paid = await thrownResponse(async () =>
      paymentAction(await routeArgs(db, toPayment.location!, { init: form({ intent: "pay" }) })),
    );
    expect(paid).toEqual({ status: 303, location: `/checkout/confirmation?order=${result.order.confirmationNumber}` });

    expect((await orderRow(result.order.id)).status).toBe("PAID");
    const closed = await reservationRow(reservation.id);
    expect(closed.status).toBe("PAID");
    expect(closed.closedAt).not.toBeNull();
    expect((await orders_of(reservation)).map((o) => o.status)).toEqual(["PAID"]);
    // Nothing left for the sweep, even after the window.
    await expirePendingOrders(db, new Date(Date.now() + 6 * DAY));
    expect((await reservationRow(reservation.id)).status).toBe("PAID");
  });

  it("after it expired (a late payment): paid anyway, the stock taken again, the reservation PAID", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const result = await markAvailable(reservation);
    if (!result.ok || !result.order) throw new Error("not made available");
    await expirePendingOrders(db, new Date(result.order.paymentDueAt.getTime() + 60_000));
    expect((await reservationRow(reservation.id)).status).toBe("EXPIRED");
    expect(await stockOf(upcoming.id)).toBe(reservation.bottles);

    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await completeOrderPayment(db, result.order.id);
    expect((await orderRow(result.order.id)).status).toBe("PAID");
    expect((await reservationRow(reservation.id)).status).toBe("PAID");
    expect(await stockOf(upcoming.id)).toBe(0);
  });
});

describe("a reservation never paid", () => {
  it("stays on day 4, expires on day 5 with its stock back, and two sweeps at once change it once", async () => {
    const reservation = await requestedReservation(2);
    await setStock(upcoming.id, 0);
    const madeAt = new Date();
    const result = await markAvailable(reservation, reservation.bottles, madeAt);
    if (!result.ok || !result.order) throw new Error("not made available");
    expect(await stockOf(upcoming.id)).toBe(0);

    const sweep = (at: Date) => expirePendingOrders(db, at, undefined, writeReservationExpiredMail);
    await sweep(new Date(madeAt.getTime() + 4 * DAY));
    expect((await orderRow(result.order.id)).status).toBe("PENDING_PAYMENT");
    expect((await reservationRow(reservation.id)).status).toBe("AVAILABLE");

    const sweptAt = new Date(madeAt.getTime() + RESERVATION_WINDOW_DAYS * DAY + 60_000);
    await Promise.all([sweep(sweptAt), sweep(sweptAt)]);
    await sweep(sweptAt);
    expect((await orderRow(result.order.id)).status).toBe("EXPIRED");
    const expired = await reservationRow(reservation.id);
    expect(expired.status).toBe("EXPIRED");
    expect(expired.closedAt?.getTime()).toBe(sweptAt.getTime());
    // The stock came back exactly once, and the customer is told once, in the reservation's language.
    expect(await stockOf(upcoming.id)).toBe(reservation.bottles);
    await sendOutbox(db);
    const told = sent.filter((m) => m.tag === `reservation-${reservation.id}-expired`);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      to: reservation.email,
      subject: `Cuvée — Votre réservation a expiré (commande ${result.order.orderNumber})`,
    });
    expect(told[0]!.text).toContain("dans les 5 jours suivant l’avis d’arrivée");
  });
});

describe("staff cancelling", () => {
  it("an AVAILABLE reservation cancels its order and returns the stock; a second cancel is a conflict", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const result = await markAvailable(reservation);
    if (!result.ok || !result.order) throw new Error("not made available");
    expect(await stockOf(upcoming.id)).toBe(0);

    const cancelled = await cancelReservation(db, { staff, reservationId: reservation.id, origin: "http://shop.test" });
    expect(cancelled).toMatchObject({ ok: true, reservation: { status: "CANCELLED" } });
    expect((await orderRow(result.order.id)).status).toBe("CANCELLED");
    expect(await stockOf(upcoming.id)).toBe(reservation.bottles);
    expect(await cancelReservation(db, { staff, reservationId: reservation.id, origin: "http://shop.test" })).toMatchObject({
      ok: false,
      error: "conflict",
    });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "reservation"), eq(auditLog.entityId, String(reservation.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(["reservation.available", "reservation.cancelled"]);
  });
});

describe("with Stripe", () => {
  beforeEach(() => useStripeGateway(stripeGateway));

  it("an expired session is only detached (the order keeps its 5 days) and the next payment opens a new one", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const made = await markReservationAvailable(db, {
      staff,
      reservationId: reservation.id,
      bottlesReceived: reservation.bottles,
      paymentProvider: "stripe",
      origin: "http://shop.test",
    });
    if (!made.ok || !made.order) throw new Error("not made available");
    await db.update(orders).set({ branchId: qcBranchId }).where(eq(orders.id, made.order.id));
    const order = await orderRow(made.order.id);

    const first = await paymentUrl(db, order, "http://shop.test");
    const [session] = stripeSessions().filter((s) => s.metadata.orderId === String(order.id));
    expect(first).toBe(session!.url);
    // Coming back while it is open reuses it.
    expect(await paymentUrl(db, await orderRow(order.id), "http://shop.test")).toBe(first);

    const { body, signature } = signedWebhook(checkoutSessionEvent("checkout.session.expired", expireSession(session!.id)), WEBHOOK_SECRET);
    await webhookAction(
      await routeArgs(db, "/webhooks/stripe", {
        params: { provider: "stripe" },
        init: { method: "POST", body, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } },
      }),
    );
    const after = await orderRow(order.id);
    expect(after.status).toBe("PENDING_PAYMENT");
    expect(await currentOrderPayment(db, order.id)).toMatchObject({
      externalReference: session!.id,
      status: "CANCELLED",
      redirectUrl: null,
    });
    expect((await reservationRow(reservation.id)).status).toBe("AVAILABLE");
    expect(await stockOf(upcoming.id)).toBe(0);

    const second = await paymentUrl(db, after, "http://shop.test");
    expect(second).not.toBe(first);
    expect(stripeSessions().filter((s) => s.metadata.orderId === String(order.id))).toHaveLength(2);
  });

  it("cuts the 5-day window into sessions of at most 24 h, never past the deadline", () => {
    const createdAt = new Date("2026-03-02T12:00:00Z");
    const paymentDueAt = new Date(createdAt.getTime() + 5 * DAY);
    const at = (ms: number) => reservationSessionExpiresAt({ createdAt, paymentDueAt }, createdAt.getTime() + ms);
    const created = createdAt.getTime() / 1000;
    expect(at(0)).toBe(created + 23 * 3600);
    // The same slot gives the same expiry (one idempotency key).
    expect(at(5 * 3600_000)).toBe(created + 23 * 3600);
    // Less than 31 minutes left in the slot: the next slot.
    expect(at(22.6 * 3600_000)).toBe(created + 46 * 3600);
    // The last slot ends 10 minutes before the deadline (PAYMENT_WINDOW_MINUTES − STRIPE_SESSION_MINUTES,
    // the margin cart orders keep for a late webhook); when fewer than 31 minutes are left before it, no session opens.
    expect(at(110 * 3600_000)).toBe(created + 115 * 3600);
    expect(at(116 * 3600_000)).toBe(paymentDueAt.getTime() / 1000 - 600);
    expect(at(5 * DAY - 45 * 60_000)).toBe(paymentDueAt.getTime() / 1000 - 600);
    expect(at(5 * DAY - 40 * 60_000)).toBeNull();
    expect(at(5 * DAY - 20 * 60_000)).toBeNull();
    for (const ms of [0, 3600_000, 30 * 3600_000, 100 * 3600_000])
      expect(at(ms)! - (createdAt.getTime() + ms) / 1000).toBeLessThanOrEqual(24 * 3600);
  });
});

describe("the payment link", () => {
  it("answers 404 from the page and its form to a token with a swapped id or another reservation's MAC", async () => {
    const a = await requestedReservation(1);
    const b = await requestedReservation(1);
    const tokenOf = (r: Reservation) => reservationPaymentPath(r.id).split("/").pop()!;
    const [idA, macA] = tokenOf(a).split(".") as [string, string];
    const [idB, macB] = tokenOf(b).split(".") as [string, string];
    // The genuine token opens the page.
    expect(await reservationLoader(await routeArgs(db, `/reservations/${tokenOf(a)}`, { params: { token: tokenOf(a) } }))).toMatchObject({
      view: { status: "REQUESTED" },
    });
    for (const token of [`${idB}.${macA}`, `${idA}.${macB}`, `${Number(idA) + 1000}.${macA}`]) {
      const path = `/reservations/${token}`;
      expect(await thrownResponse(async () => reservationLoader(await routeArgs(db, path, { params: { token } })))).toEqual({
        status: 404,
        location: null,
      });
      expect(
        await thrownResponse(async () =>
          reservationAction(await routeArgs(db, path, { params: { token }, init: form({ intent: "pay" }) })),
        ),
      ).toEqual({ status: 404, location: null });
    }
  });
});

describe("the e-mail", () => {
  it("is in the reservation's language: English for an en-US reservation", async () => {
    const reservation = await requestedReservation(1, "en-US");
    await setStock(upcoming.id, 0);
    const result = await markAvailable(reservation);
    if (!result.ok || !result.order) throw new Error("not made available");
    const mail = sent.find((m) => m.tag === `reservation-${reservation.id}-available`)!;
    expect(mail.subject).toBe(`Cuvée — Your reservation has arrived (order ${result.order.orderNumber})`);
    expect(mail.text).toContain("Hello Zoé,");
    expect(mail.text).toMatch(/Pay before \w+ \d+, \d{4}/);
    expect(mail.text).toContain("1 case (");
    expect(mail.text).not.toMatch(/Bonjour|Payez|caisse/);
    expect(mail.html).toMatch(/<html [^>]*lang="en-US"/);
    // The shop's layout: the logo, attached inline, shown by Content-ID (docs/decisions/044-order-e-mails.md).
    expect(mail.html).toMatch(/<img [^>]*src="cid:logo@cuvee"/);
    expect(mail.attachments?.map((a) => [a.filename, a.contentType, a.cid])).toEqual([["logo.png", "image/png", "logo@cuvee"]]);
  });
});

describe("a shop item (by the unit)", () => {
  it("asks for the boutique on the page when the reservation's order had none; the payment page sends back there until then", async () => {
    const reservation = await reserve({ productInventoryId: shopUpcoming.id, quantity: 2 });
    expect(reservation).toMatchObject({ byCase: false, bottles: 2 });
    await setStock(shopUpcoming.id, 0);
    const result = await markReservationAvailable(db, {
      staff,
      reservationId: reservation.id,
      bottlesReceived: 2,
      paymentProvider: "simulated",
      origin: "http://shop.test",
    });
    if (!result.ok || !result.order) throw new Error(`refused: ${JSON.stringify(result)}`);
    expect(result.order).toMatchObject({ boutiqueCode: null, branchId: null, agencyFeesCents: 0, payAtLiquorBoardCents: 0 });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    expect(line).toMatchObject({ section: "SHOP", quantity: 2, uvc: 1, bottles: 2, agencyFeeCents: 0 });
    expect(await stockOf(shopUpcoming.id)).toBe(0);

    const path = await mailedPath(reservation);
    const token = path.split("/").pop()!;
    const page = (await reservationLoader(await routeArgs(db, path, { params: { token } }))) as {
      view: { needs: { branch: boolean; boutique: boolean } };
    };
    expect(page.view.needs).toMatchObject({ branch: false, boutique: true });

    // The payment page of its order does not take a payment before the boutique is chosen.
    const paymentPath = `/checkout/payment?order=${result.order.confirmationNumber}`;
    expect(await thrownResponse(async () => paymentLoader(await routeArgs(db, paymentPath)))).toEqual({ status: 302, location: path });
    expect(await thrownResponse(async () => paymentAction(await routeArgs(db, paymentPath, { init: form({ intent: "pay" }) })))).toEqual({
      status: 303,
      location: path,
    });
    expect((await orderRow(result.order.id)).status).toBe("PENDING_PAYMENT");

    // A boutique of another province is refused; one of Québec is kept.
    const refused = (await reservationAction(
      await routeArgs(db, path, { params: { token }, init: form({ intent: "delivery", boutiqueCode: "STORE_TORONTO" }) }),
    )) as unknown as DataResult;
    expect(refused.init?.status).toBe(400);
    const post = async (fields: Record<string, string>) =>
      thrownResponse(async () => reservationAction(await routeArgs(db, path, { params: { token }, init: form(fields) })));
    expect(await post({ intent: "delivery", boutiqueCode: "STORE_QC" })).toEqual({ status: 303, location: path });
    expect((await orderRow(result.order.id)).boutiqueCode).toBe("STORE_QC");
    expect(await post({ intent: "pay" })).toEqual({ status: 303, location: paymentPath });
    expect(await thrownResponse(async () => paymentAction(await routeArgs(db, paymentPath, { init: form({ intent: "pay" }) })))).toEqual({
      status: 303,
      location: `/checkout/confirmation?order=${result.order.confirmationNumber}`,
    });
    expect((await reservationRow(reservation.id)).status).toBe("PAID");
    // Paid, the page links to the confirmation (the confirmation number is only given then).
    const paid = (await reservationLoader(await routeArgs(db, path, { params: { token } }))) as {
      view: { order: { confirmationPath: string | null } };
    };
    expect(paid.view.order.confirmationPath).toBe(`/checkout/confirmation?order=${result.order.confirmationNumber}`);
  });

  it("copies the boutique chosen with the reservation's order", async () => {
    const reservation = await reserve({
      productInventoryId: shopUpcoming.id,
      quantity: 1,
      alongside: { productInventoryId: shopInStock, quantity: 1 },
      boutiqueCode: shopUpcoming.code,
    });
    await setStock(shopUpcoming.id, 0);
    const result = await markReservationAvailable(db, {
      staff,
      reservationId: reservation.id,
      bottlesReceived: 1,
      paymentProvider: "simulated",
      origin: "http://shop.test",
    });
    if (!result.ok || !result.order) throw new Error(`refused: ${JSON.stringify(result)}`);
    expect(result.order.boutiqueCode).toBe(shopUpcoming.code);
    const path = await mailedPath(reservation);
    const page = (await reservationLoader(await routeArgs(db, path, { params: { token: path.split("/").pop()! } }))) as {
      view: { needs: { branch: boolean; boutique: boolean }; order: { confirmationPath: string | null } };
    };
    expect(page.view.needs).toMatchObject({ branch: false, boutique: false });
    expect(page.view.order.confirmationPath).toBeNull();
  });
});

describe("with Stripe, staff cancelling", () => {
  beforeEach(() => useStripeGateway(stripeGateway));

  async function availableWithSession() {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const made = await markReservationAvailable(db, {
      staff,
      reservationId: reservation.id,
      bottlesReceived: reservation.bottles,
      paymentProvider: "stripe",
      origin: "http://shop.test",
    });
    if (!made.ok || !made.order) throw new Error("not made available");
    await db.update(orders).set({ branchId: qcBranchId }).where(eq(orders.id, made.order.id));
    await paymentUrl(db, await orderRow(made.order.id), "http://shop.test");
    const session = stripeSessions().find((s) => s.metadata.orderId === String(made.order!.id))!;
    expect(session.status).toBe("open");
    return { reservation, order: made.order, session };
  }

  it("expires the open Stripe page before cancelling; a payment made later anyway still ends PAID", async () => {
    const { reservation, order, session } = await availableWithSession();
    const cancelled = await cancelReservation(db, { staff, reservationId: reservation.id, origin: "http://shop.test" });
    expect(cancelled).toMatchObject({ ok: true, reservation: { status: "CANCELLED" } });
    expect(stripeSessions().find((s) => s.id === session.id)!.status).toBe("expired");
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect(await stockOf(upcoming.id)).toBe(reservation.bottles);

    // Backstop: a payment that still arrives (a session opened meanwhile) pays the reservation.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await completeOrderPayment(db, order.id);
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect((await reservationRow(reservation.id)).status).toBe("PAID");
    expect(await stockOf(upcoming.id)).toBe(0);
  });

  it("when Stripe says the page was paid, completes the order and answers a conflict (409 through the page)", async () => {
    const { reservation, order, session } = await availableWithSession();
    markSessionPaid(session.id);
    const cookie = await loginCookie(staff.email, DEMO_ACCOUNTS.find((a) => a.email === staff.email)!.password);
    const answer = (await staffAction(
      await routeArgs(db, "/agence/reservations", { init: form({ intent: "cancel", reservationId: String(reservation.id) }, cookie) }),
    )) as unknown as DataResult;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.conflict).toBe("PAID");
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect((await reservationRow(reservation.id)).status).toBe("PAID");
    expect(await stockOf(upcoming.id)).toBe(0);
    await sendOutbox(db);
    expect(
      sent.some(
        (m) => m.to === reservation.email && m.subject.includes(order.orderNumber) && m.tag !== `reservation-${reservation.id}-available`,
      ),
    ).toBe(true);
  });
});

describe("with Stripe, a reservation's sessions", () => {
  beforeEach(() => useStripeGateway(stripeGateway));

  async function availableOrder() {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    const made = await markReservationAvailable(db, {
      staff,
      reservationId: reservation.id,
      bottlesReceived: reservation.bottles,
      paymentProvider: "stripe",
      origin: "http://shop.test",
    });
    if (!made.ok || !made.order) throw new Error("not made available");
    await db.update(orders).set({ branchId: qcBranchId }).where(eq(orders.id, made.order.id));
    return { reservation, order: await orderRow(made.order.id) };
  }

  it("the same 23-hour slot sends the same idempotency key, so Stripe gives back the same session", async () => {
    const { order } = await availableOrder();
    const first = await paymentUrl(db, order, "http://shop.test");
    // Five hours later, from a page that never saw the session (the same order row as before).
    const later = Date.now() + 5 * 3600_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const second = await paymentUrl(db, order, "http://shop.test");
    vi.mocked(Date.now).mockRestore();
    expect(second).toBe(first);
    const sessions = stripeSessions().filter((s) => s.metadata.orderId === String(order.id));
    expect(sessions).toHaveLength(1);
    const slot = reservationSessionExpiresAt(order, later)!;
    expect(sessions[0]!.expires_at).toBe(slot);
    expect(sessions[0]!.idempotencyKey).toBe(`order-${order.id}-checkout-${slot}-after-none`);
  });

  it("opens no new session while a completed payment is still settling; the page says it is processing", async () => {
    const { reservation, order } = await availableOrder();
    await paymentUrl(db, order, "http://shop.test");
    const [session] = stripeSessions().filter((s) => s.metadata.orderId === String(order.id));
    markSessionProcessing(session!.id);
    await expect(paymentUrl(db, await orderRow(order.id), "http://shop.test")).rejects.toMatchObject({ name: "processing" });
    const path = reservationPaymentPath(reservation.id);
    const answer = (await reservationAction(
      await routeArgs(db, path, { params: { token: path.split("/").pop()! }, init: form({ intent: "pay" }) }),
    )) as unknown as DataResult;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toBe("processing");
    // The payment page of its order leads to the reservation's page too.
    expect(
      await thrownResponse(async () =>
        paymentAction(await routeArgs(db, `/checkout/payment?order=${order.confirmationNumber}`, { init: form({ intent: "pay" }) })),
      ),
    ).toEqual({ status: 303, location: path });
    expect(stripeSessions().filter((s) => s.metadata.orderId === String(order.id))).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe("PENDING_PAYMENT");
  });
});

describe("the customer's history (the customer sees each state in /account/sales)", () => {
  it("shows the available reservation with its deadline and page, and the order paying it links to that page too", async () => {
    const reservation = await requestedReservation(1);
    await setStock(upcoming.id, 0);
    // The staff's home counts it as requested, then as available.
    const before = await agencyDashboard(db);
    const result = await markAvailable(reservation);
    const after = await agencyDashboard(db);
    expect(after.reservationsRequested).toBe(before.reservationsRequested - 1);
    expect(after.reservationsAvailable).toBe(before.reservationsAvailable + 1);
    if (!result.ok || !result.order) throw new Error("not made available");
    const customerId = await insertTestCustomer(db);
    await db
      .update(orders)
      .set({ customerId })
      .where(inArray(orders.id, [reservation.orderId, result.order.id]));

    const now = new Date();
    const history = (await listCustomerOrders(db, customerId)).map((entry) => orderView(entry, now));
    const placed = history.find((o) => o.reservations.length > 0)!;
    const paying = history.find((o) => o.orderNumber === result.order!.orderNumber)!;
    const page = reservationPaymentPath(reservation.id);
    expect(placed.reservations).toEqual([
      expect.objectContaining({
        id: reservation.id,
        status: "AVAILABLE",
        paymentPath: page,
        paymentDueAt: result.order.paymentDueAt.toISOString(),
      }),
    ]);
    // Paid from the reservation's page (it asks for the pick-up place first), not the bare payment page.
    expect(paying).toMatchObject({ status: "PENDING_PAYMENT", paymentPath: page });

    // Once the window has passed, the reservation reads EXPIRED and neither links anywhere.
    await expirePendingOrders(db, new Date(now.getTime() + (RESERVATION_WINDOW_DAYS * 24 * 60 + 1) * 60_000));
    const later = (await listCustomerOrders(db, customerId)).map((entry) => orderView(entry, now));
    expect(later.find((o) => o.reservations.length > 0)!.reservations[0]).toMatchObject({
      status: "EXPIRED",
      paymentPath: null,
      paymentDueAt: null,
    });
    expect(later.find((o) => o.orderNumber === result.order!.orderNumber)).toMatchObject({ status: "EXPIRED", paymentPath: null });
  });
});
