/**
 * The checkout in progress (docs/product.md#checkout "Checkout in 3 steps"): the answers of each
 * step are kept server-side in the cart's `checkouts` row, so reload, back/forward and a second
 * tab show the same state, and a step cannot be opened before the ones it needs are answered.
 */
import { eq, sql } from "drizzle-orm";
import { getCart } from "~/cart/cart.server";
import { ownerPriceBenefits } from "~/cart/cart-owner.server";
import { checkoutBlockers, toPricingLines } from "~/cart/cart-rules";
import type { Cart, CartOwner } from "~/cart/cart-types";
import type { Database } from "~/db/client.server";
import { checkouts } from "~/db/schema";
import { phoneToE164 } from "~/lib/phone";
import { type Branch, getBranch } from "~/orders/branches.server";
import { stockHeldByCart } from "~/orders/orders.server";
import { type DeliveryNeeds, deliveryNeeds } from "~/orders/pickup";
import { type CartSummary, summarizeCart } from "~/pricing/cart-summary";
import { hashPassword } from "~/users/password.server";
import type { Locale, Province, TaxMode } from "~/vocabulary";
import { type ContactForm } from "./checkout-forms";

/**
 * The cart with the stock its own pending orders hold counted as available again: the shopper's
 * unpaid order never makes their own cart look out of stock (placing again cancels it first).
 */
export async function withOwnHeldStock(db: Database, cart: Cart): Promise<Cart> {
  const held = await stockHeldByCart(db, cart.id);
  if (held.size === 0) return cart;
  return { ...cart, lines: cart.lines.map((l) => ({ ...l, stock: l.stock + (held.get(l.productInventoryId) ?? 0) })) };
}

export type CheckoutRow = typeof checkouts.$inferSelect;

/** The steps of docs/product.md#checkout: personal information, delivery, payment. */
export const CHECKOUT_STEPS = [1, 2, 3] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutState {
  cart: Cart;
  checkout: CheckoutRow | null;
  /** The furthest step the shopper may open now. */
  reachable: CheckoutStep;
  needs: DeliveryNeeds;
  branch: Branch | null;
  summary: CartSummary;
  /** Cart rules that keep the cart from checkout (docs/product.md#checkout); the page sends the shopper back to the cart. */
  blockers: ReturnType<typeof checkoutBlockers>;
}

/** Reads a `step` query value: 1, 2 or 3, else 1. */
export function parseStep(value: string | null): CheckoutStep {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

/**
 * The checkout state of the owner's cart in a province, or null when the cart is empty.
 * Step 2 is reachable once step 1 is answered; step 3 once step 2 is answered for what the cart
 * holds now (a private-import line added after step 2 sends the shopper back to choose a branch).
 */
export async function loadCheckout(
  db: Database,
  input: { owner: CartOwner | null; province: Province; locale: Locale; taxMode: TaxMode },
): Promise<CheckoutState | null> {
  if (!input.owner) return null;
  const found = await getCart(db, input.owner, input.province, input.locale);
  if (!found || found.lines.length === 0) return null;
  const cart = await withOwnHeldStock(db, found);
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.cartId, cart.id));
  const needs = deliveryNeeds(cart.lines, input.province);
  const branch = checkout?.branchId ? await getBranch(db, input.province, checkout.branchId) : null;
  const contactDone = Boolean(checkout && checkout.step >= 2 && checkout.email);
  const deliveryDone =
    contactDone &&
    checkout!.step >= 3 &&
    (!needs.branch || branch !== null) &&
    (!needs.boutique || (checkout!.boutiqueCode !== null && needs.boutiques.includes(checkout!.boutiqueCode)));
  return {
    cart,
    checkout: checkout ?? null,
    reachable: deliveryDone ? 3 : contactDone ? 2 : 1,
    needs,
    branch,
    summary: summarizeCart({
      province: input.province,
      taxMode: input.taxMode,
      ...(await ownerPriceBenefits(db, input.owner)),
      lines: toPricingLines(cart.lines),
    }),
    blockers: checkoutBlockers(cart.lines),
  };
}

/** Saves step 1 (docs/product.md#checkout): names, e-mail, phone (E.164), and a guest's wish for an account (password hashed). */
export async function saveContact(db: Database, cartId: number, form: ContactForm): Promise<void> {
  const passwordHash = form.createAccount && form.password ? await hashPassword(form.password) : null;
  const values = {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email.toLowerCase(),
    phone: phoneToE164(form.phone),
    createAccount: Boolean(form.createAccount),
    accountPasswordHash: passwordHash,
    updatedAt: new Date(),
  };
  await db
    .insert(checkouts)
    .values({ cartId, step: 2, ...values })
    .onConflictDoUpdate({ target: checkouts.cartId, set: { ...values, step: sql`greatest(${checkouts.step}, 2)` } });
}

/**
 * Saves step 2: the branch (checked to be of the province) and the boutique.
 * @returns false when the branch is not a branch of the province (nothing saved).
 */
export async function saveDelivery(
  db: Database,
  input: { cartId: number; province: Province; branchId: number | null; boutiqueCode: CheckoutRow["boutiqueCode"] },
): Promise<boolean> {
  if (input.branchId !== null && !(await getBranch(db, input.province, input.branchId))) return false;
  await db
    .update(checkouts)
    .set({ branchId: input.branchId, boutiqueCode: input.boutiqueCode, step: 3, updatedAt: new Date() })
    .where(eq(checkouts.cartId, input.cartId));
  return true;
}
