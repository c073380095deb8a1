import type { ShopContext } from "~/context";
import { countItems } from "./cart.server";
import { readCartOwner } from "./cart-owner.server";

/** Number of items in the visitor's cart of the current province, for the navbar badge. */
export async function countCartItems(shop: ShopContext, request: Request): Promise<number> {
  const owner = await readCartOwner(shop.db, request);
  return owner ? countItems(shop.db, owner, shop.preferences.province) : 0;
}
