/** /shopping-cart-empty (docs/product.md#cart): the cart has no items. */
import { EmptyCart } from "~/cart/ui/empty-cart";
import { translatorFor } from "~/i18n/translator";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/shopping-cart-empty";

/** Title, description, `noindex`. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  return privatePageMeta(site, translatorFor(site?.locale ?? "fr-CA")("cart.title"), "cart");
}

export default function ShoppingCartEmpty() {
  return <EmptyCart />;
}
