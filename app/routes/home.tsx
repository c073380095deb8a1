/**
 * Home (docs/product.md#provinces-and-languages `/:region(on|qc)?`): `/qc` and `/on` set the province (done by the root
 * middleware); any other single path segment is not found. Its selection, new arrivals and coming
 * soon are the staff's carousels of the visitor's province (docs/decisions/047-carousels.md); a
 * product shows once, in the first carousel holding it, and a carousel with no card left is left out.
 * Until staff make the selection's carousel, it shows the province's first products.
 */
import { data, Link } from "react-router";
import { CAROUSEL_GROUPS } from "~/carousels/carousel-groups";
import { type CarouselCard, listedProductCards, readCarousel } from "~/carousels/carousels.server";
import { CarouselCards } from "~/carousels/ui/carousel-cards";
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

/** Products the home selection shows before staff arrange its carousel: the list's first ones. */
const UNARRANGED_SELECTION_SIZE = 6;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.region !== undefined && provinceFromPathSegment(params.region) === null) {
    throw data(null, { status: 404 });
  }
  const { db, preferences, locale, t } = context.get(shopContext);
  const reference = await getReferenceData(db);
  const visitor = { province: preferences.province, taxMode: preferences.taxMode, locale };
  const [result, [selection, ...others]] = await Promise.all([
    // The count of the province's list, for the "see the N products" link, and its first products:
    // the selection of a shop whose staff have not arranged one yet.
    searchProducts(db, reference, parseProductFilters(new URLSearchParams(), reference.known), {
      ...visitor,
      pageSize: UNARRANGED_SELECTION_SIZE,
    }),
    Promise.all(CAROUSEL_GROUPS.map((group) => readCarousel(db, group, visitor))),
  ]);
  // Each product once on the page (decision 040): in the first carousel that holds it.
  const shown = new Set<number>();
  const firstTime = (card: CarouselCard) => {
    if (card.kind !== "product") return true;
    if (shown.has(card.product.productId)) return false;
    shown.add(card.product.productId);
    return true;
  };
  return {
    title: t("home.metaTitle"),
    description: t("home.metaDescription"),
    province: preferences.province,
    taxMode: preferences.taxMode,
    productCount: result.pagination.total,
    typeCodes: reference.productTypes.map((type) => type.code),
    selection: (selection!.arranged ? selection!.cards : await listedProductCards(db, result.items, locale)).filter(firstTime),
    others: others
      .map((carousel) => ({ ...carousel, cards: carousel.cards.filter(firstTime) }))
      .filter((carousel) => carousel.cards.length > 0),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { province, typeCodes, selection, others, taxMode, productCount } = loaderData;
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
      {selection.length > 0 ? (
        <section className="mt-10" aria-labelledby="selection-title" data-testid="carousel-home-selection">
          <h2 id="selection-title" className="mb-3 font-serif text-2xl">
            {t("home.selection")}
          </h2>
          <CarouselCards cards={selection} taxMode={taxMode} visitorProvince={province} className="lg:grid-cols-3" />
        </section>
      ) : null}
      {others.map((carousel) => (
        <section
          key={carousel.group}
          className="mt-10"
          aria-labelledby={`${carousel.group}-title`}
          data-testid={`carousel-${carousel.group}`}
        >
          <h2 id={`${carousel.group}-title`} className="mb-3 font-serif text-2xl">
            {carousel.name}
          </h2>
          <CarouselCards cards={carousel.cards} taxMode={taxMode} visitorProvince={province} className="lg:grid-cols-3" />
        </section>
      ))}
    </div>
  );
}
