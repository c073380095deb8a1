/**
 * The content pages of the SPEC §2 route table (issue 9 §3): /faq, /orders-deliveries,
 * /pricing-policy, /about-us, /services, /understand-product. One module for the six URLs (route
 * ids `content-<slug>` in app/routes.ts); the path names the page, `?tab=` its tab.
 */
import { data } from "react-router";
import { shopContext } from "~/context";
import { contentPageView, contentSlugFromPath, loadContentPage } from "~/content/pages.server";
import { ContentPageBody } from "~/content/ui/content-page";
import type { Route } from "./+types/content-page";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Cuvée" }];
  return [{ title: `${data.title} · Cuvée` }, { name: "description", content: data.description }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(shopContext);
  const url = new URL(request.url);
  const slug = contentSlugFromPath(url.pathname);
  if (!slug) throw data(null, { status: 404 });
  return contentPageView(await loadContentPage(slug, locale), url.searchParams.get("tab"));
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPageBody page={loaderData} />;
}
