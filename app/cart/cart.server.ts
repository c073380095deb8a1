/**
 * Server-side cart (docs/product.md#cart Shopping cart, lock version, cart rules; docs/product.md#cart Cart).
 * One cart per owner and province; `lockVersion` starts at 1 and rises by 1 on every change, and
 * a change sent with a stale version is refused. Quantities: cases for private import (AGENCY),
 * units for the shop (SHOP) and for upcoming products (RESERVED).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type Allocation, allocationRunningOn } from "~/catalogue/allocation";
import { productInventoryColumns } from "~/catalogue/product-inventory.server";
import type { Database } from "~/db/client.server";
import { cartLines, carts, inventories, orders, productInventories, products, productTypes, providers } from "~/db/schema";
import { excludedValues } from "~/db/upsert";
import { shopDateOf } from "~/i18n/shop-time";
import { localized } from "~/lib/localized";
import { hasActiveMembership } from "~/users/membership.server";
import type { Locale, Province } from "~/vocabulary";
import { largestQuantityInStock, lineExceedsStock, MAX_LINE_QUANTITY, sectionFor } from "./cart-rules";
import type { Cart, CartError, CartLine, CartOwner, CartResult } from "./cart-types";

function ownerCondition(owner: CartOwner) {
  return "guestId" in owner ? eq(carts.guestId, owner.guestId) : eq(carts.customerId, owner.customerId);
}

/**
 * The owner's cart in a province with its lines, or null when there is none yet. A line of a
 * product allocated to members today carries the allocation's last day when the owner is not a
 * member (a line added before the allocation began: checkout refuses it, decision 049).
 * @param locale chooses the product names' language.
 * @param now the instant whose shop day and membership decide the allocations.
 */
export async function getCart(db: Database, owner: CartOwner, province: Province, locale: Locale, now = new Date()): Promise<Cart | null> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(ownerCondition(owner), eq(carts.province, province)))
    .limit(1);
  if (!cart) return null;
  const lines = await loadLines(db, cart.id, locale);
  const today = shopDateOf(now);
  const allocated = lines.some((line) => allocationRunningOn(line.allocation, today) !== null);
  const member = allocated && (await isMemberOwner(db, owner, now));
  return {
    id: cart.id,
    province,
    lockVersion: cart.lockVersion,
    lines: lines.map(({ allocation, ...line }) => ({
      ...line,
      membersOnlyUntil: member ? null : allocationRunningOn(allocation, today),
    })),
  };
}

/** Whether a cart's owner holds a running membership (a guest never does). */
function isMemberOwner(db: Database, owner: CartOwner, now: Date): Promise<boolean> {
  return "customerId" in owner ? hasActiveMembership(db, owner.customerId, now) : Promise.resolve(false);
}

async function loadLines(
  db: Database,
  cartId: number,
  locale: Locale,
): Promise<(Omit<CartLine, "membersOnlyUntil"> & { allocation: Allocation })[]> {
  const rows = await db
    .select({
      channel: productInventoryColumns,
      section: cartLines.section,
      quantity: cartLines.quantity,
      productId: products.id,
      slug: products.slug,
      name: localized(locale, products.nameFr, products.nameEn),
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      zeroRated: products.zeroRated,
      isAlcohol: productTypes.isAlcohol,
      providerName: providers.name,
      allocation: { membersOnlyFrom: products.membersOnlyFrom, membersOnlyUntil: products.membersOnlyUntil },
    })
    .from(cartLines)
    .innerJoin(productInventories, eq(productInventories.id, cartLines.productInventoryId))
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(productTypes, eq(productTypes.code, products.typeCode))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productInventoryId));
  return rows.map(({ channel, ...line }) => ({
    ...line,
    productInventoryId: channel.productInventoryId,
    inventoryCode: channel.inventoryCode,
    inventoryProvince: channel.province,
    channelKind: channel.channelKind,
    priceCents: channel.priceCents,
    priceTaxInCents: channel.priceTaxInCents,
    agencyFeeCents: channel.agencyFeeCents,
    stock: channel.quantity,
    availabilityStatus: channel.availabilityStatus,
  }));
}

/** Number of items shown on the cart icon: the sum of line quantities (cases count as one). */
export async function countItems(db: Database, owner: CartOwner, province: Province): Promise<number> {
  const [row] = await db
    .select({ items: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(and(ownerCondition(owner), eq(carts.province, province)));
  return Number(row?.items ?? 0);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Takes the cart row for a change: creates the cart (lock version 1, docs/product.md#cart) when missing, locks the row
 * and, when `expectedVersion` is given, checks it. Returns the cart id and its version, or
 * "conflict" when the version is stale (another tab changed the cart first).
 */
async function lockCart(
  tx: Tx,
  owner: CartOwner,
  province: Province,
  expectedVersion: number | null,
): Promise<{ id: number; lockVersion: number; created: boolean } | "conflict"> {
  const inserted = await tx
    .insert(carts)
    .values({ ...owner, province, lockVersion: 1 })
    .onConflictDoNothing({ target: "guestId" in owner ? [carts.guestId, carts.province] : [carts.customerId, carts.province] })
    .returning({ id: carts.id });
  const [cart] = await tx
    .select({ id: carts.id, lockVersion: carts.lockVersion })
    .from(carts)
    .where(and(ownerCondition(owner), eq(carts.province, province)))
    .for("update");
  if (!cart) throw new Error("cart row missing after insert");
  if (expectedVersion !== null && cart.lockVersion !== expectedVersion) return "conflict";
  return { ...cart, created: inserted.length > 0 };
}

async function bumpVersion(tx: Tx, cartId: number): Promise<void> {
  await tx
    .update(carts)
    .set({ lockVersion: sql`${carts.lockVersion} + 1`, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/**
 * What decides whether and how a product inventory can be in a cart (joined from
 * product_inventories, inventories and products): its province, whether it is sold here, its
 * channel and availability (the section), its stock and case size.
 */
const SALE_TERMS = {
  province: productInventoryColumns.province,
  purchasable: productInventoryColumns.purchasable,
  channelKind: productInventoryColumns.channelKind,
  availabilityStatus: productInventoryColumns.availabilityStatus,
  stock: productInventoryColumns.quantity,
  uvc: products.uvc,
  membersOnlyFrom: products.membersOnlyFrom,
  membersOnlyUntil: products.membersOnlyUntil,
};

class CartRefusal extends Error {
  constructor(readonly code: CartError) {
    super(code);
  }
}

async function runChange(
  db: Database,
  owner: CartOwner,
  province: Province,
  locale: Locale,
  now: Date,
  change: (tx: Tx) => Promise<void>,
): Promise<CartResult> {
  try {
    await db.transaction(change);
  } catch (error) {
    if (error instanceof CartRefusal) {
      return { ok: false, error: error.code, cart: await getCart(db, owner, province, locale, now) };
    }
    throw error;
  }
  const cart = await getCart(db, owner, province, locale, now);
  return { ok: true, cart: cart! };
}

/**
 * Adds a quantity of a product inventory (docs/product.md#cart): private import by the full case (quantity =
 * cases), shop items by the unit, upcoming products to the reserved section; liquor-board-only
 * channels cannot be added. Adding to an existing line adds to its quantity. An add is not
 * version-checked (two adds never overwrite each other) but raises the version. A product
 * allocated to members today (decision 049) is added for a member only.
 * @param now the instant whose shop day and membership decide an allocation.
 * @returns the new cart, or the refusal: invalid-quantity, unknown-product, other-province
 *   (a product inventory of the other province), not-purchasable, members-only (an allocation
 *   and the owner is not a member), stock (more than in stock).
 */
export function addToCart(
  db: Database,
  owner: CartOwner,
  province: Province,
  locale: Locale,
  input: { productInventoryId: number | null; quantity: number | null },
  now = new Date(),
): Promise<CartResult> {
  return runChange(db, owner, province, locale, now, async (tx) => {
    if (input.quantity === null) throw new CartRefusal("invalid-quantity");
    if (input.productInventoryId === null) throw new CartRefusal("unknown-product");
    const [item] = await tx
      .select(SALE_TERMS)
      .from(productInventories)
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(eq(productInventories.id, input.productInventoryId))
      .limit(1);
    if (!item) throw new CartRefusal("unknown-product");
    if (item.province !== province) throw new CartRefusal("other-province");
    if (!item.purchasable) throw new CartRefusal("not-purchasable");
    if (allocationRunningOn(item, shopDateOf(now)) !== null && !(await isMemberOwner(tx, owner, now))) {
      throw new CartRefusal("members-only");
    }
    const cart = await lockCart(tx, owner, province, null);
    if (cart === "conflict") throw new CartRefusal("conflict");
    const section = sectionFor(item.channelKind, item.availabilityStatus);
    const [existing] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productInventoryId, input.productInventoryId)));
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw new CartRefusal("invalid-quantity");
    if (lineExceedsStock({ section, quantity, uvc: item.uvc, stock: item.stock })) throw new CartRefusal("stock");
    await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productInventoryId: input.productInventoryId, section, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productInventoryId], set: { quantity, section } });
    // Creating the cart with its first line is version 1; every later change adds 1.
    if (!cart.created) await bumpVersion(tx, cart.id);
  });
}

/**
 * Sets a line's quantity, refused when `lockVersion` is not the cart's current version (docs/product.md#cart).
 * Raising the quantity of a product allocated to members today is an add: for members only
 * (lowering it is always allowed).
 * @returns the new cart, or the refusal: invalid-quantity, conflict, not-in-cart, members-only, stock.
 */
export function updateLineQuantity(
  db: Database,
  owner: CartOwner,
  province: Province,
  locale: Locale,
  input: { productInventoryId: number | null; quantity: number | null; lockVersion: number | null },
  now = new Date(),
): Promise<CartResult> {
  return runChange(db, owner, province, locale, now, async (tx) => {
    if (input.quantity === null) throw new CartRefusal("invalid-quantity");
    if (input.lockVersion === null) throw new CartRefusal("conflict");
    const cart = await lockCart(tx, owner, province, input.lockVersion);
    if (cart === "conflict") throw new CartRefusal("conflict");
    const [line] = await tx
      .select({
        section: cartLines.section,
        quantity: cartLines.quantity,
        uvc: products.uvc,
        stock: productInventoryColumns.quantity,
        membersOnlyFrom: products.membersOnlyFrom,
        membersOnlyUntil: products.membersOnlyUntil,
      })
      .from(cartLines)
      .innerJoin(productInventories, eq(productInventories.id, cartLines.productInventoryId))
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productInventoryId, input.productInventoryId ?? -1)));
    if (!line) throw new CartRefusal("not-in-cart");
    if (input.quantity > line.quantity && allocationRunningOn(line, shopDateOf(now)) !== null && !(await isMemberOwner(tx, owner, now))) {
      throw new CartRefusal("members-only");
    }
    if (lineExceedsStock({ section: line.section, quantity: input.quantity, uvc: line.uvc, stock: line.stock })) {
      throw new CartRefusal("stock");
    }
    await tx
      .update(cartLines)
      .set({ quantity: input.quantity })
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productInventoryId, input.productInventoryId!)));
    await bumpVersion(tx, cart.id);
  });
}

/**
 * Removes a line, refused when `lockVersion` is stale.
 * @returns the new cart, or the refusal: conflict, not-in-cart.
 */
export function removeLine(
  db: Database,
  owner: CartOwner,
  province: Province,
  locale: Locale,
  input: { productInventoryId: number | null; lockVersion: number | null },
): Promise<CartResult> {
  return runChange(db, owner, province, locale, new Date(), async (tx) => {
    if (input.lockVersion === null) throw new CartRefusal("conflict");
    const cart = await lockCart(tx, owner, province, input.lockVersion);
    if (cart === "conflict") throw new CartRefusal("conflict");
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productInventoryId, input.productInventoryId ?? -1)))
      .returning({ id: cartLines.productInventoryId });
    if (removed.length === 0) throw new CartRefusal("not-in-cart");
    await bumpVersion(tx, cart.id);
  });
}

/**
 * At login: moves the guest's cart of a province into the customer's cart of that
 * province and deletes the guest cart. Quantities of the same product inventory are added; the
 * result keeps the cart rules — a line never holds more than the stock (cases count whole,
 * docs/product.md#cases: capped to the full cases in stock) nor {@link MAX_LINE_QUANTITY}; a line that no longer
 * fits at all (no stock left, not purchasable, other province) stays out, and a line the
 * customer already had never shrinks. The customer's cart takes one version bump (or is created
 * at version 1). A guest cart with an order waiting for its payment is left alone: that order
 * still empties it when paid, or gives its stock back when it expires; it merges at a later login.
 * @returns how many guest lines were merged (0 when the guest had no cart there, or it waits for a payment).
 */
export async function mergeGuestCart(db: Database, guestId: string, customerId: number, province: Province): Promise<number> {
  return db.transaction(async (tx) => {
    const [guestCart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.guestId, guestId), eq(carts.province, province)))
      .for("update");
    if (!guestCart) return 0;
    const [paying] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, guestCart.id), eq(orders.status, "PENDING_PAYMENT")))
      .limit(1);
    if (paying) return 0;
    const guestLines = await tx
      .select({ productInventoryId: cartLines.productInventoryId, quantity: cartLines.quantity, ...SALE_TERMS })
      .from(cartLines)
      .innerJoin(productInventories, eq(productInventories.id, cartLines.productInventoryId))
      .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(eq(cartLines.cartId, guestCart.id))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productInventoryId));
    await tx.delete(carts).where(eq(carts.id, guestCart.id));
    if (guestLines.length === 0) return 0;
    const cart = await lockCart(tx, { customerId }, province, null);
    if (cart === "conflict") throw new Error("unreachable: no expected version");
    const existing = await tx
      .select({ productInventoryId: cartLines.productInventoryId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cart.id));
    const held = new Map(existing.map((l) => [l.productInventoryId, l.quantity]));
    const merged = guestLines.flatMap((line) => {
      if (line.province !== province || !line.purchasable) return [];
      const section = sectionFor(line.channelKind, line.availabilityStatus);
      const had = held.get(line.productInventoryId) ?? 0;
      const wanted = Math.min(had + line.quantity, MAX_LINE_QUANTITY);
      const quantity = Math.max(had, largestQuantityInStock({ section, quantity: wanted, uvc: line.uvc, stock: line.stock }));
      return quantity < 1 || quantity === had ? [] : [{ cartId: cart.id, productInventoryId: line.productInventoryId, section, quantity }];
    });
    if (merged.length === 0) return 0;
    await tx
      .insert(cartLines)
      .values(merged)
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productInventoryId],
        set: excludedValues(cartLines, ["quantity", "section"]),
      });
    if (!cart.created) await bumpVersion(tx, cart.id);
    return merged.length;
  });
}

/**
 * Province switch while logged in (docs/product.md#accounts: "logs the user out, clears the cart"): empties the
 * customer's carts (lines deleted, one version bump each, so an open tab's stale form is refused).
 * Pending orders keep their own snapshot and held stock.
 */
export async function clearCustomerCarts(db: Database, customerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.customerId, customerId))
      .orderBy(asc(carts.id))
      .for("update");
    for (const { id } of owned) {
      const removed = await tx.delete(cartLines).where(eq(cartLines.cartId, id)).returning({ id: cartLines.productInventoryId });
      if (removed.length > 0) await bumpVersion(tx, id);
    }
  });
}
