/**
 * Who may cancel a pending order (docs/decisions/031): anyone holding its link may pay it (a
 * friend paying, another device of the shopper), but only the browser identity (guest id, kept
 * through a login) or the customer that placed it, or a staff user, may cancel it, which gives
 * its stock back and closes its payment.
 */
import type { Database } from "~/db/client.server";
import type { Order } from "~/orders/orders.server";
import { readSession } from "~/session.server";
import { readUser } from "~/users/users.server";

/**
 * Whether the visitor making `request` placed `order` or is staff.
 * @returns true for the order's guest identity, its customer (logged in), or a staff user.
 */
export async function mayCancelOrder(db: Database, request: Request, order: Pick<Order, "guestId" | "customerId">): Promise<boolean> {
  const session = await readSession(request);
  if (order.guestId && session?.guestId === order.guestId) return true;
  const user = await readUser(db, request);
  if (!user) return false;
  return user.role === "staff" || (order.customerId !== null && user.id === order.customerId);
}
