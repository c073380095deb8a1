/**
 * Home (SPEC §2 `/:region(on|qc)?`): `/qc` and `/on` set the province (done by the root
 * middleware); any other single path segment is not found.
 */
import { data, Link } from "react-router";
import { ProductCardGrid } from "~/cart/ui/product-card-grid";
import { countryName } from "~/catalogue/country-names.server";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { shopContext } from "~/context";
import { useT } from "~/i18n/translation";
import { provinceFromPathSegment } from "~/preferences/preferences";
import { seoMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/home";

/** Title, description, canonical (`/qc` is `/`; `/on` is Ontario's own home), alternates, OpenGraph. */
export function meta({ data, params, matches }: Route.MetaArgs) {
  if (!data) return [];
  const path = params.region === "on" ? "/on" : "/";
  return seoMeta(siteOf(matches), { title: data.title, description: data.description, path });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.region !== undefined && provinceFromPathSegment(params.region) === null) {
    throw data(null, { status: 404 });
  }
  const { db, preferences, locale, t } = context.get(shopContext);
  const reference = await getReferenceData(db);
  const result = await searchProducts(db, reference, parseProductFilters(new URLSearchParams(), reference.known), {
    province: preferences.province,
    taxMode: preferences.taxMode,
    locale,
    pageSize: 6,
  });
  return {
    title: t("home.metaTitle"),
    description: t("home.metaDescription"),
    province: preferences.province,
    taxMode: preferences.taxMode,
    productCount: result.pagination.total,
    typeCodes: reference.productTypes.map((type) => type.code),
    items: (await withMainPhotos(db, result.items, locale)).map((item) => ({
      ...item,
      countryName: item.countryCode ? countryName(item.countryCode, locale) : null,
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { province, typeCodes, items, taxMode, productCount } = loaderData;
  return (
    <div>
      <section className="rounded-lg bg-wine-800 px-6 py-12 text-white">
        <h1 className="font-serif text-4xl">{t("home.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg">{t(`home.intro.${province}`)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/products" className="rounded bg-white px-4 py-2 font-semibold text-wine-800">
            {t("home.browseProducts", { count: productCount })}
          </Link>
          <Link to="/providers" className="rounded border border-white px-4 py-2">
            {t("home.browseProducers")}
          </Link>
        </div>
      </section>
      <section className="mt-10" aria-labelledby="types-title">
        <h2 id="types-title" className="mb-3 font-serif text-2xl">
          {t("home.byType")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {typeCodes.map((code) => (
            <li key={code}>
              <Link to={`/products?type=${code}`} className="block rounded-full border border-stone-300 px-4 py-1 hover:bg-wine-50">
                {t(productTypeLabelKey(code))}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-10" aria-labelledby="selection-title">
        <h2 id="selection-title" className="mb-3 font-serif text-2xl">
          {t("home.selection")}
        </h2>
        <ProductCardGrid items={items} taxMode={taxMode} visitorProvince={province} className="lg:grid-cols-3" />
      </section>
    </div>
  );
}
