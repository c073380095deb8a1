/**
 * /agence/articles (docs/decisions/045-content-desk-articles.md): the content desk's articles,
 * whatever their status, last changed first, searched by title (either language, accents ignored)
 * or slug, paged; each links to its editor, and "Nouvel article" to a new one. Staff only (404
 * otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { listStaffBlogs } from "~/blogs/blog-desk.server";
import { blogDeskHref, parseBlogDeskFilter } from "~/blogs/blog-desk-forms";
import { BlogDeskList } from "~/blogs/ui/blog-desk-list";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { redirectToShownPage } from "~/lib/pagination";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.articles";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const filter = parseBlogDeskFilter(new URL(request.url).searchParams);
  const { rows, pagination } = await listStaffBlogs(shop.db, filter);
  redirectToShownPage(filter.page, pagination, (page) => blogDeskHref({ ...filter, page }));
  return { title: shop.t("blogDesk.title"), filter, rows, pagination };
}

export default function AgencyArticles({ loaderData }: Route.ComponentProps) {
  return <BlogDeskList title={loaderData.title} filter={loaderData.filter} rows={loaderData.rows} pagination={loaderData.pagination} />;
}
