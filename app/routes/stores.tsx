/**
 * /boutiques: the agency's three stores, each linking to its page. Public, the same
 * for everyone.
 */
import { shopContext } from "~/context";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { STORES } from "~/stores/store-directory";
import { storeView } from "~/stores/store-view.server";
import { StoresList } from "~/stores/ui/store-page";
import type { Route } from "./+types/stores";

/** Title, description, canonical, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? seoMeta(siteOf(matches), { title: data.title, description: data.description, path: "/boutiques" }) : [];
}

export function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return {
    title: shop.t("stores.title"),
    description: shop.t("stores.intro"),
    stores: STORES.map((store) => storeView(store, shop.locale)),
  };
}

export default function Stores({ loaderData }: Route.ComponentProps) {
  return <StoresList stores={loaderData.stores} />;
}
