/**
 * /providers (docs/product.md#producers Producers listing): tiles (default) or list view kept in the prefs cookie,
 * the country → region tree filter as a GET form of checkboxes, page sizes of docs/product.md#producers, grouped by
 * country; the list view's product lists are <details> that open without JavaScript. The filters
 * are a collapsible column on desktop and a drawer with Cancel and Filter on phones; a loading
 * overlay covers the results while they load (JavaScript); a list that fails to load says so
 * (docs/decisions/043-filter-chips-and-producer-filters.md).
 */
import { useCallback, useEffect, useRef } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  useSubmit,
} from "react-router";
import { catalogueChipLabels } from "~/catalogue/filter-chip-labels.server";
import { buildFilterTree, providerFilterCount, type TreeNode } from "~/catalogue/filter-tree";
import { canonicalLookupHref, notFoundHref, providerIdOf } from "~/catalogue/lookups";
import { findProviderSlug } from "~/catalogue/lookups.server";
import { withProviderPictures } from "~/catalogue/photos-on-pages.server";
import { providerFilterChips } from "~/catalogue/provider-filter-chips";
import {
  DEFAULT_PROVIDER_PAGE_SIZE,
  pageSizeForWidth,
  parseProviderFilters,
  providerListHref,
  withPageSize,
} from "~/catalogue/provider-filters";
import { listProviders, type ProviderCard, type ProviderGroup } from "~/catalogue/providers.server";
import { getReferenceData, localizedName } from "~/catalogue/reference.server";
import { PICTURE_SIZES, ProviderImage } from "~/catalogue/ui/catalogue-image";
import { submitOnChoice } from "~/components/ui/auto-submit";
import { ErrorIdentityList } from "~/components/ui/error-page";
import { FilterChipList } from "~/components/ui/filter-chips";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { shopContext } from "~/context";
import { errorIdentity } from "~/http/app-code";
import { channelNameKey } from "~/i18n/channel-names";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { tidySearchParams } from "~/lib/url-params";
import { PrintProvidersLink } from "~/listing/ui/print-providers-link";
import { RequestReference } from "~/observability/request-reference";
import { providerListMeta } from "~/seo/catalogue-meta";
import { documentTitle, siteOf } from "~/seo/page-meta";
import type { Locale } from "~/vocabulary";
import type { Route } from "./+types/providers";

/** Title with the searched text and page, description, canonical, alternates. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? providerListMeta(siteOf(matches), data) : [];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, preferences, locale, t } = context.get(shopContext);
  const reference = await getReferenceData(db);
  const url = new URL(request.url);
  if (url.searchParams.has("id")) {
    // Decision 051: `/providers?id=56` answers a 301 to the producer's slug URL.
    const id = providerIdOf(null, url.searchParams);
    const slug = id === null ? null : await findProviderSlug(db, id);
    if (slug) throw redirect(canonicalLookupHref("providers", slug, url.searchParams), 301);
    // Not this route's 404: its error boundary says the list is unavailable. The not-found page says it.
    throw redirect(notFoundHref("provider", url.searchParams));
  }
  const tidy = tidySearchParams(url.searchParams, { page: "1" });
  if (tidy !== null) throw redirect(tidy ? `/providers?${tidy}` : "/providers");
  const filters = parseProviderFilters(url.searchParams, preferences.province);
  // A failure here reaches this route's ErrorBoundary: "Le contenu des producteurs n'est pas disponible".
  const view = preferences.view;
  const result = await listProviders(db, reference, filters, locale, view === "list");
  redirectToShownPage(filters.page, result.pagination, (page) => providerListHref({ ...filters, page }));
  return {
    title: t("providers.title"),
    filters,
    view,
    groups: await withPictures(db, result.groups, locale),
    pagination: result.pagination,
    tree: buildFilterTree(result.treeCountries, filters, t("filters.all")),
    attributes: reference.attributes
      .filter((a) => a.typeCode === "PROVIDER")
      .map((a) => ({ id: a.id, name: localizedName(a, locale), checked: filters.attributes.includes(a.id) })),
    filterCount: providerFilterCount(filters),
    chips: providerFilterChips(filters, catalogueChipLabels(reference, locale, t)),
  };
}

/** The page's producers with their photo and logo, read in one query for the whole page. */
async function withPictures(db: Parameters<typeof withProviderPictures>[0], groups: readonly ProviderGroup[], locale: Locale) {
  const pictured = new Map(
    (
      await withProviderPictures(
        db,
        groups.flatMap((g) => g.providers),
        locale,
      )
    ).map((p) => [p.id, p]),
  );
  return groups.map((group) => ({ ...group, providers: group.providers.map((p) => pictured.get(p.id)!) }));
}

function Origin({ provider }: { provider: ProviderCard }) {
  const first = provider.origins[0];
  if (!first) return null;
  return <p className="text-sm text-stone-600">{[first.countryName, first.regionName].filter(Boolean).join(" · ")}</p>;
}

function TreeCheckboxes({ node }: { node: TreeNode }) {
  return (
    <ul className="ml-4 space-y-1">
      {node.children.map((child) => (
        <li key={child.id}>
          <label className={`flex items-center gap-2 ${child.disabled ? "text-stone-400" : ""}`}>
            <input
              type="checkbox"
              name={child.kind === "country" ? "c" : "r"}
              value={child.value}
              defaultChecked={child.checked}
              disabled={child.disabled}
              data-node-id={child.id}
            />
            {child.label}
          </label>
          {child.children.length > 0 ? <TreeCheckboxes node={child} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The lg breakpoint (app/app.css): from it the filters are a column that applies each choice at once. */
const DESKTOP_QUERY = "(min-width: 1366px)";

export default function ProvidersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const submit = useSubmit();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const drawerToggle = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const { filters, view, groups, pagination, tree, attributes, filterCount, chips } = loaderData;
  const hrefFor = (page: number) => providerListHref({ ...filters, page });
  // docs/product.md#producers: the overlay shows while this list loads, and goes on success or failure.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/providers";
  // The server renders the phone size (it cannot see the screen); with JavaScript a wide screen
  // gets the spec's 51 or 52 per page, replacing the URL so back/forward stay as they were.
  useEffect(() => {
    if (filters.size !== DEFAULT_PROVIDER_PAGE_SIZE) return;
    const size = pageSizeForWidth(window.innerWidth);
    if (size !== filters.size) {
      void navigate(providerListHref(withPageSize(filters, size)), { replace: true, preventScrollReset: true });
    }
  }, [filters, navigate]);
  // Any new list (Filter, a chip, Reset, a page) closes the phone drawer.
  useEffect(() => {
    if (drawerToggle.current) drawerToggle.current.checked = false;
  }, [location.key]);
  // Cancel (its link, or Escape in the open drawer): the drawer closes and its choices go back to
  // the list's, without loading anything.
  const cancel = useCallback((event: { preventDefault(): void }) => {
    event.preventDefault();
    form.current?.reset();
    if (drawerToggle.current) {
      drawerToggle.current.checked = false;
      drawerToggle.current.focus();
    }
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && drawerToggle.current?.checked && !window.matchMedia(DESKTOP_QUERY).matches) cancel(event);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [cancel]);
  const currentHref = providerListHref(filters);
  return (
    // `print-landscape`: the browser prints this page on A4 landscape (app/app.css).
    <div className="print-landscape">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">{t("providers.title")}</h1>
        <PrintProvidersLink />
        <Form method="post" action="/preferences" className="flex gap-1 print:hidden" aria-label={t("providers.view")}>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {(["tiles", "list"] as const).map((v) => (
            <button
              key={v}
              type="submit"
              name="view"
              value={v}
              aria-pressed={view === v}
              className={`rounded border px-3 py-1 text-sm ${view === v ? "bg-wine-700 text-white" : ""}`}
            >
              {t(`providers.views.${v}`)}
            </button>
          ))}
        </Form>
      </div>
      <div className="print:hidden">
        <FilterChipList {...chips} />
      </div>
      <div className="lg:flex lg:items-start lg:gap-8 print:block">
        {/* Desktop: a column its summary collapses (open by default). Phones: the summary is not
            shown, the details stay open, and a checkbox's label opens the fields as a drawer. */}
        <details open className="group/column print:hidden lg:shrink-0 lg:open:w-64" data-testid="provider-filter-column">
          <summary className="mb-3 hidden min-h-8 cursor-pointer items-center gap-2 rounded border border-stone-300 bg-white px-3 py-1 text-sm lg:inline-flex">
            <span className="group-open/column:hidden">{t("providers.filterColumn.show", { count: filterCount })}</span>
            <span className="hidden group-open/column:inline">{t("providers.filterColumn.hide")}</span>
          </summary>
          <input ref={drawerToggle} type="checkbox" id="provider-filters-toggle" className="peer sr-only lg:hidden" />
          <label
            htmlFor="provider-filters-toggle"
            className="mb-3 inline-block min-h-6 cursor-pointer rounded border border-stone-300 bg-white px-3 py-1 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine-600 lg:hidden"
          >
            {t("filters.open", { count: filterCount })}
          </label>
          <div
            // A phone's drawer: its fields scroll between the heading and the buttons (nothing under them).
            className="fixed inset-y-0 left-0 z-50 hidden w-full max-w-[414px] flex-col bg-white p-4 shadow-[0_0_0_100vmax_rgb(28_25_23/0.5)] peer-checked:flex lg:static lg:z-auto lg:block lg:w-auto lg:max-w-none lg:p-0 lg:shadow-none"
            data-testid="provider-filter-drawer"
          >
            <aside aria-labelledby="provider-filters-title" className="flex min-h-0 flex-1 flex-col lg:block">
              <h2 id="provider-filters-title" className="mb-3 font-serif text-xl lg:sr-only">
                {t("filters.title")}
              </h2>
              <Form
                ref={form}
                key={location.search}
                method="get"
                // Back/forward must show the URL's filters, not the browser's remembered checkboxes.
                autoComplete="off"
                action="/providers"
                // The desktop column applies each choice at once; the drawer waits for Filter or Cancel.
                onChange={(event) => {
                  if (window.matchMedia(DESKTOP_QUERY).matches) submitOnChoice(submit)(event);
                }}
                data-testid="provider-filters"
                className="flex min-h-0 flex-1 flex-col lg:block"
              >
                <div className="min-h-0 flex-1 overflow-y-auto lg:overflow-visible">
                  {filters.provinceInUrl ? <input type="hidden" name="type" value={filters.province} /> : null}
                  {filters.size !== 20 ? <input type="hidden" name="size" value={filters.size} /> : null}
                  <label className="mb-4 block text-sm">
                    <span className="mb-1 block font-semibold">{t("providers.search")}</span>
                    <input name="t" defaultValue={filters.text} className="w-full rounded border border-stone-300 p-1" />
                  </label>
                  <fieldset className="mb-4 text-sm">
                    <legend className="mb-1 font-semibold">{t("filters.origin")}</legend>
                    <p className="flex items-center gap-2" data-node-id={tree.id}>
                      <span aria-hidden="true">{tree.checked ? "☑" : "☐"}</span> {tree.label}
                    </p>
                    <TreeCheckboxes node={tree} />
                  </fieldset>
                  {attributes.length ? (
                    <fieldset className="mb-4 text-sm">
                      <legend className="mb-1 font-semibold">{t("filters.characteristics")}</legend>
                      {attributes.map((a) => (
                        <label key={a.id} className="flex items-center gap-2 py-0.5">
                          <input type="checkbox" name="a" value={a.id} defaultChecked={a.checked} />
                          {a.name}
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </div>
                {/* On phones the buttons stay at the drawer's foot. */}
                <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-3 lg:border-0 lg:pt-0">
                  {/* Without JavaScript, the same list again (the drawer closed, the choices undone). */}
                  <Link
                    to={currentHref}
                    onClick={cancel}
                    className="inline-flex min-h-8 items-center rounded border border-wine-700 px-4 py-1.5 text-wine-800 lg:hidden"
                  >
                    {t("filters.cancel")}
                  </Link>
                  <button type="submit" className="min-h-8 rounded bg-wine-700 px-4 py-1.5 text-white">
                    {t("filters.apply")}
                  </button>
                  {filterCount > 0 ? (
                    <Link to={filters.provinceInUrl ? `/providers?type=${filters.province}` : "/providers"} className="text-sm underline">
                      {t("filters.reset")}
                    </Link>
                  ) : null}
                </div>
              </Form>
            </aside>
          </div>
        </details>
        <section aria-label={t("providers.results")} aria-busy={loading} className="relative min-w-0 flex-1">
          <p role="status" className="sr-only">
            {loading ? t("providers.loading") : ""}
          </p>
          {loading ? (
            <div aria-hidden="true" data-testid="providers-loading" className="absolute inset-0 z-10 flex justify-center bg-white/70 pt-24">
              <span className="sticky top-1/3 flex h-fit items-center gap-3 rounded bg-white px-4 py-2 shadow">
                <span className="h-5 w-5 rounded-full border-2 border-wine-100 border-t-wine-700 motion-safe:animate-spin" />
                {t("providers.loading")}
              </span>
            </div>
          ) : null}
          {groups.length === 0 ? <p className="py-12 text-center text-stone-600">{t("common.noRecords")}</p> : null}
          {groups.map((group) => (
            <section key={group.countryCode} className="mb-8" aria-labelledby={`country-${group.countryCode}`}>
              <h2 id={`country-${group.countryCode}`} className="mb-3 border-b border-stone-200 font-serif text-xl">
                {group.countryName}
              </h2>
              {view === "tiles" ? (
                <ul
                  className="grid grid-cols-tiles gap-4 lg:grid-cols-3 xl:grid-cols-4 print:grid-cols-4 print:gap-2"
                  data-testid="provider-tiles"
                >
                  {group.providers.map((provider) => (
                    <li
                      key={provider.id}
                      className="break-inside-avoid rounded border border-stone-200 bg-white p-3"
                      data-testid="provider-card"
                    >
                      <Link to={`/providers/${provider.slug}`} className="flex items-center gap-3">
                        <ProviderImage provider={provider} sizes={PICTURE_SIZES.providerCard} className="h-16 w-16 shrink-0 rounded" />
                        <div>
                          <h3 className="font-semibold hover:text-wine-700">{provider.name}</h3>
                          <Origin provider={provider} />
                        </div>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <ul className="divide-y divide-stone-200" data-testid="provider-list">
                  {group.providers.map((provider) => (
                    <li key={provider.id} className="py-2" data-testid="provider-card">
                      <details>
                        <summary className="flex items-center gap-3">
                          <ProviderImage provider={provider} sizes={PICTURE_SIZES.providerCard} className="h-10 w-10 shrink-0 rounded" />
                          <span className="font-semibold">{provider.name}</span>
                          <Origin provider={provider} />
                          <span className="ml-auto text-sm text-stone-500">
                            {t("providers.productCount", { count: provider.products.length })}
                          </span>
                        </summary>
                        <ul className="ml-14 mt-2 space-y-1 text-sm">
                          {provider.products.map((p) => (
                            <li key={p.productInventoryId}>
                              <Link to={`/products/${p.slug}?id=${p.productInventoryId}`} className="hover:underline">
                                {p.name}
                                {p.vintage ? ` ${p.vintage}` : ""}
                              </Link>{" "}
                              <span className="text-stone-500">· {t(channelNameKey(p.inventoryCode))}</span>
                            </li>
                          ))}
                          <li>
                            <Link to={`/providers/${provider.slug}`} className="text-wine-700 underline">
                              {t("providers.open", { name: provider.name })}
                            </Link>
                          </li>
                        </ul>
                      </details>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <div className="print:hidden">
            <PaginationNav pagination={pagination} hrefFor={hrefFor} />
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * The list could not be loaded (docs/product.md#producers: "The provider content is unavailable"): the page keeps
 * its title and says so, with a link that tries the same list again. A database outage never gets
 * here (the root answers it with a 503 page, decision 029).
 */
export function ErrorBoundary() {
  const { t } = useT();
  const location = useLocation();
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  // "The provider content is unavailable", with the status, application code and reference.
  const { status, appCode } = errorIdentity(response);
  return (
    <div>
      {/* The route's meta has no data here: the page still has a title (React puts it in the head). */}
      <title>{documentTitle(t("providers.title"))}</title>
      <h1 className="mb-4 font-serif text-3xl">{t("providers.title")}</h1>
      <div role="alert" className="rounded border border-stone-300 bg-white p-6 text-center" data-testid="providers-unavailable">
        <p className="font-semibold">{t("providers.unavailable")}</p>
        <p className="mt-3">
          <Link to={location.pathname + location.search} className="inline-flex min-h-8 items-center text-wine-800 underline">
            {t("providers.retry")}
          </Link>
        </p>
        <ErrorIdentityList status={status} appCode={appCode} />
        <RequestReference />
      </div>
    </div>
  );
}
