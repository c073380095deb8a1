/**
 * /blogs (docs/product.md#blogs): articles filtered by `type` (or `defaultType`), themes `a` and
 * sorted by `sortByDate`, paginated; every filter lives in the URL through a GET form.
 */
import { useNavigation } from "react-router";
import { BLOG_FEED_PATH } from "~/blogs/blog-feed";
import { blogFilterChips } from "~/blogs/blog-filter-chips";
import { activeBlogFilterCount, BLOG_SORTS, blogFiltersToSearchParams, blogListHref, parseBlogFilters } from "~/blogs/blog-filters";
import { listBlogs, listBlogThemes } from "~/blogs/blogs.server";
import { BlogCard } from "~/blogs/ui/blog-card";
import { BlogFilterForm } from "~/blogs/ui/blog-filter-form";
import { FilterChipList } from "~/components/ui/filter-chips";
import { FilterPanel } from "~/components/ui/filter-panel";
import { ListHeader } from "~/components/ui/list-header";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { SortForm } from "~/components/ui/sort-form";
import { shopContext } from "~/context";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { articleListMeta } from "~/seo/catalogue-meta";
import { localizedUrl, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/blogs";

/**
 * Title with the chosen type, themes and page; canonical, alternates, OpenGraph; the Atom feed of
 * the page's language (docs/decisions/045-content-desk-articles.md).
 */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const site = siteOf(matches);
  return [
    ...articleListMeta(site, data),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: data.feedTitle,
      href: site ? localizedUrl(site.origin, BLOG_FEED_PATH, site.locale) : BLOG_FEED_PATH,
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, locale, t } = context.get(shopContext);
  const themes = await listBlogThemes(db, locale);
  const filters = parseBlogFilters(new URL(request.url).searchParams, new Set(themes.map((th) => th.code)));
  const result = await listBlogs(db, filters, locale);
  // docs/product.md#blogs: a page beyond the total is clamped to the last page.
  redirectToShownPage(filters.page, result.pagination, (page) => blogListHref({ ...filters, page }));
  return {
    title: t("blogs.title"),
    feedTitle: t("blogs.feedTitle"),
    feedHref: locale === "en-US" ? `${BLOG_FEED_PATH}?lng=en-US` : BLOG_FEED_PATH,
    description: t("blogs.description"),
    filters,
    themes,
    items: result.items,
    chips: blogFilterChips(
      filters,
      (type) => t(`blogs.types.${type}`),
      (code) => themes.find((theme) => theme.code === code)?.name ?? null,
    ),
    pagination: result.pagination,
  };
}

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const { filters, themes, items, pagination, chips } = loaderData;
  return (
    <div>
      <ListHeader title={t("blogs.title")} countText={t("blogs.count", { count: pagination.total })}>
        <SortForm
          action="/blogs"
          name="sortByDate"
          value={filters.sort}
          label={t("blogs.sort")}
          submitLabel={t("filters.sortApply")}
          options={BLOG_SORTS.map((s) => ({ value: s, label: t(`blogs.sorts.${s}`) }))}
          hidden={[...blogFiltersToSearchParams({ ...filters, sort: "DESC", page: 1 })]}
        />
      </ListHeader>
      <FilterChipList {...chips} />
      <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <FilterPanel
          id="blog-filters-toggle"
          label={t("blogs.filters")}
          toggleLabel={t("filters.open", { count: activeBlogFilterCount(filters) })}
        >
          <BlogFilterForm filters={filters} themes={themes} />
        </FilterPanel>
        <section aria-label={t("blogs.results")} aria-busy={navigation.state === "loading"}>
          {items.length === 0 ? (
            <p className="py-12 text-center text-stone-600">{t("common.noRecords")}</p>
          ) : (
            <div className="grid grid-cols-cards gap-4">
              {items.map((blog, index) => (
                <BlogCard key={blog.id} blog={blog} first={index === 0} />
              ))}
            </div>
          )}
          <PaginationNav pagination={pagination} hrefFor={(page) => blogListHref({ ...filters, page })} />
          <p className="mt-6 text-sm">
            <a href={loaderData.feedHref} type="application/atom+xml" className="text-wine-800 underline">
              {t("blogs.feed")}
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
