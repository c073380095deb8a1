/**
 * What search engines and link previews read in a page's `<head>` (docs/product.md#who-it-serves "French
 * (default) and English"; docs/decisions/016-seo.md): the localized `<title>` ("… · Cuvée"), the
 * meta description, the canonical URL, the `hreflang` alternates (fr-CA, en-CA, x-default) and the
 * OpenGraph / Twitter tags. Every page route's `meta` builds its descriptors here. Shared with the
 * browser (a `meta` function runs on both sides).
 *
 * The language of a URL: French is the plain URL (and `x-default`), English is the same URL with
 * `?lng=en-US` (hreflang `en-CA`: English for Canada). The root loader gives the origin (PUBLIC_URL
 * in production, the request's otherwise) and the language the page was rendered in.
 */
import type { TFunction } from "i18next";
import type { MetaDescriptor } from "react-router";
import { urlOfPath } from "~/http/path-url";
import { translatorFor } from "~/i18n/translator";
import { SITE_NAME } from "~/lib/brand";
import { isOneOf, type Locale, LOCALES } from "~/vocabulary";
import { clipDescription } from "./meta-text";

/** The query parameter naming a page's language (read first by the i18n middleware). */
export const LANGUAGE_PARAM = "lng";

/** The language shown by a URL without `?lng=`, and the `x-default` of every page. */
export const DEFAULT_URL_LOCALE: Locale = "fr-CA";

/** The `hreflang` of each language: the shop sells in Canada, so English is `en-CA`. */
export const HREFLANG = { "fr-CA": "fr-CA", "en-US": "en-CA" } as const satisfies Record<Locale, string>;

/** OpenGraph's `og:locale` of each language. */
const OG_LOCALE = { "fr-CA": "fr_CA", "en-US": "en_CA" } as const satisfies Record<Locale, string>;

/** What the root loader gives every page's meta: the shop's origin and the page's language. */
export interface SeoSite {
  /** `https://cuvee.example`, without a trailing slash. */
  origin: string;
  locale: Locale;
}

/** What one page says about itself: an indexable page names its path, a `noindex` one need not. */
export type SeoPage = SeoPageBase & ({ noindex?: false; path: string } | { noindex: true; path?: string });

interface SeoPageBase {
  /** The page's own title, without the brand (added unless the title already names it). */
  title: string;
  /** One or two real sentences (clipped to {@link DESCRIPTION_MAX_CHARS} characters). */
  description: string;
  /**
   * The page's path with the query that changes its content (page, filters, tab), e.g.
   * `/products?type=VIN&page=2`; never the language (a `lng` given here is dropped). Gives the
   * canonical URL, the alternates and `og:url`; unused on a `noindex` page.
   */
  path?: string;
  /** A path on the shop (`/images/...`) or an absolute URL; absent: no `og:image`. */
  image?: string;
  /** `og:type`; `website` by default. */
  type?: "website" | "article" | "product";
  /**
   * A private or transient page (account, cart, checkout, login, search results, errors):
   * `robots: noindex`, and no canonical URL, alternates or `og:url` (it is not a page to share).
   */
  noindex?: boolean;
  /** More descriptors, after the standard ones (e.g. `article:published_time`, JSON-LD). */
  extra?: MetaDescriptor[];
}

/**
 * The shop's origin and the page's language from the root loader's data in a meta function's
 * `matches` (the root match is the first).
 * @returns null when the root loader gave nothing usable (its own error page)
 */
export function siteOf(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): SeoSite | null {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: unknown; locale?: unknown } | undefined;
  if (!data || typeof data.origin !== "string" || !isOneOf(LOCALES, data.locale)) return null;
  return { origin: data.origin, locale: data.locale };
}

/** The language a URL asks for with `?lng=`, or null when it names none of the shop's. */
export function localeOfUrl(url: URL): Locale | null {
  const value = url.searchParams.get(LANGUAGE_PARAM);
  return isOneOf(LOCALES, value) ? value : null;
}

/** `path` without its `lng` parameter (and without a `?` left empty). */
function withoutLanguage(path: string): URL {
  const url = urlOfPath(path);
  url.searchParams.delete(LANGUAGE_PARAM);
  return url;
}

/**
 * The absolute URL of a page in a language: the plain URL in French, `?lng=en-US` added in English.
 * `localizedUrl("https://c.ca", "/products?page=2", "en-US")` → `https://c.ca/products?page=2&lng=en-US`
 */
export function localizedUrl(origin: string, path: string, locale: Locale): string {
  const url = withoutLanguage(path);
  if (locale !== DEFAULT_URL_LOCALE) url.searchParams.set(LANGUAGE_PARAM, locale);
  return `${origin}${url.pathname}${url.search}`;
}

/** The document title: "Produits · Cuvée"; a title that already names the shop stays as it is. */
export function documentTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`;
}

/** An absolute URL for a path on the shop (an absolute URL stays as it is). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * A page's meta descriptors (React Router `meta`), in this order: title, description, robots
 * (noindex pages only), canonical and alternates (indexable pages only), OpenGraph (`og:url`
 * on indexable pages only), Twitter, then `page.extra`.
 * @param site from {@link siteOf}; null (the root's own error page) gives title and description only
 */
export function seoMeta(site: SeoSite | null, page: SeoPage): MetaDescriptor[] {
  const title = documentTitle(page.title);
  const description = clipDescription(page.description);
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (!site) return [...tags, ...(page.extra ?? [])];

  // A noindex page is not one to index or share: no canonical, alternates or og:url.
  let url: string | null = null;
  if (!page.noindex) {
    url = localizedUrl(site.origin, page.path, site.locale);
    tags.push({ tagName: "link", rel: "canonical", href: url });
    for (const locale of LOCALES) {
      tags.push({ tagName: "link", rel: "alternate", hrefLang: HREFLANG[locale], href: localizedUrl(site.origin, page.path, locale) });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: localizedUrl(site.origin, page.path, DEFAULT_URL_LOCALE),
    });
  }
  const image = page.image ? absoluteUrl(site.origin, page.image) : null;
  tags.push(
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: OG_LOCALE[site.locale] },
    ...LOCALES.filter((l) => l !== site.locale).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALE[l] })),
  );
  if (image) tags.push({ property: "og:image", content: image });
  tags.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  );
  if (image) tags.push({ name: "twitter:image", content: image });
  return [...tags, ...(page.extra ?? [])];
}

/**
 * A private or transient page (account, cart, checkout, login, search results): its title (the
 * brand alone when the loader gave none), a description from `seo.descriptions.<key>`, `noindex`.
 */
export function privatePageMeta(site: SeoSite | null, title: string | undefined, descriptionKey: string): MetaDescriptor[] {
  const t = translatorFor(site?.locale ?? DEFAULT_URL_LOCALE);
  return seoMeta(site, { title: title ?? SITE_NAME, description: t(`seo.descriptions.${descriptionKey}`), noindex: true });
}

/**
 * The title of one page of a list: "Produits" on page 1, "Produits, page 2" after
 * (the wording comes from the caller's `t`: key `seo.page`).
 */
export function pagedTitle(t: TFunction, title: string, page: number): string {
  return page > 1 ? t("seo.page", { title, page }) : title;
}
