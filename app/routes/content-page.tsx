/**
 * The content pages of docs/product.md#who-it-serves route table: /faq, /orders-deliveries,
 * /pricing-policy, /about-us, /services, /understand-product. One module for the six URLs (route
 * ids `content-<slug>` in app/routes.ts); the path names the page, `?tab=` its tab. The text is
 * the page's current revision, which staff edit at /agence/pages
 * (docs/decisions/046-content-page-revisions.md).
 */
import { data } from "react-router";
import { loadPublishedContentPage } from "~/content/content-pages.server";
import { contentPageView, contentSlugFromPath } from "~/content/pages.server";
import { ContentPageBody } from "~/content/ui/content-page";
import { shopContext } from "~/context";
import { seoMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/content-page";

/** Title, description, canonical (with `?tab=` past the first tab), alternates, OpenGraph. */
export function meta({ data, location, matches }: Route.MetaArgs) {
  if (!data) return [];
  const tab = data.activeTab && data.activeTab.id !== data.tabs[0]?.id ? data.activeTab : null;
  const path = tab ? `${location.pathname}?${new URLSearchParams({ tab: tab.id })}` : location.pathname;
  return seoMeta(siteOf(matches), { title: tab ? `${tab.label} · ${data.title}` : data.title, description: data.description, path });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, locale } = context.get(shopContext);
  const url = new URL(request.url);
  const slug = contentSlugFromPath(url.pathname);
  if (!slug) throw data(null, { status: 404 });
  return contentPageView(await loadPublishedContentPage(db, slug, locale), url.searchParams.get("tab"));
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPageBody page={loaderData} />;
}
