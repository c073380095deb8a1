/**
 * The agency's orders (docs/product.md#branch-follow-up agency order, "Agency follow-up 10 business days";
 * docs/decisions/019): the list filtered by payment status, fulfilment status, province, channel
 * and the day placed; one order's page with its snapshot and audit trail; and the steps — agency
 * fees received, ready for pick-up, picked up, refunded.
 *
 * Every step is one transaction holding the order's row (`SELECT … FOR UPDATE`) that checks the
 * order still is in the state the staff's page showed (else a "stale" refusal, answered 409),
 * changes it, moves the stock when a refund returns it (and closes the reservation the order paid),
 * and writes the audit row and the customer's e-mail (to the outbox, decision 027, which sends it
 * once this commits). A Stripe refund is asked of Stripe first (idempotency key per
 * order): if Stripe fails, nothing changes.
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { orderView } from "~/accounts/order-history.server";
import type { OrderView } from "~/accounts/order-history-view";
import { type AuditRow, auditTrail, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import type { Database } from "~/db/client.server";
import { orders, reservations } from "~/db/schema";
import { getEnv } from "~/env.server";
import { shopDateOf } from "~/i18n/shop-time";
import { paginate, type Pagination } from "~/lib/pagination";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { orderIdOfNumber } from "~/orders/order-number";
import { getOrderById, type Order, reservationPaidBy, returnOrderStock } from "~/orders/orders.server";
import { confirmationPath, orderPaymentRecord, refundOrderPayment } from "~/orders/payment.server";
import { CART_SECTIONS, type CartSection, type FulfilmentStatus, type OrderStatus, type Province } from "~/vocabulary";
import { addBusinessDays, nextDate, shopDayStart } from "./business-days";
import { ORDER_LIST_PAGE_SIZE, type OrderListFilters } from "./fulfilment-forms";
import { writeFulfilmentMail } from "./fulfilment-mail.server";
import { allowedSteps, type FulfilmentStep, refundReturnsStock, STEP_AUDIT_ACTION } from "./fulfilment-rules";

/** One row of the agency's list (money in cents, instants as ISO strings). */
export interface StaffOrderRow {
  orderNumber: string;
  placedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  province: Province;
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** The sections of its lines, in the vocabulary's order. */
  channels: CartSection[];
  payNowCents: number;
  totalCents: number;
  /** `YYYY-MM-DD`, once ready for pick-up at a branch. */
  followUpDueOn: string | null;
}

/**
 * A page of orders, newest first (then by id), filtered as the list's URL says: payment status,
 * fulfilment status, province, channel (orders with a line of that section), placed from/to (shop
 * days, America/Toronto, both included). Two queries: the count, then the page.
 * @returns the rows and the pagination, the page clamped to the last one.
 */
export async function listStaffOrders(
  db: Database,
  filters: OrderListFilters,
  pageSize = ORDER_LIST_PAGE_SIZE,
): Promise<{ rows: StaffOrderRow[]; pagination: Pagination }> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.fulfilment) conditions.push(eq(orders.fulfilmentStatus, filters.fulfilment));
  if (filters.province) conditions.push(eq(orders.province, filters.province));
  if (filters.channel) {
    conditions.push(sql`exists (select 1 from order_lines ol where ol.order_id = "orders"."id" and ol.section = ${filters.channel})`);
  }
  if (filters.from) conditions.push(gte(orders.createdAt, shopDayStart(filters.from)));
  if (filters.to) conditions.push(lt(orders.createdAt, shopDayStart(nextDate(filters.to))));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const pagination = paginate(Number(total?.n ?? 0), filters.page, pageSize);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      province: orders.province,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
      // Written out: inside a select list Drizzle leaves column names unqualified, and "id" would be the line's.
      channels: sql<string | null>`(select string_agg(distinct ol.section, ',') from order_lines ol where ol.order_id = "orders"."id")`,
      payNowCents: orders.payNowCents,
      totalCents: orders.totalCents,
      followUpDueOn: orders.followUpDueOn,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pagination.size)
    .offset(pagination.offset);
  return {
    pagination,
    rows: rows.map(({ createdAt, channels, ...row }) => {
      const sections = (channels ?? "").split(",");
      return { ...row, placedAt: createdAt.toISOString(), channels: CART_SECTIONS.filter((s) => sections.includes(s)) };
    }),
  };
}

/** One audit row as the order's page shows it. */
export interface AuditEntry {
  id: number;
  at: string;
  actorEmail: string;
  action: AuditRow["action"];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** An order as the staff's page shows it. */
export interface StaffOrderDetail {
  /** The snapshot as the customer's history shows it (lines, money, branch or boutique, reservations). */
  view: OrderView;
  contact: { firstName: string; lastName: string; email: string; phone: string; locale: string; customer: boolean };
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentProvider: Order["paymentProvider"];
  /** ISO instants, null when not reached. */
  dates: {
    paidAt: string | null;
    agencyFeesReceivedAt: string | null;
    readyForPickupAt: string | null;
    pickedUpAt: string | null;
    refundedAt: string | null;
  };
  followUpDueOn: string | null;
  /** Whether a refund goes back through the payment provider (Stripe) rather than being only recorded. */
  refundThroughProvider: boolean;
  /** The provider's refund reference (Stripe's `re_…`) once refunded through it. */
  refundReference: string | null;
  /** The steps the staff may take now (the page's buttons). */
  steps: FulfilmentStep[];
  /** The order's audit trail, newest first. */
  audit: AuditEntry[];
}

/** The order of a number ("CUV-000123"), or null when malformed or unknown. */
async function orderByNumber(db: Database, orderNumber: string) {
  const id = orderIdOfNumber(orderNumber);
  if (id === null) return null;
  const found = await getOrderById(db, id);
  return found && found.order.orderNumber === orderNumber ? found : null;
}

function sectionsOf(lines: readonly { section: CartSection }[]) {
  return { hasAgencyLines: lines.some((l) => l.section === "AGENCY"), hasShopLines: lines.some((l) => l.section === "SHOP") };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * One order for the staff's page: its snapshot, contact, dates, the steps allowed now and its audit
 * trail. @returns null when the number is malformed or names no order (the page answers 404).
 */
export async function getStaffOrder(db: Database, orderNumber: string): Promise<StaffOrderDetail | null> {
  const found = await orderByNumber(db, orderNumber);
  if (!found) return null;
  const { order, lines } = found;
  const [trail, paysReservation, payment] = await Promise.all([
    auditTrail(db, "order", order.id),
    reservationPaidBy(db, order.id),
    orderPaymentRecord(db, order.id),
  ]);
  return {
    view: orderView({ ...found, paysReservation }),
    contact: {
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      locale: order.locale,
      customer: order.customerId !== null,
    },
    status: order.status,
    fulfilmentStatus: order.fulfilmentStatus,
    paymentProvider: order.paymentProvider,
    dates: {
      paidAt: iso(order.paidAt),
      agencyFeesReceivedAt: iso(order.agencyFeesReceivedAt),
      readyForPickupAt: iso(order.readyForPickupAt),
      pickedUpAt: iso(order.pickedUpAt),
      refundedAt: iso(order.refundedAt),
    },
    followUpDueOn: order.followUpDueOn,
    ...payment,
    steps: allowedSteps({ status: order.status, fulfilmentStatus: order.fulfilmentStatus, ...sectionsOf(lines) }),
    audit: trail.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      before: row.before,
      after: row.after,
    })),
  };
}

/** Why a step was refused. */
export type StepRefusal =
  /** No order has this number (404). */
  | "not-found"
  /** The order moved on since the page was shown, or the step does not apply to it now (409). */
  | "stale"
  /** Stripe refused or could not be reached: nothing changed (the page says so; 502). */
  | "refund-failed";

export type StepResult = { ok: true; order: Order } | { ok: false; error: StepRefusal };

/** The order fields a step changes, as the audit row records them. */
type OrderChange = Partial<
  Pick<Order, "status" | "fulfilmentStatus" | "agencyFeesReceivedAt" | "readyForPickupAt" | "followUpDueOn" | "pickedUpAt" | "refundedAt">
> & { refundReference?: string | null };

/**
 * Takes one step on an order for a staff member.
 * @param input.shown the order's status and fulfilment status as the staff's page showed them; the
 *   step is refused ("stale") when the order is in another state now, or the step is not allowed
 *   from it ({@link allowedSteps}).
 * @param input.origin the shop's origin, for the link in the customer's e-mail.
 * @returns the order after the step and whether the customer's e-mail was handed to the mailer, or
 *   the refusal; a refusal changes nothing.
 *
 * What each step writes (one transaction, the order's row locked, one audit row):
 * - agencyFeesReceived: fulfilment AGENCY_FEES_RECEIVED, agencyFeesReceivedAt;
 * - readyForPickup: READY_FOR_PICKUP, readyForPickupAt, and for an order picked up at a branch
 *   followUpDueOn = 10 business days after today (shop day) in the order's province;
 * - pickedUp: PICKED_UP, pickedUpAt;
 * - refund: status REFUNDED, refundedAt, refundReference (the provider that took the payment refunds
 *   it first, its payment row then REFUNDED; a payment on the shop's own page is only marked), the stock back when the
 *   order was not picked up, and the reservation the order paid, if any, CANCELLED
 *   with closedAt (decision 019).
 */
export async function takeFulfilmentStep(
  db: Database,
  input: {
    staff: Pick<StaffUser, "id" | "email">;
    orderNumber: string;
    step: FulfilmentStep;
    shown: { status: OrderStatus; fulfilmentStatus: FulfilmentStatus };
    origin: string;
    now?: Date;
  },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const found = await orderByNumber(db, input.orderNumber);
  if (!found) return { ok: false, error: "not-found" };
  const sections = sectionsOf(found.lines);
  const stateOk = (order: Pick<Order, "status" | "fulfilmentStatus">) =>
    order.status === input.shown.status &&
    order.fulfilmentStatus === input.shown.fulfilmentStatus &&
    allowedSteps({ status: order.status, fulfilmentStatus: order.fulfilmentStatus, ...sections }).includes(input.step);
  if (!stateOk(found.order)) return { ok: false, error: "stale" };

  // The provider's refund is asked first: if it fails, the order is left as it is.
  let refundReference: string | null = null;
  if (input.step === "refund") {
    const refunded = await refundOrderPayment(db, found.order);
    if (refunded.kind === "failed") return { ok: false, error: "refund-failed" };
    refundReference = refunded.reference;
  }

  const changed = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.order.id)).for("update");
    if (!order) return null;
    // Once the provider has refunded, the order is marked refunded while it is still paid, whatever its step.
    const stillValid = refundReference !== null ? order.status === "PAID" : stateOk(order);
    if (!stillValid) return null;
    const change: OrderChange = {};
    let stockReturned = false;
    switch (input.step) {
      case "agencyFeesReceived":
        change.fulfilmentStatus = "AGENCY_FEES_RECEIVED";
        change.agencyFeesReceivedAt = now;
        break;
      case "readyForPickup":
        change.fulfilmentStatus = "READY_FOR_PICKUP";
        change.readyForPickupAt = now;
        // The branch's follow-up (docs/product.md#branch-follow-up); a boutique hands over at once, with no follow-up.
        change.followUpDueOn = sections.hasAgencyLines
          ? addBusinessDays(shopDateOf(now), BRANCH_FOLLOW_UP_BUSINESS_DAYS, order.province)
          : null;
        break;
      case "pickedUp":
        change.fulfilmentStatus = "PICKED_UP";
        change.pickedUpAt = now;
        break;
      case "refund":
        change.status = "REFUNDED";
        change.refundedAt = now;
        change.refundReference = refundReference;
        // The reservation this order paid is paid no more. Row locks: the order,
        // then the reservation, then the inventories, as the reservations' own changes take them.
        await tx
          .update(reservations)
          .set({ status: "CANCELLED", closedAt: now })
          .where(and(eq(reservations.paymentOrderId, order.id), eq(reservations.status, "PAID")));
        stockReturned = refundReturnsStock(order.fulfilmentStatus);
        if (stockReturned) await returnOrderStock(tx, order.id);
        break;
    }
    const { refundReference: _reference, ...orderChange } = change;
    const [updated] = await tx.update(orders).set(orderChange).where(eq(orders.id, order.id)).returning();
    if (!updated) return null;
    const before = Object.fromEntries(
      Object.keys(change).map((key) => [key, key === "refundReference" ? null : order[key as keyof typeof orderChange]]),
    );
    await recordStaffChange(tx, {
      actor: input.staff,
      action: STEP_AUDIT_ACTION[input.step],
      entity: "order",
      entityId: order.id,
      before,
      after: input.step === "refund" ? { ...change, stockReturned } : change,
      now,
    });
    // The customer's e-mail of the step, written with it (decision 027).
    const env = getEnv();
    const orderUrl = updated.customerId !== null ? `${input.origin}/account/sales` : `${input.origin}${confirmationPath(updated)}`;
    await writeFulfilmentMail(tx, input.step, { order: updated, supportEmail: env.agency.supportEmail, orderUrl }, env.mail.agencyEmail);
    return updated;
  });
  if (!changed) return { ok: false, error: "stale" };
  return { ok: true, order: changed };
}
