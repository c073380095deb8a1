import type { ShopContext } from "~/context";
import { readGuestId } from "~/session.server";
import { countItems } from "./cart.server";

/** Number of items in the visitor's cart of the current province, for the navbar badge. */
export async function countCartItems(shop: ShopContext, request: Request): Promise<number> {
  const guestId = await readGuestId(request);
  if (!guestId) return 0;
  return countItems(shop.db, { guestId }, shop.preferences.province);
}
