/**
 * Placing the order of a cart (docs/product.md#checkout checkout, docs/product.md#cart cart rules): one transaction
 * re-validates the cart (lock version, stock, full cases, food with alcohol, province), locks the
 * product inventories (`SELECT … FOR UPDATE`), moves the stock, and writes the order through the
 * orders core's one writer (app/orders/order-writer.server.ts) with the reservations placed with
 * it: PENDING_PAYMENT, or CONFIRMED when nothing is due now.
 *
 * Lock order, the same as the orders core's: the cart row, then its order rows (by id), then the
 * product inventories (by id).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getCart } from "~/cart/cart.server";
import { ownerPriceBenefits } from "~/cart/cart-owner.server";
import { bottlesOf, checkoutBlockers, toPricingLines } from "~/cart/cart-rules";
import type { CartOwner } from "~/cart/cart-types";
import { soldByTheCase } from "~/catalogue/product-inventory";
import type { Database } from "~/db/client.server";
import { DEADLOCK_DETECTED, hasSqlState, UNIQUE_VIOLATION } from "~/db/errors";
import { branches, carts, checkouts, orders, productInventories, reservations } from "~/db/schema";
import { branchLabel } from "~/orders/branches.server";
import { writeOrder } from "~/orders/order-writer.server";
import {
  closePendingOrder,
  inventoriesOfOrders,
  lockInventories,
  type Order,
  PAYMENT_WINDOW_MINUTES,
  pendingOrdersOfCart,
  removeOrderedLines,
  type Tx,
} from "~/orders/orders.server";
import { cancelPendingOrder, confirmationPath, startOrderPayment, writeOrderMails } from "~/orders/payment.server";
import { deliveryNeeds } from "~/orders/pickup";
import { activePaymentProvider } from "~/payment/registry.server";
import { summarizeCart } from "~/pricing";
import type { Locale, PaymentProvider, Province } from "~/vocabulary";

/** Why an order cannot be placed; each has a message in `checkout.errors.*`. */
export type PlaceOrderError = "empty" | "conflict" | "incomplete" | "stock" | "alcohol-needs-food" | "members-only" | "other-province";

export type PlaceOrderResult = { ok: true; order: Order; created: boolean } | { ok: false; error: PlaceOrderError };

class PlaceRefusal extends Error {
  constructor(readonly code: PlaceOrderError) {
    super(code);
  }
}

function ownerCondition(owner: CartOwner) {
  return "guestId" in owner ? eq(carts.guestId, owner.guestId) : eq(carts.customerId, owner.customerId);
}

/**
 * Places the order of the owner's cart in a province, for the cart version the
 * shopper saw. Idempotent: the same cart version placed twice (double submit, two tabs) returns
 * the order already placed (`created: false`). A pending order of an older version of the cart
 * is cancelled first and its stock returned.
 * @param input.lockVersion the cart version shown on step 3; another version is a "conflict".
 * @param input.paymentProvider who will take the payment (ignored when nothing is due now).
 * @param input.onConfirmed called in the placing transaction when the new order is CONFIRMED at
 *   once (nothing due now), to write what must follow it (its e-mails, to the outbox).
 * @returns the order (PENDING_PAYMENT, or CONFIRMED when the pay-now amount is 0), or the refusal:
 *   empty, conflict, incomplete (steps 1–2 not answered for this cart), stock, alcohol-needs-food,
 *   members-only (a product allocated to members in a non-member's cart, decision 049),
 *   other-province. A refusal changes nothing.
 */
export async function placeOrder(
  db: Database,
  input: {
    owner: CartOwner;
    province: Province;
    locale: Locale;
    lockVersion: number;
    paymentProvider: Exclude<PaymentProvider, "none">;
    onConfirmed?: (tx: Tx, order: Order) => Promise<void>;
    now?: Date;
    /** Internal: set on the one retry after a deadlock. */
    retried?: boolean;
  },
): Promise<PlaceOrderResult> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [cart] = await tx
        .select({ id: carts.id, lockVersion: carts.lockVersion })
        .from(carts)
        .where(and(ownerCondition(input.owner), eq(carts.province, input.province)))
        .for("update");
      if (!cart) throw new PlaceRefusal("empty");
      const [placed] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.cartId, cart.id),
            eq(orders.cartLockVersion, input.lockVersion),
            inArray(orders.status, ["PENDING_PAYMENT", "PAID", "CONFIRMED"]),
          ),
        );
      if (placed) return { ok: true as const, order: placed, created: false };
      if (cart.lockVersion !== input.lockVersion) throw new PlaceRefusal("conflict");

      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.cartId, cart.id));
      const snapshot = await getCart(tx, input.owner, input.province, input.locale, now);
      const lines = snapshot?.lines ?? [];
      if (lines.length === 0) throw new PlaceRefusal("empty");
      const needs = deliveryNeeds(lines, input.province);
      if (
        !checkout ||
        checkout.step < 3 ||
        !checkout.email ||
        (needs.branch && checkout.branchId === null) ||
        (needs.boutique && (checkout.boutiqueCode === null || !needs.boutiques.includes(checkout.boutiqueCode)))
      ) {
        throw new PlaceRefusal("incomplete");
      }
      const [branch] =
        needs.branch && checkout.branchId !== null
          ? await tx
              .select()
              .from(branches)
              .where(and(eq(branches.id, checkout.branchId), eq(branches.province, input.province)))
          : [];
      if (needs.branch && !branch) throw new PlaceRefusal("incomplete");

      // Every product inventory this transaction will touch — the cart's, and those older pending
      // orders of the cart give back — is locked first, in id order: two transactions never wait
      // on each other in opposite orders.
      const stale = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.cartId, cart.id), eq(orders.status, "PENDING_PAYMENT")))
        .orderBy(asc(orders.id))
        .for("update");
      const staleIds = stale.map((o) => o.id);
      await lockInventories(tx, [...lines.map((l) => l.productInventoryId), ...(await inventoriesOfOrders(tx, staleIds))]);
      // Older pending orders of this cart give their stock back before this one takes it.
      for (const id of staleIds) await closePendingOrder(tx, id, "CANCELLED", now);
      const ids = [...new Set(lines.map((l) => l.productInventoryId))];
      const locked = await tx
        .select({ id: productInventories.id, quantity: productInventories.quantity })
        .from(productInventories)
        .where(inArray(productInventories.id, ids));
      const stockById = new Map(locked.map((r) => [r.id, r.quantity]));
      const current = lines.map((line) => ({ ...line, stock: stockById.get(line.productInventoryId) ?? 0 }));
      if (current.some((l) => l.inventoryProvince !== input.province)) throw new PlaceRefusal("other-province");
      const blockers = checkoutBlockers(current);
      if (blockers.includes("stock")) throw new PlaceRefusal("stock");
      if (blockers.includes("alcohol-needs-food")) throw new PlaceRefusal("alcohol-needs-food");
      if (blockers.includes("members-only")) throw new PlaceRefusal("members-only");

      const summary = summarizeCart({
        province: input.province,
        taxMode: "OUT",
        // Member or discovery prices as they stand when the order is placed (decision 048).
        ...(await ownerPriceBenefits(tx, input.owner, now)),
        lines: toPricingLines(current),
      });
      const nothingDue = summary.payNow === 0;
      const order = await writeOrder(tx, {
        order: {
          status: nothingDue ? "CONFIRMED" : "PENDING_PAYMENT",
          province: input.province,
          locale: input.locale,
          ...("guestId" in input.owner ? { guestId: input.owner.guestId } : { customerId: input.owner.customerId }),
          cartId: cart.id,
          cartLockVersion: cart.lockVersion,
          firstName: checkout.firstName,
          lastName: checkout.lastName,
          email: checkout.email,
          phone: checkout.phone,
          accountPasswordHash: checkout.createAccount ? checkout.accountPasswordHash : null,
          branchId: branch?.id ?? null,
          branchLabel: branch ? branchLabel(branch) : null,
          boutiqueCode: needs.boutique ? checkout.boutiqueCode : null,
          paymentProvider: nothingDue ? "none" : input.paymentProvider,
          paymentDueAt: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
          closedAt: nothingDue ? now : null,
          createdAt: now,
        },
        summary,
        lines: current.map((line) => ({
          productInventoryId: line.productInventoryId,
          section: line.section,
          inventoryCode: line.inventoryCode,
          productName: line.name,
          providerName: line.providerName,
          vintage: line.vintage,
          quantity: line.quantity,
          uvc: line.uvc,
          bottles: bottlesOf(line),
          unitPriceCents: line.priceCents,
          agencyFeeCents: line.section === "AGENCY" ? line.agencyFeeCents : 0,
          zeroRated: line.zeroRated,
        })),
      });
      const reserved = current.filter((l) => l.section === "RESERVED");
      if (reserved.length > 0) {
        await tx.insert(reservations).values(
          reserved.map((line) => ({
            orderId: order.id,
            productInventoryId: line.productInventoryId,
            status: "REQUESTED" as const,
            productName: line.name,
            quantity: line.quantity,
            byCase: soldByTheCase(line),
            bottles: bottlesOf(line),
            unitPriceCents: line.priceCents,
            firstName: checkout.firstName,
            lastName: checkout.lastName,
            email: checkout.email,
            phone: checkout.phone,
            locale: input.locale,
            province: input.province,
          })),
        );
      }
      // The stock is taken now; it comes back if the order is cancelled or expires.
      for (const line of current) {
        if (line.section === "RESERVED") continue;
        await tx
          .update(productInventories)
          .set({ quantity: sql`${productInventories.quantity} - ${bottlesOf(line)}` })
          .where(eq(productInventories.id, line.productInventoryId));
      }
      if (nothingDue) {
        await removeOrderedLines(tx, order);
        await input.onConfirmed?.(tx, order);
      }
      return { ok: true as const, order, created: true };
    });
  } catch (error) {
    if (error instanceof PlaceRefusal) return { ok: false, error: error.code };
    // Two identical submissions racing past the first check: the unique index keeps one order.
    if (hasSqlState(error, UNIQUE_VIOLATION)) return placeOrder(db, input);
    // Two transactions locking product inventories in different orders: one is chosen to fail; retry it once.
    if (hasSqlState(error, DEADLOCK_DETECTED) && !input.retried) return placeOrder(db, { ...input, retried: true });
    throw error;
  }
}

/** What placing the cart's order and starting its payment led to. */
export type PlaceAndPayOutcome =
  /** To the provider's page, the shop's own payment page, or the confirmation (nothing due now, or already paid). */
  | { kind: "redirect"; url: string }
  /** The order was refused (nothing changed); `replaced`: refused when placed again after its payment window closed. */
  | { kind: "refused"; error: PlaceOrderError; replaced: boolean }
  /** No provider may take payments (production without one), or the provider could not be reached: the order stays pending. */
  | { kind: "unavailable" };

/**
 * The checkout's "Place the order" (docs/decisions/032): older pending orders of
 * the cart are cancelled (their provider's page closed first, so they can no longer be paid), the
 * cart's order is placed for the provider that takes new payments, and its payment is started; an
 * order too old for a new payment page is given up and the same cart placed again.
 * @param input.onPlaced called once for an order this call created (the account a guest asked for).
 * @param input.origin the shop's origin, for the provider's return address and the e-mails.
 */
export async function placeOrderAndPay(
  db: Database,
  input: {
    owner: CartOwner;
    province: Province;
    locale: Locale;
    cartId: number;
    lockVersion: number;
    origin: string;
    onPlaced?: (order: Order) => Promise<void>;
  },
): Promise<PlaceAndPayOutcome> {
  const provider = activePaymentProvider();
  if (!provider) return { kind: "unavailable" };
  const place = () =>
    placeOrder(db, {
      owner: input.owner,
      province: input.province,
      locale: input.locale,
      lockVersion: input.lockVersion,
      paymentProvider: provider.name,
      onConfirmed: (tx, confirmed) => writeOrderMails(tx, confirmed, input.origin),
    });
  // An older pending order of this cart is cancelled before a new one takes the stock; its
  // provider's page is closed first, so it can no longer be paid.
  for (const pending of await pendingOrdersOfCart(db, input.cartId)) {
    if (pending.cartLockVersion !== input.lockVersion && (await cancelPendingOrder(db, pending, input.origin)) === "unavailable") {
      return { kind: "unavailable" };
    }
  }
  let placed = await place();
  if (!placed.ok) return { kind: "refused", error: placed.error, replaced: false };
  if (placed.created) await input.onPlaced?.(placed.order);
  if (placed.order.status !== "PENDING_PAYMENT") return { kind: "redirect", url: confirmationPath(placed.order) };
  let step = await startOrderPayment(db, placed.order, input.origin);
  if (step.kind === "window-closed") {
    // Too old for a new payment page: give it up and place the same cart again.
    await cancelPendingOrder(db, placed.order, input.origin);
    placed = await place();
    if (!placed.ok) return { kind: "refused", error: placed.error, replaced: true };
    step = await startOrderPayment(db, placed.order, input.origin);
  }
  return step.kind === "redirect" ? step : { kind: "unavailable" };
}
