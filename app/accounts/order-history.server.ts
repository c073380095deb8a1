/**
 * A customer's orders (docs/product.md#invoices-and-order-history "GET /sales-orders with paging=no, customerId, orderBy=date,
 * detailed=true"; docs/product.md#accounts my account, order history): every order of the customer,
 * newest first, each with its lines, tax lines and reservations, whatever its status. Only the
 * owner ever reads an order here: another customer's order, or a number that names none, is
 * `null`, and the caller answers 404 for both (no way to tell them apart).
 */
import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addresses, orderLines, orders, orderTaxLines, reservations } from "~/db/schema";
import { orderIdOfNumber } from "~/orders/order-number";
import type { Order, OrderLine, OrderTaxLine, Reservation } from "~/orders/orders.server";
import { simulatedPaymentPath } from "~/orders/payment.server";
import { reservationPaymentPath } from "~/orders/reservation-token.server";
import { taxLinesFor } from "~/pricing/taxes";
import type { TaxCode } from "~/vocabulary";
import { fulfilmentFieldsOf, type OrderLineView, type OrderView } from "./order-history-view";

/** An order as the history and the invoice show it: the row and its snapshots. */
export interface CustomerOrder {
  /** The order row: status, branch label or boutique code, money columns in cents (incl. memberDiscountCents). */
  order: Order;
  /** Lines by id (the cart's order): AGENCY (cases), SHOP (units), RESERVED (not charged). */
  lines: OrderLine[];
  /** One row per part (PAY_NOW, LIQUOR_BOARD) and tax code (GST, QST or HST), rate in parts per 100 000. */
  taxLines: OrderTaxLine[];
  /** Reservation requests placed with the order, by id, with their state. */
  reservations: Reservation[];
  /** The reservation this order pays, when it was made for one made available; else null. */
  paysReservation: Reservation | null;
}

/** A customer's billing address (docs/product.md#accounts User addresses), as stored (postal code `A1A 1A1`). */
export type BillingAddress = Pick<
  typeof addresses.$inferSelect,
  "aptSuite" | "civicNumber" | "street" | "city" | "province" | "postalCode"
>;

/**
 * Every order of a customer, newest first (then by id, newest first), each with its details; no
 * paging (docs/product.md#invoices-and-order-history). Four queries whatever the number of orders.
 * @param customerId the logged-in user's id.
 * @returns [] when the customer has no order.
 */
export async function listCustomerOrders(db: Database, customerId: number): Promise<CustomerOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return withDetails(db, rows);
}

/**
 * One order of a customer by its number ("CUV-000123"), with its details.
 * @returns null when the number is malformed, names no order, or names another customer's order
 *   (the caller answers 404 to all three alike).
 */
export async function getCustomerOrder(db: Database, customerId: number, orderNumber: string): Promise<CustomerOrder | null> {
  const id = orderIdOfNumber(orderNumber);
  if (id === null) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId), eq(orders.orderNumber, orderNumber)));
  if (!row) return null;
  const [found] = await withDetails(db, [row]);
  return found ?? null;
}

/**
 * One order by id with its details, whoever owns it: for what the shop sends the order's own buyer
 * (the invoice attached to its confirmation e-mail), never for a page a visitor asks for.
 * @returns null when no order has this id.
 */
export async function getOrderForItsBuyer(db: Database, orderId: number): Promise<CustomerOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [found] = await withDetails(db, [row]);
  return found ?? null;
}

/** The customer's billing address, or null when the profile has none. */
export async function getBillingAddress(db: Database, customerId: number): Promise<BillingAddress | null> {
  const [row] = await db
    .select({
      aptSuite: addresses.aptSuite,
      civicNumber: addresses.civicNumber,
      street: addresses.street,
      city: addresses.city,
      province: addresses.province,
      postalCode: addresses.postalCode,
    })
    .from(addresses)
    .where(and(eq(addresses.userId, customerId), eq(addresses.kind, "BILLING")));
  return row ?? null;
}

/** The path of an order's invoice (the resource route of app/routes/account.invoice.ts). */
export function invoicePath(orderNumber: string): string {
  return `/account/invoices/${orderNumber}`;
}

/** The file name of an order's invoice (docs/product.md#invoices-and-order-history: 'Invoice-{number}'): "Invoice-CUV-000123.pdf". */
export function invoiceFileName(orderNumber: string): string {
  return `Invoice-${orderNumber}.pdf`;
}

/**
 * Whether an order has an invoice: once what was due now is paid (PAID), or nothing was due
 * (CONFIRMED). A pending, cancelled or expired order sold nothing yet.
 */
export function hasInvoice(order: Pick<Order, "status">): boolean {
  return order.status === "PAID" || order.status === "CONFIRMED";
}

/**
 * What the history page shows of an order (money in cents, dates as ISO strings): the charged
 * lines (reservations apart), the summary with the province's taxes over both parts, and a link to
 * pay when the order still waits for its payment inside its window.
 * @param now compared with the order's payment deadline.
 */
export function orderView({ order, lines, reservations: reserved, paysReservation }: CustomerOrder, now = new Date()): OrderView {
  const taxCodes = taxLinesFor(order.province);
  const taxAmount: Record<TaxCode, number> = { GST: order.gstCents, QST: order.qstCents, HST: order.hstCents };
  return {
    orderNumber: order.orderNumber,
    confirmationNumber: order.confirmationNumber,
    status: order.status,
    province: order.province,
    placedAt: order.createdAt.toISOString(),
    branchLabel: order.branchLabel,
    boutiqueCode: order.boutiqueCode,
    lines: lines.filter((l): l is OrderLine & { section: OrderLineView["section"] } => l.section !== "RESERVED").map(lineView),
    reservations: reserved.map((r) => ({
      id: r.id,
      name: r.productName,
      quantity: r.quantity,
      byCase: r.byCase,
      bottles: r.bottles,
      status: r.status,
      // Available: pay on the reservation's page before the end of its 5-day window.
      paymentDueAt: r.status === "AVAILABLE" ? (r.paymentDueAt?.toISOString() ?? null) : null,
      paymentPath: r.status === "AVAILABLE" ? reservationPaymentPath(r.id) : null,
    })),
    money: {
      agencyFees: order.agencyFeesCents,
      liquorBoardFees: order.liquorBoardFeesCents,
      boutique: order.boutiqueCents,
      memberDiscount: order.memberDiscountCents,
      priceBenefit: order.priceBenefit,
      taxes: taxCodes.map((code) => ({ code, amount: taxAmount[code] })),
      payNow: order.payNowCents,
      payAtLiquorBoard: order.payAtLiquorBoardCents,
      total: order.totalCents,
    },
    // The order paying a reservation is paid from the reservation's page (it asks for the branch first).
    paymentPath:
      order.status === "PENDING_PAYMENT" && order.paymentDueAt > now
        ? paysReservation
          ? reservationPaymentPath(paysReservation.id)
          : simulatedPaymentPath(order)
        : null,
    invoice: hasInvoice(order) ? { path: invoicePath(order.orderNumber), fileName: invoiceFileName(order.orderNumber) } : null,
    // The agency's steps and the refund.
    ...fulfilmentFieldsOf(order),
  };
}

/**
 * A charged line: unit price per bottle (by the case) or unit, and its amount before taxes and
 * member discount — the agency fees plus the liquor board's part, or the boutique amount.
 */
export function lineView(line: OrderLine & { section: OrderLineView["section"] }): OrderLineView {
  return {
    id: line.id,
    section: line.section,
    name: line.productName,
    providerName: line.providerName,
    vintage: line.vintage,
    quantity: line.quantity,
    uvc: line.uvc,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.agencyFeesCents + line.liquorBoardPartCents + line.boutiqueCents,
  };
}

/** Loads the lines, tax lines and reservations of these orders in three queries, kept in order. */
async function withDetails(db: Database, rows: Order[]): Promise<CustomerOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, taxLines, reserved] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    // PAY_NOW before LIQUOR_BOARD, then GST before QST.
    db.select().from(orderTaxLines).where(inArray(orderTaxLines.orderId, ids)).orderBy(desc(orderTaxLines.part), asc(orderTaxLines.code)),
    // Those placed with these orders, and those these orders pay.
    db
      .select()
      .from(reservations)
      .where(or(inArray(reservations.orderId, ids), inArray(reservations.paymentOrderId, ids)))
      .orderBy(asc(reservations.id)),
  ]);
  const linesOf = byOrder(lines);
  const taxesOf = byOrder(taxLines);
  const reservationsOf = byOrder(reserved.filter((r) => ids.includes(r.orderId)));
  const paidBy = new Map(reserved.flatMap((r) => (r.paymentOrderId === null ? [] : [[r.paymentOrderId, r] as const])));
  return rows.map((order) => ({
    order,
    lines: linesOf.get(order.id) ?? [],
    taxLines: taxesOf.get(order.id) ?? [],
    reservations: reservationsOf.get(order.id) ?? [],
    paysReservation: paidBy.get(order.id) ?? null,
  }));
}

/** Rows grouped by order id, each group in the rows' order. */
function byOrder<T extends { orderId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const group = grouped.get(row.orderId);
    if (group) group.push(row);
    else grouped.set(row.orderId, [row]);
  }
  return grouped;
}
