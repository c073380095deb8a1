/** /robots.txt: what crawlers may read, and where the sitemap is. */
import { shopOrigin } from "~/http/shop-origin.server";
import { robotsTxt, SEO_FILE_CACHE_CONTROL } from "~/seo/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(shopOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL },
  });
}
