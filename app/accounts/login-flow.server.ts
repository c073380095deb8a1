/**
 * What logging in and the province rule do beyond the session (docs/product.md#accounts). A customer
 * belongs to one province:
 * - logging in puts the shop in the customer's province, merges the guest's cart of that
 *   province into the customer's cart and the guest's recently viewed products into the
 *   customer's, and links the guest's orders placed with the account's e-mail in this browser;
 * - switching to the other province while logged in logs out, clears the cart, starts a new
 *   guest identity and goes to /login; only the confirmation page's POST (/province) does it,
 *   the switch and the `/qc` / `/on` / store pages lead there (decision 028).
 */
import { clearCustomerCarts, mergeGuestCart } from "~/cart/cart.server";
import { deleteGuestCarts } from "~/cart/guest-carts.server";
import type { Database } from "~/db/client.server";
import type { Preferences } from "~/preferences/preferences";
import { serializePreferences } from "~/preferences/preferences.server";
import { mergeGuestRecents } from "~/recently-viewed/recently-viewed.server";
import { readSession } from "~/session.server";
import { endUserSession, startUserSession, type User } from "~/users/users.server";
import type { Province } from "~/vocabulary";
import { linkGuestOrders } from "./guest-orders.server";

/**
 * Logs a user in (login and registration): a rotated session with its row, the shop switched to
 * the user's province, the guest's cart of that province merged into the customer's, and the
 * guest's orders with the user's e-mail linked to the account.
 * @returns the headers (Set-Cookie of the session, and of the preferences when the province changed)
 *   for the redirect that follows.
 */
export async function logIn(
  db: Database,
  request: Request,
  user: Pick<User, "id" | "province" | "email">,
  preferences: Preferences,
): Promise<Headers> {
  const guestId = (await readSession(request))?.guestId;
  const headers = new Headers();
  headers.append("Set-Cookie", await startUserSession(db, request, user.id));
  if (guestId) {
    await mergeGuestCart(db, guestId, user.id, user.province);
    await linkGuestOrders(db, user, { guestId });
    // Decision 041: what the guest viewed joins the customer's recently viewed products.
    await mergeGuestRecents(db, guestId, user.id);
  }
  if (preferences.province !== user.province) {
    headers.append("Set-Cookie", await serializePreferences({ ...preferences, province: user.province }));
  }
  return headers;
}

/**
 * Whether a logged-in user moving the shop to `province` must be logged out (docs/product.md#accounts): a
 * customer of the other province. Staff work across provinces and stay logged in.
 */
export function mustLeaveForProvince(user: Pick<User, "role" | "province"> | null, province: Province): user is User {
  return user !== null && user.role === "customer" && user.province !== province;
}

/**
 * The province switch of a logged-in customer (docs/product.md#province-switch): the customer's cart is cleared, the
 * session ends (its row deleted, a new guest identity), the guest's old carts go, and the shop is
 * now in `province`.
 * @returns the headers (Set-Cookie of the new guest session and of the preferences) for the
 *   redirect to /login.
 */
export async function leaveForProvince(
  db: Database,
  request: Request,
  user: Pick<User, "id">,
  preferences: Preferences,
  province: Province,
): Promise<Headers> {
  const oldGuestId = (await readSession(request))?.guestId;
  await clearCustomerCarts(db, user.id);
  if (oldGuestId) await deleteGuestCarts(db, oldGuestId);
  const headers = new Headers();
  headers.append("Set-Cookie", await endUserSession(db, request));
  headers.append("Set-Cookie", await serializePreferences({ ...preferences, province }));
  return headers;
}
