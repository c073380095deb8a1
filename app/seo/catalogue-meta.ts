/**
 * The meta of the catalogue's and the blog's pages: product, producer and article
 * pages with their JSON-LD, and the product, producer and article lists whose title says the
 * filters and the page. Each route's `meta` calls one of these with its loader data (only the
 * fields named here). Descriptions are sentences made of the page's data. Shared with the browser.
 */
import type { MetaDescriptor } from "react-router";
import type { BlogFilters } from "~/blogs/blog-filters";
import { blogListHref } from "~/blogs/blog-filters";
import { blogCoverSrc } from "~/blogs/cover-image";
import { productImageSrc, providerImageSrc } from "~/catalogue/links";
import { type ProductFilters, productListHref } from "~/catalogue/product-filters";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { type ProviderFilters, providerListHref } from "~/catalogue/provider-filters";
import type { NamedGrapeShare, WineFacts } from "~/catalogue/wine-facts";
import { formatMoney, formatVolume } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import { localized } from "~/lib/localized";
import type { BlogCoverMotif, LiquorBoard, TaxMode } from "~/vocabulary";
import { firstSentence } from "./meta-text";
import { DEFAULT_URL_LOCALE, localizedUrl, pagedTitle, seoMeta, type SeoSite } from "./page-meta";
import {
  articleJsonLd,
  type OfferChannel,
  offeredCents,
  organizationJsonLd,
  productJsonLd,
  productOffers,
  schemaPrice,
  wineFactsJsonLd,
} from "./structured-data";

/** At most this many filter values are named in a list's title. */
const TITLE_FILTERS_MAX = 3;

/** A site for meta functions called without the root's data (never on a rendered page). */
function siteOrDefault(site: SeoSite | null): SeoSite {
  return site ?? { origin: "", locale: DEFAULT_URL_LOCALE };
}

/** French elides "de" before a vowel or a mute h: "Vin d’Aphros", "Vin de Domaine X". */
function startsWithVowelSound(name: string): boolean {
  return /^[aeiouyhàâäéèêëîïôöùûü]/i.test(name.trim());
}

/** "Vin, France · Produits, page 2": the named filters (at most 3, then "…"), then the list's title and page. */
function listTitle(site: SeoSite, title: string, filterLabels: string[], page: number): string {
  const t = translatorFor(site.locale);
  const named = filterLabels.slice(0, TITLE_FILTERS_MAX).join(", ") + (filterLabels.length > TITLE_FILTERS_MAX ? ", …" : "");
  return pagedTitle(t, named ? t("seo.filtered", { filters: named, title }) : title, page);
}

/** What the product page's loader gives its meta. */
export interface ProductMetaData {
  product: {
    name: string;
    slug: string;
    puid: string;
    description: string;
    typeCode: string;
    volumeMl: number | null;
    countryName: string | null;
    regionName: string | null;
    provider: { name: string; slug: string };
    /** Bottles per case (a private-import offer is for a full case) and the zero rating (no taxes). */
    uvc: number;
    zeroRated: boolean;
  };
  /** The tax mode the page shows its prices in (the offers' `price`). */
  taxMode: TaxMode;
  colorCode: string | null;
  /**
   * The product's photos (paths or absolute URLs of their JPEG variants, main photo first); empty
   * or absent: the generated image stands for it.
   */
  imageUrls?: readonly string[];
  /** The channels of the visitor's province, then the others. */
  here: readonly OfferChannel[];
  elsewhere: readonly OfferChannel[];
  /** The product's wine facts (decision 036) and the boards selling it; absent = none. */
  wine?: { facts: WineFacts; grapes: NamedGrapeShare[] } | null;
  soldAt?: readonly LiquorBoard[];
}

/**
 * A product page: "Vin de Domaine X, Loire, France, 750 ml, à partir de 24,95 $ avant taxes."
 * followed by the first sentence of the product's description; canonical `/products/{slug}`
 * (the `id` of a channel is a view of the same product); `og:type` product with its lowest
 * price; JSON-LD `Product` with one offer per channel shown with a price (the visitor's province's).
 */
export function productMeta(site: SeoSite | null, data: ProductMetaData): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const t = translatorFor(s.locale);
  const { product } = data;
  const channels = data.here.length > 0 ? data.here : data.elsewhere;
  const prices = channels.map((c) => c.priceCents);
  const lowest = prices.length > 0 ? Math.min(...prices) : null;
  const what = t(startsWithVowelSound(product.provider.name) ? "seo.product.whatElided" : "seo.product.what", {
    type: t(productTypeLabelKey(product.typeCode)),
    producer: product.provider.name,
  });
  const facts = [
    what,
    [product.regionName, product.countryName].filter(Boolean).join(", "),
    product.volumeMl ? formatVolume(product.volumeMl, s.locale) : "",
    lowest === null
      ? ""
      : t(new Set(prices).size > 1 ? "seo.product.priceFrom" : "seo.product.price", { price: formatMoney(lowest, s.locale) }),
  ].filter(Boolean);
  const description = [`${facts.join(", ")}.`, firstSentence(product.description)].filter(Boolean).join(" ");
  const path = `/products/${product.slug}`;
  const photos = data.imageUrls ?? [];
  const image = photos[0] ?? productImageSrc({ colorCode: data.colorCode, typeCode: product.typeCode });
  // The channels the page shows with a price: the visitor's province's (docs/decisions/042).
  const offers = productOffers(s.origin, data.here, {
    slug: product.slug,
    uvc: product.uvc,
    zeroRated: product.zeroRated,
    taxMode: data.taxMode,
    unitText: { case: t("price.perCaseOf", { count: product.uvc }), unit: t("price.perUnit"), bottle: t("price.perBottleShort") },
  });
  // og's price is the lowest of those offers, so the head carries no price the page does not show.
  const offerCents = data.here.map((channel) => offeredCents(channel, product, data.taxMode));
  const extra: MetaDescriptor[] = [];
  if (offerCents.length > 0) {
    extra.push(
      { property: "product:price:amount", content: schemaPrice(Math.min(...offerCents)) },
      { property: "product:price:currency", content: "CAD" },
    );
  }
  extra.push({
    "script:ld+json": {
      ...productJsonLd(s.origin, {
        name: product.name,
        description: product.description || description,
        image: photos.length > 0 ? photos : image,
        url: localizedUrl(s.origin, path, s.locale),
        puid: product.puid,
        providerName: product.provider.name,
        providerSlug: product.provider.slug,
        offers,
      }),
      ...(data.wine
        ? wineFactsJsonLd({
            facts: data.wine.facts,
            grapes: data.wine.grapes,
            soldAt: data.soldAt ?? [],
            names: {
              grapes: t("product.facts.grapes"),
              alcohol: t("product.facts.alcohol"),
              sugar: t("product.facts.sugar"),
              appellation: t("product.facts.appellation"),
              designation: t("product.facts.designation"),
              serving: t("product.facts.serving"),
              ageing: t("product.facts.ageing"),
              tastingNotes: t("product.facts.tastingNotes"),
              foodPairings: t("product.facts.foodPairings"),
            },
            tastingNotes: localized(s.locale, data.wine.facts.tastingNotesFr, data.wine.facts.tastingNotesEn),
            foodPairings: localized(s.locale, data.wine.facts.foodPairingsFr, data.wine.facts.foodPairingsEn),
          })
        : {}),
    },
  });
  return seoMeta(site, { title: product.name, description, path, image, type: "product", extra });
}

/** What the producer page's loader gives its meta. */
export interface ProviderMetaData {
  provider: {
    name: string;
    slug: string;
    description: string;
    imageColor: string | null;
    origins: readonly { countryCode: string; countryName: string; regionName: string | null }[];
  };
  /** The producer's logo and photo (path or absolute URL of a JPEG variant); absent: the generated image. */
  logoUrl?: string | null;
  photoUrl?: string | null;
}

/**
 * A producer page: the first sentence of its description (else "X (Loire, France) et ses
 * produits offerts par Cuvée."); JSON-LD `Organization`.
 */
export function providerMeta(site: SeoSite | null, data: ProviderMetaData): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const t = translatorFor(s.locale);
  const { provider } = data;
  const first = provider.origins[0];
  const origin = first ? [first.regionName, first.countryName].filter(Boolean).join(", ") : "";
  const description =
    firstSentence(provider.description) ||
    t(origin ? "seo.provider.withOrigin" : "seo.provider.withoutOrigin", { name: provider.name, origin });
  const path = `/providers/${provider.slug}`;
  const image = data.photoUrl ?? data.logoUrl ?? providerImageSrc(provider);
  const ld = organizationJsonLd(s.origin, {
    name: provider.name,
    url: localizedUrl(s.origin, path, s.locale),
    image: data.logoUrl ?? image,
    description: provider.description,
    origins: provider.origins,
  });
  return seoMeta(site, { title: provider.name, description, path, image, extra: [{ "script:ld+json": ld }] });
}

/** What the article page's loader gives its meta. */
export interface ArticleMetaData {
  blog: {
    slug: string;
    title: string;
    summary: string;
    publishedAt: string;
    coverColor: string;
    coverMotif: BlogCoverMotif;
  };
}

/**
 * An article (reached by id or slug): canonical `/blogs/{slug}`, its summary as description,
 * `og:type` article with its publication time; JSON-LD `Article` by the agency.
 */
export function articleMeta(site: SeoSite | null, data: ArticleMetaData): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const { blog } = data;
  const path = `/blogs/${blog.slug}`;
  const image = blogCoverSrc({ color: blog.coverColor, motif: blog.coverMotif });
  const ld = articleJsonLd(s.origin, {
    title: blog.title,
    summary: blog.summary,
    publishedAt: blog.publishedAt,
    image,
    url: localizedUrl(s.origin, path, s.locale),
    inLanguage: s.locale,
  });
  return seoMeta(site, {
    title: blog.title,
    description: blog.summary,
    path,
    image,
    type: "article",
    extra: [{ property: "article:published_time", content: blog.publishedAt }, { "script:ld+json": ld }],
  });
}

/** A filter value as the product list offers it (only its label and whether it is chosen matter). */
interface ChosenOption {
  label: string;
  checked: boolean;
}

/** What the product list's loader gives its meta. */
export interface ProductListMetaData {
  title: string;
  filters: ProductFilters;
  pagination: { page: number; total: number };
  facets: {
    inventories: readonly ChosenOption[];
    types: readonly ChosenOption[];
    colors: readonly ChosenOption[];
    characteristics: readonly ChosenOption[];
    countries: readonly ChosenOption[];
    regions: readonly ChosenOption[];
  };
}

/**
 * The product list: its title names the chosen types, colours, characteristics, countries,
 * regions, channels and searched text, then the page ("Vin, France · Produits, page 2"); its
 * description counts the products found; canonical = the list's own URL (filters and page).
 */
export function productListMeta(site: SeoSite | null, data: ProductListMetaData): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const t = translatorFor(s.locale);
  const { facets, filters } = data;
  const labels = [facets.types, facets.colors, facets.characteristics, facets.countries, facets.regions, facets.inventories].flatMap(
    (options) => options.filter((o) => o.checked).map((o) => o.label),
  );
  if (filters.text) labels.unshift(t("seo.searchText", { text: filters.text }));
  return seoMeta(site, {
    title: listTitle(s, data.title, labels, data.pagination.page),
    description: t("seo.descriptions.products", { count: data.pagination.total }),
    path: productListHref(filters),
  });
}

/** The producer list: title with the searched text and the page; canonical = its own URL. */
export function providerListMeta(site: SeoSite | null, data: { title: string; filters: ProviderFilters }): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const t = translatorFor(s.locale);
  const { filters } = data;
  const labels = filters.text ? [t("seo.searchText", { text: filters.text })] : [];
  return seoMeta(site, {
    title: listTitle(s, data.title, labels, filters.page),
    description: t("seo.descriptions.providers"),
    path: providerListHref(filters),
  });
}

/** The article list: title with the chosen type and themes and the page; canonical = its own URL. */
export function articleListMeta(
  site: SeoSite | null,
  data: { title: string; description: string; filters: BlogFilters; themes: readonly { code: string; name: string }[] },
): MetaDescriptor[] {
  const s = siteOrDefault(site);
  const t = translatorFor(s.locale);
  const { filters } = data;
  const labels = [
    ...(filters.type ? [t(`blogs.types.${filters.type}`)] : []),
    ...data.themes.filter((theme) => filters.themes.includes(theme.code)).map((theme) => theme.name),
  ];
  return seoMeta(site, {
    title: listTitle(s, data.title, labels, filters.page),
    description: data.description,
    path: blogListHref(filters),
  });
}
