/**
 * The Atom feed of the published articles, one per language (docs/decisions/045-content-desk-
 * articles.md): `/blogs/feed.xml` in French, `/blogs/feed.xml?lng=en-US` in English, as the shop's
 * other pages carry their language. Newest first; each entry's content is the article's body as
 * the public page renders it (the one sanitizer). Follows publication at once: it is read from the
 * database on each request (a minute of HTTP caching at most).
 */
import { desc } from "drizzle-orm";
import { renderMarkdown } from "~/content/page-parser.server";
import type { Database } from "~/db/client.server";
import { blogs } from "~/db/schema";
import { localized } from "~/lib/localized";
import { escapeXml } from "~/lib/xml";
import type { Locale } from "~/vocabulary";
import { BLOG_FEED_PATH } from "./blog-feed";
import { isPublishedBlog } from "./blogs.server";

/** Most entries of a feed. */
export const BLOG_FEED_SIZE = 20;

/** `Cache-Control` of the feed: the same for everyone, fresh within a minute. */
export const BLOG_FEED_CACHE_CONTROL = "public, max-age=60";

/**
 * The Atom feed (RFC 4287) of the newest published articles in `locale`.
 * @param urlOf the absolute URL of a path of the shop in `locale` (`localizedUrl` of the route)
 * @param title the feed's title in `locale`
 * @returns the XML document
 */
export async function blogFeedXml(db: Database, urlOf: (path: string) => string, locale: Locale, title: string): Promise<string> {
  const rows = await db
    .select({
      slug: blogs.slug,
      titleFr: blogs.titleFr,
      titleEn: blogs.titleEn,
      summaryFr: blogs.summaryFr,
      summaryEn: blogs.summaryEn,
      bodyFr: blogs.bodyFr,
      bodyEn: blogs.bodyEn,
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(isPublishedBlog)
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(BLOG_FEED_SIZE);
  const feedUrl = urlOf(BLOG_FEED_PATH);
  const updated = rows.reduce((latest, r) => (r.updatedAt > latest ? r.updatedAt : latest), new Date(0));
  const lang = locale === "fr-CA" ? "fr-CA" : "en-CA";
  const entries = rows.map((r) => {
    const url = urlOf(`/blogs/${r.slug}`);
    return [
      "<entry>",
      `<id>${escapeXml(url)}</id>`,
      `<title>${escapeXml(localized(locale, r.titleFr, r.titleEn))}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<published>${(r.publishedAt ?? r.updatedAt).toISOString()}</published>`,
      `<updated>${r.updatedAt.toISOString()}</updated>`,
      `<summary>${escapeXml(localized(locale, r.summaryFr, r.summaryEn))}</summary>`,
      `<content type="html">${escapeXml(renderMarkdown(localized(locale, r.bodyFr, r.bodyEn)))}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `<id>${escapeXml(feedUrl)}</id>`,
    `<title>${escapeXml(title)}</title>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(urlOf("/blogs"))}"/>`,
    `<updated>${updated.toISOString()}</updated>`,
    `<author><name>Cuvée</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
