/**
 * The shop's content pages (docs/product.md#who-it-serves route table "content pages", "Other screens"):
 * FAQ and wine glossary, orders and deliveries, pricing policy, about us, services, understanding
 * a product page. Their first text lives in Markdown files per language, `content/pages/<slug>.<locale>.md`
 * (format: content/pages/README.md), read once per process and kept parsed in memory; the pages
 * shown are the database's revisions (content-pages.server.ts), these files only until a page has one.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug, isOneOf, type Locale } from "~/vocabulary";
import { parseContentPage } from "./page-parser.server";
import type { ContentPage, ContentPageView } from "./page-types";

/** Where the Markdown files are: `content/pages` under the working directory (the project root). */
const CONTENT_PAGES_DIR = path.resolve(process.cwd(), "content", "pages");

const cache = new Map<string, Promise<ContentPage>>();

/**
 * The parsed page for a slug in a language, read from its file on first use and then cached for
 * the life of the process (a failed read is not cached).
 * @throws Error when the file is missing or malformed (a developer error: the error page shows).
 */
export function loadContentPage(slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
  const file = path.join(CONTENT_PAGES_DIR, `${slug}.${locale}.md`);
  let page = cache.get(file);
  if (!page) {
    page = readFile(file, "utf8").then((source) => parseContentPage(source, path.basename(file)));
    page.catch(() => cache.delete(file));
    cache.set(file, page);
  }
  return page;
}

/**
 * The content page a URL path names: `/faq` → `faq` (a trailing slash and React Router's `.data`
 * suffix of client navigations are ignored); null for any other path.
 */
export function contentSlugFromPath(pathname: string): ContentPageSlug | null {
  const slug = pathname.replace(/\.data$/, "").replace(/^\/+|\/+$/g, "");
  return isOneOf(CONTENT_PAGE_SLUGS, slug) ? slug : null;
}

/**
 * What a content route renders: the page's tabs and the content of the one chosen by `?tab=`,
 * the first tab when the value is missing or unknown (never an error).
 */
export function contentPageView(page: ContentPage, tab: string | null): ContentPageView {
  const activeTab = page.tabs.find((t) => t.id === tab) ?? page.tabs[0] ?? null;
  return {
    title: page.title,
    description: page.description,
    introHtml: page.introHtml,
    tabs: page.tabs.map(({ id, label }) => ({ id, label })),
    activeTab,
  };
}
