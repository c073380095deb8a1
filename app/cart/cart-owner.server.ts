/**
 * Whose cart it is, decided in one place for the cart page, the header
 * count, the cart actions and checkout: the logged-in customer (one cart per province, kept across
 * logins), otherwise the guest of the signed session (docs/product.md#guests guest identity).
 * The guest identity is created by the first cart write, never by a visit: see
 * docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md.
 */
import type { Database } from "~/db/client.server";
import { ensureGuestId, readGuestId } from "~/session.server";
import { hasActiveMembership, type PriceBenefits, priceBenefitsOf } from "~/users/membership.server";
import { readUser } from "~/users/users.server";
import type { CartOwner } from "./cart-types";
import { touchGuestCarts } from "./guest-carts.server";

/** The visitor's cart owner for reading, or null when the visitor has no identity yet (no cart). */
export async function readCartOwner(db: Database, request: Request): Promise<CartOwner | null> {
  const user = await readUser(db, request);
  if (user) return { customerId: user.id };
  const guestId = await readGuestId(request);
  return guestId ? { guestId } : null;
}

/**
 * The visitor's cart owner for a change: creates the guest identity when missing and renews the
 * session; a guest's carts (every province) are touched so the sweep never takes the one about to
 * change. A logged-in customer owns the cart.
 * @returns the owner and the `Set-Cookie` value the response must carry.
 */
export async function ensureCartOwner(db: Database, request: Request): Promise<{ owner: CartOwner; setCookie: string }> {
  const { guestId, setCookie } = await ensureGuestId(request);
  const user = await readUser(db, request);
  if (user) return { owner: { customerId: user.id }, setCookie };
  await touchGuestCarts(db, guestId);
  return { owner: { guestId }, setCookie };
}

/**
 * Whether the cart's owner gets member prices (docs/product.md#members): a customer with a running membership;
 * a guest never.
 */
export function ownerIsMember(db: Database, owner: CartOwner | null, now = new Date()): Promise<boolean> {
  return owner && "customerId" in owner ? hasActiveMembership(db, owner.customerId, now) : Promise.resolve(false);
}

/**
 * The price benefits of the cart's owner (decision 048): a customer's running membership and
 * discovery package; a guest has neither. What `summarizeCart` takes as `isMember` and
 * `isDiscoverySubscriber`.
 */
export function ownerPriceBenefits(db: Database, owner: CartOwner | null, now = new Date()): Promise<PriceBenefits> {
  return owner && "customerId" in owner
    ? priceBenefitsOf(db, owner.customerId, now)
    : Promise.resolve({ isMember: false, isDiscoverySubscriber: false });
}
