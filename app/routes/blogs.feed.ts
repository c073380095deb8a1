/**
 * /blogs/feed.xml: the Atom feed of the published articles (docs/decisions/045-content-desk-
 * articles.md), in French, or in English with `?lng=en-US` (the shop's language parameter; no
 * cookie decides a feed's language).
 */
import { BLOG_FEED_CACHE_CONTROL, blogFeedXml } from "~/blogs/blog-feed.server";
import { shopContext } from "~/context";
import { shopOrigin } from "~/http/shop-origin.server";
import { translatorFor } from "~/i18n/translator";
import { LANGUAGE_PARAM, localizedUrl } from "~/seo/page-meta";
import type { Route } from "./+types/blogs.feed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(shopContext);
  const locale = new URL(request.url).searchParams.get(LANGUAGE_PARAM) === "en-US" ? "en-US" : "fr-CA";
  const title = translatorFor(locale)("blogs.feedTitle");
  const origin = shopOrigin(request);
  const xml = await blogFeedXml(db, (path) => localizedUrl(origin, path, locale), locale, title);
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": BLOG_FEED_CACHE_CONTROL },
  });
}
