/**
 * /global-search (docs/product.md#search: `t`, `activeTabType`, `activeCurrentPage`): the text of the
 * header's search in the products sold in the visitor's province, its producers and the blog
 * articles. Tabs and pages are links, so the page works without JavaScript and back/forward walks
 * through them. Bad query values are ignored; a page beyond the last redirects to the last.
 */
import { Link, useNavigation } from "react-router";
import { getReferenceData } from "~/catalogue/reference.server";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { shopContext } from "~/context";
import { formatCount } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { globalSearch } from "~/search/global-search.server";
import { parseSearchQuery, searchHref } from "~/search/search-tabs";
import { SearchResultList } from "~/search/ui/search-result-list";
import { SearchTabsNav } from "~/search/ui/search-tabs-nav";
import { seoMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/global-search";

/** Localized title with the text; search results are not indexed. */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta(siteOf(matches), {
    title: data.title,
    description: data.description,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, preferences, locale, t } = context.get(shopContext);
  const query = parseSearchQuery(new URL(request.url).searchParams);
  const result = await globalSearch(db, await getReferenceData(db), { ...query, locale, province: preferences.province });
  // docs/product.md#search: a page beyond the last is clamped to the last page (its URL names the tab).
  if (query.text) redirectToShownPage(query.page, result.pagination, (page) => searchHref({ text: query.text, tab: result.tab, page }));
  return {
    title: query.text ? t("search.metaTitle", { text: query.text }) : t("search.title"),
    description: t("search.description"),
    text: query.text,
    ...result,
  };
}

export default function GlobalSearchPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useT();
  const navigation = useNavigation();
  const { text, tab, counts, pagination, results } = loaderData;
  if (!text) {
    return (
      <section className="py-8">
        <h1 className="font-serif text-3xl">{t("search.title")}</h1>
        <p className="mt-4 text-stone-700">{t("search.prompt")}</p>
      </section>
    );
  }
  const count = counts[tab];
  const catalogueLink =
    tab === "PRODUCTS"
      ? { to: `/products?${new URLSearchParams({ t: text })}`, label: t("search.inProducts", { text }) }
      : tab === "PROVIDERS"
        ? { to: `/providers?${new URLSearchParams({ t: text })}`, label: t("search.inProviders", { text }) }
        : null;
  return (
    <div className="py-4">
      <h1 className="font-serif text-3xl">{t("search.resultsFor", { text })}</h1>
      <SearchTabsNav text={text} active={tab} counts={counts} />
      <section aria-label={t("search.results")} aria-busy={navigation.state === "loading"} className="mt-4">
        {count.approximate ? (
          <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
            {t("search.approximate", { text })}
          </p>
        ) : null}
        {count.capped ? (
          <p className="mb-3 text-sm text-stone-700">{t("search.capped", { count: formatCount(count.count, i18n.language) })}</p>
        ) : null}
        {results.items.length === 0 ? (
          <p className="py-12 text-center text-stone-700">{t(`search.noResults.${tab}`, { text })}</p>
        ) : (
          <SearchResultList results={results} start={pagination.offset + 1} />
        )}
        <PaginationNav pagination={pagination} hrefFor={(page) => searchHref({ text, tab, page })} />
        {catalogueLink ? (
          <p className="mt-6 text-sm">
            <Link to={catalogueLink.to} className="text-wine-700 underline">
              {catalogueLink.label}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
