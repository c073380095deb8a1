/** /shopping-cart-empty (SPEC §2): the cart has no items. */
import { EmptyCart } from "~/cart/ui/empty-cart";
import { metaT } from "~/seo/meta-text";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/shopping-cart-empty";

/** Title, description, `noindex` (issue 9 §9). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  return privatePageMeta(site, metaT(site?.locale ?? "fr-CA")("cart.title"), "cart");
}

export default function ShoppingCartEmpty() {
  return <EmptyCart />;
}
