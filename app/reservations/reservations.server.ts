/**
 * Reservations through their lifecycle (docs/product.md#reservations reservation and pre-orders, "Reservation window
 * 5 days"; docs/product.md#reservations Reservations; docs/decisions/018):
 *
 * REQUESTED (placed with an order) → AVAILABLE (staff marks it: the bottles received are added to
 * the stock, the reservation's bottles are held by a new order PENDING_PAYMENT due in
 * {@link RESERVATION_WINDOW_DAYS} days, the customer is e-mailed its payment link) → PAID (that
 * order paid through the checkout's one payment completion) or EXPIRED (the pending-order sweep
 * closes the order after its deadline; the stock returns). Staff may cancel a REQUESTED or
 * AVAILABLE reservation (CANCELLED; an AVAILABLE one's order is cancelled and its stock returned).
 *
 * Lock order of every transaction here: the reservation's own order, then its payment order (made
 * later, so a higher id), then the reservation, then the product inventory. No cart is locked (the
 * payment order has none). It agrees with app/orders/orders.server.ts, where an order row is
 * locked before the reservations it updates (`completeOrderPayment`, `closePendingOrder`) and
 * before the product inventories.
 */
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { isSingleBottle } from "~/cart/cart-rules";
import type { Database } from "~/db/client.server";
import { DEADLOCK_DETECTED, hasSqlState } from "~/db/errors";
import { containsPattern } from "~/db/like-pattern";
import { orders, productInventories, products, productTypes, providers, reservations } from "~/db/schema";
import { paginate, type Pagination } from "~/lib/pagination";
import { branchLabel, getBranch } from "~/orders/branches.server";
import { writeOrder } from "~/orders/order-writer.server";
import { closePendingOrder, lockInventories, type Order, type Reservation } from "~/orders/orders.server";
import { confirmationPath, expireOrderPayment } from "~/orders/payment.server";
import { PICKUP_BOUTIQUES } from "~/orders/pickup";
import { reservationPaymentPath } from "~/orders/reservation-token.server";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import type { PaymentProviderName } from "~/payment/provider";
import { activePaymentProvider } from "~/payment/registry.server";
import { summarizeCart } from "~/pricing";
import { priceBenefitsOf } from "~/users/membership.server";
import type { InventoryCode, Province, ReservationStatus } from "~/vocabulary";
import type { ReservationsFilter } from "./reservation-forms";
import { writeReservationAvailableMail } from "./reservation-mail.server";

/** Reservations per page of the staff list. */
export const RESERVATIONS_PAGE_SIZE = 25;

/** A row of the staff list (dates as ISO strings; stock in bottles or units). */
export interface ReservationListItem {
  id: number;
  status: ReservationStatus;
  createdAt: string;
  productName: string;
  puid: string;
  inventoryCode: InventoryCode;
  quantity: number;
  byCase: boolean;
  bottles: number;
  /** The product inventory's current stock (bottles or units). */
  stock: number;
  /** Bottles still missing to hold this reservation: max(0, bottles − stock). */
  shortfall: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  province: Province;
  orderNumber: string;
  paymentOrderNumber: string | null;
  paymentDueAt: string | null;
}

const paymentOrders = alias(orders, "payment_orders");

/**
 * The staff list: reservations filtered by status, province and product (text in the
 * product's name or its puid, case-insensitive), newest first, {@link RESERVATIONS_PAGE_SIZE} a page.
 * A page past the last gives the last page.
 */
export async function listReservations(
  db: Database,
  filter: ReservationsFilter,
): Promise<{ items: ReservationListItem[]; pagination: Pagination }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(reservations.status, filter.status));
  if (filter.province) conditions.push(eq(reservations.province, filter.province));
  if (filter.product) {
    const pattern = containsPattern(filter.product);
    conditions.push(or(ilike(reservations.productName, pattern), ilike(productInventories.puid, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(reservations)
    .innerJoin(productInventories, eq(productInventories.id, reservations.productInventoryId))
    .where(where);
  const pagination = paginate(Number(total?.n ?? 0), filter.page, RESERVATIONS_PAGE_SIZE);
  const rows = await db
    .select({
      reservation: reservations,
      puid: productInventories.puid,
      inventoryCode: productInventories.inventoryCode,
      stock: productInventories.quantity,
      orderNumber: orders.orderNumber,
      paymentOrderNumber: paymentOrders.orderNumber,
    })
    .from(reservations)
    .innerJoin(productInventories, eq(productInventories.id, reservations.productInventoryId))
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, reservations.paymentOrderId))
    .where(where)
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(RESERVATIONS_PAGE_SIZE)
    .offset(pagination.offset);
  return {
    pagination,
    items: rows.map(({ reservation: r, ...row }) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      productName: r.productName,
      puid: row.puid,
      inventoryCode: row.inventoryCode,
      quantity: r.quantity,
      byCase: r.byCase,
      bottles: r.bottles,
      stock: row.stock,
      shortfall: Math.max(0, r.bottles - row.stock),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      province: r.province,
      orderNumber: row.orderNumber,
      paymentOrderNumber: row.paymentOrderNumber,
      paymentDueAt: r.paymentDueAt?.toISOString() ?? null,
    })),
  };
}

/** Why a staff change of a reservation was refused. */
export type ReservationChangeResult =
  | { ok: true; reservation: Reservation; order: Order | null }
  | { ok: false; error: "not-found" }
  /** Not REQUESTED (or not AVAILABLE for a cancel) any more, or its own order is not settled: the current row. */
  | { ok: false; error: "conflict"; reservation: Reservation }
  /** Even with the bottles received the stock cannot hold the reservation; nothing changed. */
  | { ok: false; error: "stock"; stock: number; bottles: number }
  /** The payment provider could not be reached to close the payment page (a cancel); nothing changed. */
  | { ok: false; error: "unavailable" };

class Refusal extends Error {
  constructor(readonly result: Exclude<ReservationChangeResult, { ok: true }>) {
    super(result.error);
  }
}

/** Fields of a reservation the audit rows keep. */
function auditFields(r: Reservation, extra: Record<string, unknown> = {}) {
  return {
    status: r.status,
    paymentOrderId: r.paymentOrderId,
    notifiedAt: r.notifiedAt,
    paymentDueAt: r.paymentDueAt,
    closedAt: r.closedAt,
    ...extra,
  };
}

/**
 * Staff marks a REQUESTED reservation available (decision 018). One transaction: the
 * reservation's own order, then the reservation and its product inventory are locked; the bottles
 * received are added to the stock; a new order PENDING_PAYMENT (no cart; the customer, names,
 * e-mail, phone, locale and province of the reservation's order; the branch or boutique of that
 * order when it had one of the province; due in {@link RESERVATION_WINDOW_DAYS} days) is made
 * with one line priced at the reservation's snapshotted unit price (agency fee: the inventory's
 * current one, capped at that price; the member's or discovery subscriber's prices the customer
 * holds now, the better one, docs/decisions/048-discovery-subscriber-prices.md) and its tax
 * lines; the stock is decremented by the reservation's bottles; the reservation becomes AVAILABLE
 * and the audit row and the customer's e-mail with the payment link are written (the e-mail to
 * the outbox, decision 027, which sends it once this commits).
 * @param input.bottlesReceived bottles (or units) arrived for it, ≥ 0, added to the stock.
 * @param input.origin the shop's origin, for the link in the e-mail.
 * @returns the reservation and its new order; "not-found"; "conflict" (not REQUESTED any more, or
 *   its own order is not paid or confirmed) with the current row; "stock" when the stock is still
 *   short (nothing changed).
 */
export async function markReservationAvailable(
  db: Database,
  input: {
    staff: Pick<StaffUser, "id" | "email">;
    reservationId: number;
    bottlesReceived: number;
    /** Who takes the payment; the provider that takes new payments when absent (docs/decisions/032). */
    paymentProvider?: PaymentProviderName;
    origin: string;
    now?: Date;
    retried?: boolean;
  },
): Promise<ReservationChangeResult> {
  const now = input.now ?? new Date();
  let result: ReservationChangeResult;
  try {
    result = await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ orderId: reservations.orderId })
        .from(reservations)
        .where(eq(reservations.id, input.reservationId));
      if (!target) throw new Refusal({ ok: false, error: "not-found" });
      const [placed] = await tx.select().from(orders).where(eq(orders.id, target.orderId)).for("update");
      const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
      if (!placed || !reservation) throw new Refusal({ ok: false, error: "not-found" });
      // A reservation placed with an order still waiting for its payment is not a request yet.
      if (reservation.status !== "REQUESTED" || (placed.status !== "PAID" && placed.status !== "CONFIRMED")) {
        throw new Refusal({ ok: false, error: "conflict", reservation });
      }
      await lockInventories(tx, [reservation.productInventoryId]);
      const [item] = await tx
        .select({
          quantity: productInventories.quantity,
          agencyFeeCents: productInventories.agencyFeeCents,
          inventoryCode: productInventories.inventoryCode,
          vintage: products.vintage,
          volumeMl: products.volumeMl,
          zeroRated: products.zeroRated,
          isAlcohol: productTypes.isAlcohol,
          providerName: providers.name,
        })
        .from(productInventories)
        .innerJoin(products, eq(products.id, productInventories.productId))
        .innerJoin(productTypes, eq(productTypes.code, products.typeCode))
        .innerJoin(providers, eq(providers.id, products.providerId))
        .where(eq(productInventories.id, reservation.productInventoryId));
      if (!item) throw new Refusal({ ok: false, error: "not-found" });
      const stock = item.quantity + input.bottlesReceived;
      if (stock < reservation.bottles) throw new Refusal({ ok: false, error: "stock", stock, bottles: reservation.bottles });

      const section = reservation.byCase ? ("AGENCY" as const) : ("SHOP" as const);
      const uvc = reservation.byCase ? reservation.bottles / reservation.quantity : 1;
      const agencyFeeCents = section === "AGENCY" ? Math.min(item.agencyFeeCents, reservation.unitPriceCents) : 0;
      const summary = summarizeCart({
        province: reservation.province,
        taxMode: "OUT",
        ...(await priceBenefitsOf(tx, placed.customerId, now)),
        lines: [
          {
            id: String(reservation.productInventoryId),
            section,
            quantity: reservation.quantity,
            uvc,
            priceCents: reservation.unitPriceCents,
            agencyFeeCents,
            zeroRated: item.zeroRated,
            isAlcohol: item.isAlcohol,
            singleBottle: isSingleBottle({ section, isAlcohol: item.isAlcohol, volumeMl: item.volumeMl }),
          },
        ],
      });
      // The pick-up place of the reservation's order, when it had one of this province (decision 018).
      const branch = section === "AGENCY" && placed.branchId !== null ? await getBranch(tx, reservation.province, placed.branchId) : null;
      const boutiqueCode =
        section === "SHOP" && placed.boutiqueCode && PICKUP_BOUTIQUES[reservation.province].includes(placed.boutiqueCode)
          ? placed.boutiqueCode
          : null;
      const paymentDueAt = new Date(now.getTime() + RESERVATION_WINDOW_DAYS * 24 * 60 * 60_000);
      const order = await writeOrder(tx, {
        order: {
          status: "PENDING_PAYMENT",
          province: reservation.province,
          locale: reservation.locale,
          guestId: placed.guestId,
          customerId: placed.customerId,
          cartId: null,
          cartLockVersion: null,
          firstName: placed.firstName,
          lastName: placed.lastName,
          email: placed.email,
          phone: placed.phone,
          branchId: branch?.id ?? null,
          branchLabel: branch ? branchLabel(branch) : null,
          boutiqueCode,
          paymentProvider: input.paymentProvider ?? activePaymentProvider()?.name ?? "simulated",
          paymentDueAt,
          createdAt: now,
        },
        summary,
        lines: [
          {
            productInventoryId: reservation.productInventoryId,
            section,
            inventoryCode: item.inventoryCode,
            productName: reservation.productName,
            providerName: item.providerName,
            vintage: item.vintage,
            quantity: reservation.quantity,
            uvc,
            bottles: reservation.bottles,
            unitPriceCents: reservation.unitPriceCents,
            agencyFeeCents,
            zeroRated: item.zeroRated,
          },
        ],
      });
      await tx
        .update(productInventories)
        .set({ quantity: stock - reservation.bottles })
        .where(eq(productInventories.id, reservation.productInventoryId));
      const [available] = await tx
        .update(reservations)
        .set({ status: "AVAILABLE", notifiedAt: now, paymentDueAt, paymentOrderId: order.id })
        .where(eq(reservations.id, reservation.id))
        .returning();
      await recordStaffChange(tx, {
        actor: input.staff,
        action: "reservation.available",
        entity: "reservation",
        entityId: reservation.id,
        before: auditFields(reservation, { stock: item.quantity }),
        after: auditFields(available!, { stock: stock - reservation.bottles, bottlesReceived: input.bottlesReceived }),
        now,
      });
      await writeReservationAvailableMail(tx, {
        reservation: available!,
        order,
        paymentUrl: `${input.origin}${reservationPaymentPath(available!.id)}`,
      });
      return { ok: true as const, reservation: available!, order };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    if (hasSqlState(error, DEADLOCK_DETECTED) && !input.retried) return markReservationAvailable(db, { ...input, retried: true });
    throw error;
  }
  return result;
}

/**
 * Staff cancels a reservation (decision 018): a REQUESTED one becomes CANCELLED; an
 * AVAILABLE one's payment order is cancelled (its stock returns) and it becomes CANCELLED. First,
 * outside the transaction, the payment order's page at its provider is expired so it can no
 * longer be paid; when the provider says it was paid meanwhile, the order is completed instead (the
 * reservation becomes PAID) and the cancel answers "conflict". Then one transaction, locks in the
 * order of this module's header, with the audit row. (A session the customer opens between the two
 * and pays later still ends PAID: `completeOrderPayment` pays a CANCELLED reservation too.)
 * @param input.origin the shop's origin, for the e-mails of an order found paid.
 * @returns the reservation; "not-found"; "conflict" with the current row when it is PAID, EXPIRED
 *   or CANCELLED already, or changed while it was being locked.
 *   "unavailable" when the payment provider cannot be reached (nothing changed).
 */
export async function cancelReservation(
  db: Database,
  input: { staff: Pick<StaffUser, "id" | "email">; reservationId: number; origin: string; now?: Date },
): Promise<ReservationChangeResult> {
  const now = input.now ?? new Date();
  const [current] = await db.select().from(reservations).where(eq(reservations.id, input.reservationId));
  if (!current) return { ok: false, error: "not-found" };
  if (current.status === "AVAILABLE" && current.paymentOrderId !== null) {
    // Its payment page can no longer be paid; one paid meanwhile completes the order instead.
    const expired = await expireOrderPayment(db, current.paymentOrderId, input.origin);
    if (expired.kind === "unavailable") return { ok: false, error: "unavailable" };
    if (expired.kind === "paid") {
      const [paid] = await db.select().from(reservations).where(eq(reservations.id, input.reservationId));
      return { ok: false, error: "conflict", reservation: paid ?? current };
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ orderId: reservations.orderId, paymentOrderId: reservations.paymentOrderId })
        .from(reservations)
        .where(eq(reservations.id, input.reservationId));
      if (!target) throw new Refusal({ ok: false, error: "not-found" });
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, target.orderId)).for("update");
      if (target.paymentOrderId !== null)
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, target.paymentOrderId)).for("update");
      const [before] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
      if (!before) throw new Refusal({ ok: false, error: "not-found" });
      // Made available between the first read and the locks: its payment order was not locked first.
      if (before.paymentOrderId !== target.paymentOrderId) throw new Refusal({ ok: false, error: "conflict", reservation: before });
      await lockInventories(tx, [before.productInventoryId]);
      if (before.status !== "REQUESTED" && before.status !== "AVAILABLE")
        throw new Refusal({ ok: false, error: "conflict", reservation: before });
      if (before.status === "AVAILABLE" && before.paymentOrderId !== null) {
        // Its order gives the stock back and closes the reservation as CANCELLED.
        await closePendingOrder(tx, before.paymentOrderId, "CANCELLED", now);
      }
      const [after] = await tx
        .update(reservations)
        .set({ status: "CANCELLED", closedAt: now })
        .where(eq(reservations.id, before.id))
        .returning();
      await recordStaffChange(tx, {
        actor: input.staff,
        action: "reservation.cancelled",
        entity: "reservation",
        entityId: before.id,
        before: auditFields(before),
        after: auditFields(after!),
        now,
      });
      return { ok: true as const, reservation: after!, order: null };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    throw error;
  }
}

/** The customer's payment page of a reservation (dates as ISO strings, money in cents). */
export interface ReservationPaymentView {
  status: ReservationStatus;
  productName: string;
  quantity: number;
  byCase: boolean;
  bottles: number;
  province: Province;
  firstName: string;
  /** The order paying it, once staff made it available. */
  order: {
    orderNumber: string;
    /** The order's confirmation page, once the reservation is PAID (null before). */
    confirmationPath: string | null;
    status: Order["status"];
    payNowCents: number;
    payAtLiquorBoardCents: number;
    totalCents: number;
    paymentDueAt: string;
    branchLabel: string | null;
    boutiqueCode: InventoryCode | null;
  } | null;
  /** What must be chosen before paying: a branch (private import), a boutique (shop). */
  needs: { branch: boolean; boutique: boolean; boutiques: readonly InventoryCode[] };
}

/**
 * What pick-up place the order paying a reservation still lacks: a branch (private import, by the
 * case) or a boutique (shop, by the unit). Paying waits until it is chosen on the reservation's page.
 */
export function pickupMissing(
  reservation: Pick<Reservation, "byCase">,
  order: Pick<Order, "branchId" | "boutiqueCode">,
): { branch: boolean; boutique: boolean } {
  return { branch: reservation.byCase && order.branchId === null, boutique: !reservation.byCase && order.boutiqueCode === null };
}

/**
 * A reservation as its payment page shows it, with the order that pays it (null before staff made
 * it available), and what pick-up place is still missing on a pending order.
 * @returns null when no reservation has this id.
 */
export async function getReservationPayment(
  db: Database,
  reservationId: number,
): Promise<{ reservation: Reservation; order: Order | null; view: ReservationPaymentView } | null> {
  const [reservation] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!reservation) return null;
  const [order] =
    reservation.paymentOrderId !== null ? await db.select().from(orders).where(eq(orders.id, reservation.paymentOrderId)) : [];
  const pending = order?.status === "PENDING_PAYMENT";
  return {
    reservation,
    order: order ?? null,
    view: {
      status: reservation.status,
      productName: reservation.productName,
      quantity: reservation.quantity,
      byCase: reservation.byCase,
      bottles: reservation.bottles,
      province: reservation.province,
      firstName: reservation.firstName,
      order: order
        ? {
            orderNumber: order.orderNumber,
            confirmationPath: reservation.status === "PAID" ? confirmationPath(order) : null,
            status: order.status,
            payNowCents: order.payNowCents,
            payAtLiquorBoardCents: order.payAtLiquorBoardCents,
            totalCents: order.totalCents,
            paymentDueAt: order.paymentDueAt.toISOString(),
            branchLabel: order.branchLabel,
            boutiqueCode: order.boutiqueCode,
          }
        : null,
      needs: {
        ...(pending ? pickupMissing(reservation, order) : { branch: false, boutique: false }),
        boutiques: PICKUP_BOUTIQUES[reservation.province],
      },
    },
  };
}

/**
 * Sets the pick-up place of a reservation's pending order (the customer's payment page
 * asks for it when the reservation's order had none): a branch of the province for private import,
 * a boutique of the province for shop items.
 * @returns false when the order is not pending any more, or the branch or boutique is not one of
 *   the province (nothing changed).
 */
export async function chooseReservationPickup(
  db: Database,
  reservation: Pick<Reservation, "paymentOrderId" | "province" | "byCase">,
  choice: { branchId?: number; boutiqueCode?: InventoryCode },
): Promise<boolean> {
  if (reservation.paymentOrderId === null) return false;
  if (reservation.byCase) {
    const branch = choice.branchId ? await getBranch(db, reservation.province, choice.branchId) : null;
    if (!branch) return false;
    const changed = await db
      .update(orders)
      .set({ branchId: branch.id, branchLabel: branchLabel(branch) })
      .where(and(eq(orders.id, reservation.paymentOrderId), eq(orders.status, "PENDING_PAYMENT")))
      .returning({ id: orders.id });
    return changed.length > 0;
  }
  if (!choice.boutiqueCode || !PICKUP_BOUTIQUES[reservation.province].includes(choice.boutiqueCode)) return false;
  const changed = await db
    .update(orders)
    .set({ boutiqueCode: choice.boutiqueCode })
    .where(and(eq(orders.id, reservation.paymentOrderId), eq(orders.status, "PENDING_PAYMENT")))
    .returning({ id: orders.id });
  return changed.length > 0;
}
