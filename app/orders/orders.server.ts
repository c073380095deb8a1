/**
 * The orders core (docs/product.md#orders-and-payment Orders and payment; docs/decisions/032): the order's types and money
 * columns, its stock moves, and its idempotent transitions on the locked order row — paid
 * ({@link completeOrderPayment}), cancelled, expired — safe with many app processes. Orders are
 * written by app/orders/order-writer.server.ts (checkout and reservations both use it); placing a
 * cart's order is app/checkout/place-order.server.ts.
 *
 * Lock order, the same in every transaction so none waits on another in reverse: the cart row,
 * then its order rows (by id), then the product inventories (by id).
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartLines, carts, checkouts, orderLines, orders, orderTaxLines, payments, productInventories, reservations } from "~/db/schema";
import { type CartSummary, priceBenefitDiscount, TAX_RATES, taxAmountOf, type TaxAmounts, taxLinesFor } from "~/pricing";
import type { OrderStatus, PaymentPart, Province } from "~/vocabulary";

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
export type OrderTaxLine = typeof orderTaxLines.$inferSelect;
export type Reservation = typeof reservations.$inferSelect;

/**
 * How long an order waits for its payment before it expires and its stock returns, minutes
 * (docs/decisions/008): Stripe's hosted page lives {@link STRIPE_SESSION_MINUTES}; the margin lets
 * a late webhook arrive before the sweep.
 */
export const PAYMENT_WINDOW_MINUTES = 45;
/** Lifetime of a Stripe Checkout Session, minutes (Stripe accepts 30 min to 24 h). */
export const STRIPE_SESSION_MINUTES = 35;

/** Letters and digits a person reads without confusion (Crockford's base 32: no I, L, O, U). */
const CONFIRMATION_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Length of a confirmation number: 10 × 5 bits = 50 random bits, not guessable. */
const CONFIRMATION_LENGTH = 10;

/** A new random confirmation number, e.g. "K7PX3M9QTD" (crypto-random, 50 bits). */
export function newConfirmationNumber(): string {
  let value = "";
  for (let i = 0; i < CONFIRMATION_LENGTH; i++) value += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)];
  return value;
}

/** A transaction of the shop's database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The tax rows of one part: one per tax code that applies in the province. */
export function taxRows(orderId: number, part: PaymentPart, province: Province, amounts: TaxAmounts) {
  const codes = taxLinesFor(province);
  return codes.map((code) => ({
    orderId,
    part,
    code,
    rate: TAX_RATES[code],
    amountCents: taxAmountOf(amounts, code),
  }));
}

/** Locks product inventory rows in id order (`FOR UPDATE`): the one lock order of every stock change. */
export async function lockInventories(tx: Tx, productInventoryIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productInventoryIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .select({ id: productInventories.id })
    .from(productInventories)
    .where(inArray(productInventories.id, ids))
    .orderBy(asc(productInventories.id))
    .for("update");
}

/** The product inventories whose stock these orders hold (reservations hold none). */
export async function inventoriesOfOrders(tx: Tx, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: orderLines.productInventoryId })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...orderIds]), ne(orderLines.section, "RESERVED")));
  return rows.map((r) => r.id);
}

/**
 * Moves the stock an order holds (private-import bottles and shop units; reservations hold none),
 * in product-inventory id order: `give-back` adds it to the inventories, `take-again` removes it,
 * never below 0 (a payment that arrived after the order closed).
 */
async function moveOrderStock(tx: Tx, orderId: number, direction: "give-back" | "take-again"): Promise<void> {
  const lines = await tx
    .select({ productInventoryId: orderLines.productInventoryId, bottles: orderLines.bottles })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.section, "RESERVED")))
    .orderBy(asc(orderLines.productInventoryId));
  for (const line of lines) {
    const quantity =
      direction === "give-back"
        ? sql`${productInventories.quantity} + ${line.bottles}`
        : sql`greatest(${productInventories.quantity} - ${line.bottles}, 0)`;
    await tx.update(productInventories).set({ quantity }).where(eq(productInventories.id, line.productInventoryId));
  }
}

/**
 * Closes a pending order as CANCELLED or EXPIRED inside a transaction (it locks the order row;
 * the caller has locked the product inventories it holds, see {@link lockInventories}). The
 * reservations placed with it are never confirmed (CANCELLED); the reservation it was paying
 * becomes EXPIRED with it, or CANCELLED when staff cancelled it (decision 018).
 * @returns whether it was pending and is now closed.
 */
export async function closePendingOrder(
  tx: Tx,
  orderId: number,
  status: "CANCELLED" | "EXPIRED",
  now: Date,
  onReservationExpired?: (tx: Tx, reservation: Reservation, orderNumber: string) => Promise<void>,
): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (order?.status !== "PENDING_PAYMENT") return false;
  await moveOrderStock(tx, orderId, "give-back");
  await tx.update(orders).set({ status, closedAt: now }).where(eq(orders.id, orderId));
  await tx
    .update(payments)
    .set({ status: "CANCELLED", redirectUrl: null, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "OPEN")));
  await tx
    .update(reservations)
    .set({ status: "CANCELLED", closedAt: now })
    .where(and(eq(reservations.orderId, orderId), eq(reservations.status, "REQUESTED")));
  const closed = await tx
    .update(reservations)
    .set({ status, closedAt: now })
    .where(and(eq(reservations.paymentOrderId, orderId), eq(reservations.status, "AVAILABLE")))
    .returning();
  if (status === "EXPIRED" && onReservationExpired)
    for (const reservation of closed) await onReservationExpired(tx, reservation, order.orderNumber);
  return true;
}

/**
 * The reservation an order pays (the order made when staff marks it available), or
 * null for an order placed from a cart.
 */
export async function reservationPaidBy(db: Database | Tx, orderId: number): Promise<Reservation | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.paymentOrderId, orderId));
  return row ?? null;
}

/**
 * The money columns of an order from its cart summary (docs/product.md#prices Money), in cents: agency and
 * liquor-board fees, boutique, the member or discovery discount (pre-tax) and which one it is, GST/QST/HST over both parts, what is paid
 * now and at the liquor board, total. The one mapping every new order uses (cart and reservation).
 */
export function orderMoneyColumns(summary: CartSummary) {
  return {
    agencyFeesCents: summary.agencyFees,
    liquorBoardFeesCents: summary.liquorBoardFees,
    boutiqueCents: summary.boutique,
    memberDiscountCents: priceBenefitDiscount(summary),
    // Which benefit the discount is (decision 048); null exactly when there is none.
    priceBenefit: summary.priceBenefit,
    gstCents: summary.gst,
    qstCents: summary.qst,
    hstCents: summary.hst,
    payNowCents: summary.payNow,
    payAtLiquorBoardCents: summary.payAtLiquorBoard,
    totalCents: summary.total,
  };
}

/** Empties the cart of what an order holds, once the order is complete (paid or confirmed). */
export async function removeOrderedLines(tx: Tx, order: Pick<Order, "id" | "cartId">): Promise<void> {
  if (order.cartId === null) return;
  const ordered = tx.select({ id: orderLines.productInventoryId }).from(orderLines).where(eq(orderLines.orderId, order.id));
  const removed = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, order.cartId), inArray(cartLines.productInventoryId, ordered)))
    .returning({ id: cartLines.productInventoryId });
  if (removed.length > 0) {
    await tx
      .update(carts)
      .set({ lockVersion: sql`${carts.lockVersion} + 1`, updatedAt: new Date() })
      .where(eq(carts.id, order.cartId));
  }
  await tx.delete(checkouts).where(eq(checkouts.cartId, order.cartId));
}

/**
 * Marks an order PAID: the ONE function the Stripe return page, the Stripe webhook
 * and the simulated payment page call. Idempotent: an order already PAID is returned unchanged
 * (`transitioned: false`), so replayed or out-of-order events change nothing. The paid order's
 * lines leave the cart. An order that had expired or been cancelled meanwhile is paid anyway (the
 * money is taken) and takes its stock again, never below 0; the log line asks staff to check it.
 * @param onPaid called in the same transaction when this call made the order PAID, to write what
 *   must follow it (its e-mails, to the outbox: decision 027).
 * @returns null when no order has this id.
 */
export async function completeOrderPayment(
  db: Database,
  orderId: number,
  now = new Date(),
  onPaid?: (tx: Tx, order: Order) => Promise<void>,
): Promise<{ order: Order; transitioned: boolean } | null> {
  return db.transaction(async (tx) => {
    // Same lock order as placeOrder (the cart, then its orders), so the two never deadlock.
    const [target] = await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.id, orderId));
    if (!target) return null;
    if (target.cartId !== null) await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, target.cartId)).for("update");
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return null;
    if (order.status === "PAID" || order.status === "CONFIRMED") return { order, transitioned: false };
    if (order.status === "CANCELLED" || order.status === "EXPIRED") {
      console.error(
        `Order ${order.orderNumber} was paid after it was ${order.status.toLowerCase()}: its stock is taken again; staff should check it.`,
      );
      await moveOrderStock(tx, orderId, "take-again");
      await tx
        .update(reservations)
        .set({ status: "REQUESTED", closedAt: null })
        .where(and(eq(reservations.orderId, orderId), eq(reservations.status, "CANCELLED")));
    }
    // The reservation this order pays is paid with it, even late (decision 018).
    await tx
      .update(reservations)
      .set({ status: "PAID", closedAt: now })
      // CANCELLED too: staff cancelled it while its Stripe page was still being paid (decision 018).
      .where(and(eq(reservations.paymentOrderId, orderId), inArray(reservations.status, ["AVAILABLE", "EXPIRED", "CANCELLED"])));
    const late = order.status !== "PENDING_PAYMENT";
    const [paid] = await tx
      .update(orders)
      // A late payment is detached from its cart: the cart may hold a newer live order of the same version.
      .set({ status: "PAID", paidAt: now, closedAt: now, ...(late ? { cartId: null } : {}) })
      .where(eq(orders.id, orderId))
      .returning();
    if (!late) await removeOrderedLines(tx, order);
    // The order's current payment at the provider that took the money, if it keeps one (docs/decisions/032).
    const [current] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    if (current) await tx.update(payments).set({ status: "PAID", redirectUrl: null, updatedAt: now }).where(eq(payments.id, current.id));
    await onPaid?.(tx, paid!);
    return { order: paid!, transitioned: true };
  });
}

/**
 * Cancels a pending order (the shopper's Cancel on the payment page, Stripe's
 * `checkout.session.expired`) and gives its stock back. Idempotent: any other status is left as it
 * is. The cart is untouched, so the shopper goes back to step 3 with it intact. The order paying a
 * reservation is not cancelled: only its Stripe session is detached (decision 018).
 * @returns "cancelled" when this call cancelled it; "kept" for the pending or settled order paying
 *   a reservation (left as it is but for its session); false otherwise (no such order, or not pending).
 */
export async function cancelOrder(db: Database, orderId: number, now = new Date()): Promise<"cancelled" | "kept" | false> {
  return db.transaction(async (tx) => {
    // Locks in the one order of every transaction here: the cart, its order, the inventories.
    const [target] = await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.id, orderId));
    if (!target) return false;
    if (target.cartId !== null) await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, target.cartId)).for("update");
    if (await reservationPaidBy(tx, orderId)) {
      // A reservation's order lives its 5-day window (decision 018): a cancelled or expired payment
      // page is only given up (its URL forgotten; its reference names the next page's idempotency
      // key), and the next "pay" opens a new one.
      const [pending] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.status, "PENDING_PAYMENT")));
      if (pending) {
        await tx
          .update(payments)
          .set({ status: "CANCELLED", redirectUrl: null, updatedAt: now })
          .where(and(eq(payments.orderId, orderId), eq(payments.status, "OPEN")));
      }
      return "kept";
    }
    return (await closePendingOrder(tx, orderId, "CANCELLED", now)) ? "cancelled" : false;
  });
}

/** Advisory lock key of the pending-order sweep (one sweeper at a time across processes). */
const ORDER_SWEEP_LOCK = 6002;

/**
 * Expires the pending orders whose payment window has passed and gives their stock back. Safe with many app processes on one PostgreSQL: one sweeper at a time (transaction-level
 * advisory lock), and rows already locked by a payment in progress are skipped (`SKIP LOCKED`)
 * and taken at the next sweep. Idempotent.
 * @param onReservationExpired called in the sweep's transaction for each reservation whose 5-day
 *   window ended unpaid with its order (decision 018), to write what must follow (its e-mail, to
 *   the outbox: decision 027).
 * @returns how many orders expired.
 */
export async function expirePendingOrders(
  db: Database,
  now = new Date(),
  batchSize = 100,
  onReservationExpired?: (tx: Tx, reservation: Reservation, orderNumber: string) => Promise<void>,
): Promise<number> {
  let expired = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const [lock] = await tx.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${ORDER_SWEEP_LOCK})` }).from(sql`(select 1) as one`);
      if (!lock?.locked) return 0;
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "PENDING_PAYMENT"), lt(orders.paymentDueAt, now)))
        .orderBy(asc(orders.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      await lockInventories(
        tx,
        await inventoriesOfOrders(
          tx,
          due.map((o) => o.id),
        ),
      );
      for (const order of due) await closePendingOrder(tx, order.id, "EXPIRED", now, onReservationExpired);
      return due.length;
    });
    expired += count;
    if (count < batchSize) return expired;
  }
}

/** An order by its confirmation number, with its lines, tax lines and reservations; null if none. */
export async function getOrderByConfirmation(
  db: Database,
  confirmationNumber: string,
): Promise<{ order: Order; lines: OrderLine[]; taxLines: OrderTaxLine[]; reservations: Reservation[] } | null> {
  if (!/^[0-9A-Z]{10}$/.test(confirmationNumber)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.confirmationNumber, confirmationNumber));
  return order ? loadOrderDetails(db, order) : null;
}

/** An order by id with its details; null if none. */
export async function getOrderById(db: Database, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ? loadOrderDetails(db, order) : null;
}

async function loadOrderDetails(db: Database, order: Order) {
  const [lines, taxLines, reserved] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id)),
    db.select().from(reservations).where(eq(reservations.orderId, order.id)).orderBy(asc(reservations.id)),
  ]);
  return { order, lines, taxLines, reservations: reserved };
}

/** Statuses in which an order is over: paid, confirmed without payment, cancelled or expired. */
export function isSettled(status: OrderStatus): boolean {
  return status !== "PENDING_PAYMENT";
}

/**
 * Stock the cart's own pending orders hold, by product inventory (bottles or units): added back
 * when the shopper looks at the cart or the checkout again, so their own unpaid order never makes
 * their cart look out of stock (placing again cancels that order first).
 */
export async function stockHeldByCart(db: Database, cartId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productInventoryId: orderLines.productInventoryId, bottles: sql<number>`sum(${orderLines.bottles})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.cartId, cartId), eq(orders.status, "PENDING_PAYMENT"), ne(orderLines.section, "RESERVED")))
    .groupBy(orderLines.productInventoryId);
  return new Map(rows.map((r) => [r.productInventoryId, Number(r.bottles)]));
}

/** The cart's pending orders (the one of the current version, and older ones still waiting). */
export async function pendingOrdersOfCart(db: Database, cartId: number): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.status, "PENDING_PAYMENT")))
    .orderBy(asc(orders.id));
}

/**
 * Gives the stock an order holds back to its product inventories (private-import bottles and shop
 * units; reserved lines hold none), locking those inventories first in id order. For the agency's
 * refund of a paid order not picked up yet (decision 019). Call it inside the
 * transaction that holds the order's row (`FOR UPDATE`); the inventories are locked here, after
 * whatever the caller already holds (the refund: the order, then the reservation it paid).
 */
export async function returnOrderStock(tx: Tx, orderId: number): Promise<void> {
  await lockInventories(tx, await inventoriesOfOrders(tx, [orderId]));
  await moveOrderStock(tx, orderId, "give-back");
}
