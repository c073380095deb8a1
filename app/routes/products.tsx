/**
 * /products (docs/product.md#product-list): the product list with every filter in the URL, facet counts, the price rule
 * of docs/product.md#product-list and pagination. The filter form is a GET form: it works without JavaScript, and with
 * it each change submits at once; back/forward restore each filter state.
 */
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { ProductCardGrid } from "~/cart/ui/product-card-grid";
import { countryName } from "~/catalogue/country-names.server";
import { type FacetOption, productFacetOptions, type UncountedOption } from "~/catalogue/facet-options.server";
import { catalogueChipLabels } from "~/catalogue/filter-chip-labels.server";
import { canonicalLookupHref, productListLookup } from "~/catalogue/lookups";
import { findProduct } from "~/catalogue/lookups.server";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { productFilterChips } from "~/catalogue/product-filter-chips";
import {
  activeFilterCount,
  AVAILABILITY_STATUS_PARAM,
  canonicalListingAliases,
  parseProductFilters,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  productFiltersToSearchParams,
  productListHref,
} from "~/catalogue/product-filters";
import { searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { submitOnChoice } from "~/components/ui/auto-submit";
import { FilterChipList } from "~/components/ui/filter-chips";
import { FilterPanel } from "~/components/ui/filter-panel";
import { ListHeader } from "~/components/ui/list-header";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { SortForm } from "~/components/ui/sort-form";
import { shopContext } from "~/context";
import { notFoundData } from "~/http/not-found";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { tidySearchParams } from "~/lib/url-params";
import { PriceListOptions } from "~/listing/ui/price-list-options";
import { productListMeta } from "~/seo/catalogue-meta";
import { siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/products";

/** The price filter's two bounds: their URL parameter, input name and label key (`filters.min`, `filters.max`). */
const PRICE_BOUNDS = ["min", "max"] as const;

/** Title with the chosen filters and page, a description counting the products, canonical, alternates. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? productListMeta(siteOf(matches), data) : [];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, preferences, locale, t } = context.get(shopContext);
  const reference = await getReferenceData(db);
  const url = new URL(request.url);
  // Decision 051: `?pid=`, `?id=`, `?puid=` name one product: a 301 to its page, or not found.
  const lookup = productListLookup(url.searchParams);
  if (lookup) {
    const found = await findProduct(db, lookup);
    if (!found) throw data(notFoundData("product"), { status: 404 });
    throw redirect(canonicalLookupHref("products", found.slug, url.searchParams, found.productInventoryId), 301);
  }
  // Decision 051: the spec's `inventory=boires` and `sortByOrigin=ASC`, in our words.
  const aliased = canonicalListingAliases(url.searchParams);
  if (aliased) throw redirect(aliased.size ? `/products?${aliased}` : "/products", 301);
  const filters = parseProductFilters(url.searchParams, reference.known);
  // A boutique view's default order is price descending (decision 051): `sort=relevance` stays there.
  const tidy = tidySearchParams(url.searchParams, { sort: filters.defaultSort, page: "1" });
  if (tidy !== null) throw redirect(tidy ? `/products?${tidy}` : "/products");
  const result = await searchProducts(db, reference, filters, {
    province: preferences.province,
    taxMode: preferences.taxMode,
    locale,
  });
  // docs/product.md#product-list: a page beyond the total is clamped to the last page.
  redirectToShownPage(filters.page, result.pagination, (page) => productListHref({ ...filters, page }));
  return {
    title: t("products.title"),
    filters,
    province: preferences.province,
    taxMode: preferences.taxMode,
    filterCount: activeFilterCount(filters),
    chips: productFilterChips(filters, catalogueChipLabels(reference, locale, t)),
    priceErrors: {
      min: url.searchParams.get("min")?.trim() && filters.minCents === null ? "filters.priceNumeric" : null,
      max:
        url.searchParams.get("max")?.trim() && filters.maxCents === null
          ? "filters.priceNumeric"
          : filters.minCents !== null && filters.maxCents === null
            ? "filters.valueRequired"
            : null,
    },
    rawPrices: { min: url.searchParams.get("min") ?? "", max: url.searchParams.get("max") ?? "" },
    items: (await withMainPhotos(db, result.items, locale)).map((item) => ({
      ...item,
      countryName: item.countryCode ? countryName(item.countryCode, locale) : null,
    })),
    pagination: result.pagination,
    facets: productFacetOptions(result.facets, filters, reference, locale, t),
  };
}

function FacetFieldset({
  legend,
  name,
  options,
  long = false,
}: {
  legend: string;
  name: string;
  options: (FacetOption | UncountedOption)[];
  /** A list that may run long (grapes): it scrolls within a bounded height. */
  long?: boolean;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="mb-5" data-testid={`facet-${name}`}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      <ul className={`space-y-1 text-sm ${long ? "max-h-64 overflow-y-auto pr-1" : ""}`}>
        {options.map((o) => (
          <li key={o.value}>
            <label className="flex items-center gap-2">
              <input type="checkbox" name={name} value={o.value} defaultChecked={o.checked} />
              <span className="flex-1">{o.label}</span>
              {o.count === undefined ? null : <span className="text-stone-500">{o.count}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { filters, facets, items, pagination, taxMode, province, filterCount, priceErrors, rawPrices, chips } = loaderData;
  const hrefFor = (page: number) => productListHref({ ...filters, page });
  // The form's key changes with the URL so its checkboxes follow back/forward.
  const formKey = productListHref(filters);
  return (
    <div>
      <ListHeader title={t("products.title")} countText={t("products.count", { count: pagination.total })}>
        <SortForm
          action="/products"
          name="sort"
          value={filters.sort}
          label={t("filters.sort")}
          submitLabel={t("filters.sortApply")}
          options={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`filters.sorts.${s}`) }))}
          hidden={[...productFiltersToSearchParams({ ...filters, sort: filters.defaultSort, page: 1 })]}
        />
      </ListHeader>
      <FilterChipList {...chips} />
      {/* Keyed by the filters, so its hidden fields and defaults follow back/forward. */}
      <PriceListOptions key={formKey} filters={filters} taxMode={taxMode} province={province} />
      <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <FilterPanel id="filters-toggle" label={t("filters.title")} toggleLabel={t("filters.open", { count: filterCount })}>
          <Form
            key={formKey}
            method="get"
            // Back/forward must show the URL's filters, not the browser's remembered checkboxes.
            autoComplete="off"
            action="/products"
            onChange={submitOnChoice(submit)}
            data-testid="product-filters"
          >
            {filters.text ? <input type="hidden" name="t" value={filters.text} /> : null}
            {filters.size !== PRODUCT_PAGE_SIZE ? <input type="hidden" name="size" value={filters.size} /> : null}
            {facets.otherAttributes.map((id) => (
              <input key={id} type="hidden" name="a" value={id} />
            ))}
            {/* The sort order has its own form beside the count; a filter change keeps it. */}
            {filters.sort !== filters.defaultSort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
            <FacetFieldset legend={t("filters.availability")} name="inventory" options={facets.inventories} />
            <FacetFieldset legend={t("filters.availabilityStatus")} name={AVAILABILITY_STATUS_PARAM} options={facets.statuses} />
            <FacetFieldset legend={t("filters.type")} name="type" options={facets.types} />
            <FacetFieldset legend={t("filters.color")} name="a" options={facets.colors} />
            <FacetFieldset legend={t("filters.characteristics")} name="a" options={facets.characteristics} />
            <FacetFieldset legend={t("filters.country")} name="c" options={facets.countries} />
            <FacetFieldset legend={t("filters.region")} name="r" options={facets.regions} />
            <FacetFieldset legend={t("filters.grape")} name="grape" options={facets.grapes} long />
            <fieldset className="mb-5">
              <legend className="mb-1 font-semibold">
                {t("filters.price")} ({taxMode === "IN" ? t("price.taxIn") : t("price.taxOut")})
              </legend>
              <div className="flex gap-2 text-sm">
                {PRICE_BOUNDS.map((bound) => (
                  <label key={bound} className="flex-1">
                    <span className="block">{t(`filters.${bound}`)}</span>
                    <input
                      name={bound}
                      inputMode="decimal"
                      defaultValue={rawPrices[bound]}
                      aria-invalid={priceErrors[bound] ? true : undefined}
                      aria-describedby={priceErrors[bound] ? `${bound}-error` : undefined}
                      className="w-full rounded border border-stone-300 p-1"
                    />
                  </label>
                ))}
              </div>
              {PRICE_BOUNDS.map((bound) => {
                const error = priceErrors[bound];
                return error ? (
                  <p key={bound} id={`${bound}-error`} className="mt-1 text-sm text-red-700">
                    {t(error)}
                  </p>
                ) : null;
              })}
              <p className="mt-1 text-xs text-stone-600">{t("filters.priceHint")}</p>
            </fieldset>
            <div className="flex items-center gap-3">
              <button type="submit" className="rounded bg-wine-700 px-4 py-1.5 text-white">
                {t("filters.apply")}
              </button>
              {filterCount > 0 ? (
                <Link to="/products" className="text-sm underline">
                  {t("filters.reset")}
                </Link>
              ) : null}
            </div>
          </Form>
        </FilterPanel>
        <section aria-labelledby="results-title" aria-busy={navigation.state === "loading"}>
          {/* The cards' names are h3: this heading keeps the levels from skipping (Lighthouse heading-order). */}
          <h2 id="results-title" className="sr-only">
            {t("products.results")}
          </h2>
          {items.length === 0 ? (
            <p className="py-12 text-center text-stone-600">{t("common.noRecords")}</p>
          ) : (
            <ProductCardGrid items={items} taxMode={taxMode} visitorProvince={province} priorityFirst />
          )}
          <PaginationNav pagination={pagination} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}
