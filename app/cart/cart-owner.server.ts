/**
 * Whose cart it is (issue 7 §0.3), decided in one place for the cart page, the header count, the
 * cart actions and checkout: today the guest of the signed session (SPEC §4 guest identity); the
 * accounts issue adds the logged-in customer here, and every caller follows.
 */
import type { Database } from "~/db/client.server";
import { ensureGuestId, readGuestId } from "~/session.server";
import type { CartOwner } from "./cart-types";
import { touchGuestCarts } from "./guest-carts.server";

/** The visitor's cart owner for reading, or null when the visitor has no identity yet (no cart). */
export async function readCartOwner(request: Request): Promise<CartOwner | null> {
  const guestId = await readGuestId(request);
  return guestId ? { guestId } : null;
}

/**
 * The visitor's cart owner for a change: creates the guest identity when missing, renews the
 * session and touches the guest's carts (every province) so the sweep never takes the one about
 * to change (issue 6 §5).
 * @returns the owner and the `Set-Cookie` value the response must carry.
 */
export async function ensureCartOwner(db: Database, request: Request): Promise<{ owner: CartOwner; setCookie: string }> {
  const { guestId, setCookie } = await ensureGuestId(request);
  await touchGuestCarts(db, guestId);
  return { owner: { guestId }, setCookie };
}
