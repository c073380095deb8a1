/**
 * /boutiques/{city}: one store of the agency. Opening a store of the other province
 * switches the shop to that province (the root middleware, `provinceOfPage`); a logged-in
 * customer of the other province is asked first on /province (docs/product.md#province-switch; decision 028). An unknown
 * city is a 404.
 */
import { data } from "react-router";
import { shopContext } from "~/context";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { storeBySlug } from "~/stores/store-directory";
import { storeView } from "~/stores/store-view.server";
import { StorePage } from "~/stores/ui/store-page";
import type { Route } from "./+types/store";

/** Title, description, canonical, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta(siteOf(matches), { title: data.title, description: data.description, path: `/boutiques/${data.store.slug}` });
}

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeBySlug(params.city);
  if (!store) throw data(null, { status: 404 });
  const shop = context.get(shopContext);
  return {
    title: shop.t(boutiqueNameKey(store.inventoryCode)),
    description: shop.t(`stores.${store.slug}.sells`),
    store: storeView(store, shop.locale),
  };
}

export default function Store({ loaderData }: Route.ComponentProps) {
  return <StorePage store={loaderData.store} />;
}
