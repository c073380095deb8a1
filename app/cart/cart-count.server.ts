import type { ShopContext } from "~/context";

/** Number of items in the visitor's cart for the navbar badge (replaced by the cart issue). */
export async function countCartItems(_shop: ShopContext, _request: Request): Promise<number> {
  return 0;
}
