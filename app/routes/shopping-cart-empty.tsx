/** /shopping-cart-empty (SPEC §2): the cart has no items. */
import { EmptyCart } from "~/cart/ui/empty-cart";

export function meta() {
  return [{ title: "Cuvée" }];
}

export default function ShoppingCartEmpty() {
  return <EmptyCart />;
}
