/** /sitemap.xml: the sitemap index of the shop's pages, products, producers and articles. */
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { SEO_FILE_CACHE_CONTROL, sitemapIndexXml } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(shopContext);
  return new Response(await sitemapIndexXml(db, shopOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL },
  });
}
