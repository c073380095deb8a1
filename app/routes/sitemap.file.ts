/**
 * /sitemap/{pages|products-N|providers-N|blogs-N}.xml: one file of the sitemap
 * index, streamed; an unknown name or a page past the last answers 404.
 */
import { data } from "react-router";
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { parseSitemapFile, SEO_FILE_CACHE_CONTROL, sitemapFileStream } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap.file";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.file);
  const stream = file ? await sitemapFileStream(context.get(shopContext).db, shopOrigin(request), file) : null;
  if (!stream) throw data(null, { status: 404 });
  return new Response(stream, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL },
  });
}
