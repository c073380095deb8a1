/**
 * JSON-LD (schema.org) of the shop's pages: a product page is a `Product` with its
 * offers in CAD (each at a price the page shows), a producer page an `Organization`, an article an `Article` by the agency. Routes
 * put the object in their `meta` as `{ "script:ld+json": … }`: React Router renders it in
 * `<head>` as `<script type="application/ld+json">` with `<`, `>` and `&` escaped, so no text of
 * ours can close the script (docs/decisions/016-seo.md). Shared with the browser.
 */
import type { Crumb } from "~/catalogue/breadcrumbs";
import { displayPrice } from "~/catalogue/display-price";
import { productHref } from "~/catalogue/links";
import { type ProductInventoryView, soldByTheCase } from "~/catalogue/product-inventory";
import type { NamedGrapeShare, WineFacts } from "~/catalogue/wine-facts";
import { SITE_NAME } from "~/lib/brand";
import type { LiquorBoard, Locale, Province, TaxMode } from "~/vocabulary";
import { absoluteUrl, localizedUrl } from "./page-meta";

/** A schema.org object (JSON). */
export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** The province's name as schema.org's `eligibleRegion` (ISO 3166-2). */
const REGION_OF: Record<Province, string> = { QC: "CA-QC", ON: "CA-ON" };

/** Integer cents as schema.org's price text: `2495` → `"24.95"` (dot, no currency, no grouping). */
export function schemaPrice(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  return (cents / 100).toFixed(2);
}

/** One channel of a product as the page shows it (the product page's `ProductChannel`). */
export type OfferChannel = Pick<
  ProductInventoryView,
  | "productInventoryId"
  | "inventoryCode"
  | "province"
  | "channelKind"
  | "salesUnit"
  | "priceCents"
  | "priceTaxInCents"
  | "quantity"
  | "availabilityStatus"
>;

/**
 * schema.org availability of a channel: upcoming → `PreOrder` (reserved, docs/product.md#reservations); sold by the
 * liquor board → `InStoreOnly` (bought in its branches, not here); none left → `OutOfStock`;
 * otherwise `InStock`.
 */
export function offerAvailability(channel: Pick<OfferChannel, "channelKind" | "quantity" | "availabilityStatus">): string {
  if (channel.availabilityStatus === "UPCOMING") return "https://schema.org/PreOrder";
  if (channel.channelKind === "LIQUOR_BOARD") return "https://schema.org/InStoreOnly";
  return channel.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

/** What {@link productOffers} needs besides the channels. */
export interface OfferContext {
  slug: string;
  /** Bottles per case: a private-import offer is for one full case of them. */
  uvc: number;
  /** Basic groceries carry no tax (docs/product.md#taxes). */
  zeroRated: boolean;
  /** The tax mode the page shows its prices in: the offer's `price` is that one. */
  taxMode: TaxMode;
  /** What one sold unit is, in the page's language, as the page writes it beside the price. */
  unitText: { case: string; unit: string; bottle: string };
}

/**
 * What one offer of `channel` costs, in cents, in `taxMode`: the case for private import (taxed on
 * the case total, as the cart does), else one unit or bottle — the amount the page shows for it
 * (`displayPrice`). `og`'s price is the lowest of these.
 */
export function offeredCents(channel: OfferChannel, context: Pick<OfferContext, "uvc" | "zeroRated">, taxMode: TaxMode): number {
  const price = displayPrice({ ...channel, uvc: context.uvc, zeroRated: context.zeroRated }, taxMode);
  return soldByTheCase(channel) ? (price.caseCents ?? price.unitCents) : price.unitCents;
}

/**
 * One `Offer` per channel the page shows with a price (docs/decisions/042-money-shown-adds-up.md):
 * the offer is for what the channel sells — one full case of `uvc` bottles for private import
 * (UN/CEFACT unit `CS`), one unit for the shop (`H87`), one bottle at the liquor board (`H87`) —
 * and its `price` is the amount the page shows for it in the page's tax mode (`displayPrice`:
 * the case price taxed on the case total, as the cart does). `priceSpecification` gives both
 * amounts, taxes included and excluded (`valueAddedTaxIncluded`), each for that one case or unit
 * (`referenceQuantity`), and `eligibleQuantity` says it is bought by whole cases or units. A
 * liquor board's channel is sold by the board (its seller), in its branches.
 */
export function productOffers(origin: string, channels: readonly OfferChannel[], context: OfferContext): JsonLd[] {
  return channels.map((channel) => {
    const byCase = soldByTheCase(channel);
    const taxIn = offeredCents(channel, context, "IN");
    const taxOut = offeredCents(channel, context, "OUT");
    const shown = context.taxMode === "IN" ? taxIn : taxOut;
    const quantity = {
      "@type": "QuantitativeValue",
      value: 1,
      unitCode: byCase ? "CS" : "H87",
      unitText: byCase ? context.unitText.case : channel.channelKind === "LIQUOR_BOARD" ? context.unitText.bottle : context.unitText.unit,
    };
    const specification = (cents: number, included: boolean) => ({
      "@type": "UnitPriceSpecification",
      price: schemaPrice(cents),
      priceCurrency: "CAD",
      valueAddedTaxIncluded: included,
      referenceQuantity: quantity,
    });
    return {
      "@type": "Offer",
      price: schemaPrice(shown),
      priceCurrency: "CAD",
      priceSpecification: [specification(taxIn, true), specification(taxOut, false)],
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: 1, unitCode: quantity.unitCode, unitText: quantity.unitText },
      availability: offerAvailability(channel),
      url: `${origin}${productHref({ slug: context.slug, productInventoryId: channel.productInventoryId })}`,
      eligibleRegion: { "@type": "AdministrativeArea", name: REGION_OF[channel.province] },
      seller:
        channel.channelKind === "LIQUOR_BOARD"
          ? { "@type": "Organization", name: channel.inventoryCode }
          : { "@type": "Organization", name: SITE_NAME, url: origin },
    };
  });
}

/**
 * A product page's `Product`: name, image, description, brand (the producer), sku (the puid) and
 * its offers ({@link productOffers}: one per channel the page shows with a price).
 * @param product.image a path on the shop or an absolute URL, or several (the product's photos,
 *   main photo first): one is written as a URL, several as a list
 * @param product.url the product page's absolute URL (the canonical one)
 */
export function productJsonLd(
  origin: string,
  product: {
    name: string;
    description: string;
    image: string | readonly string[];
    url: string;
    puid: string;
    providerName: string;
    providerSlug: string;
    /** The offers, from {@link productOffers}. */
    offers: readonly JsonLd[];
  },
): JsonLd {
  const ld: JsonLd = {
    "@context": CONTEXT,
    "@type": "Product",
    name: product.name,
    image:
      typeof product.image === "string"
        ? absoluteUrl(origin, product.image)
        : product.image.length === 1
          ? absoluteUrl(origin, product.image[0]!)
          : product.image.map((image) => absoluteUrl(origin, image)),
    description: product.description,
    sku: product.puid,
    url: product.url,
    brand: { "@type": "Brand", name: product.providerName, url: `${origin}/providers/${product.providerSlug}` },
  };
  if (product.offers.length > 0) ld.offers = product.offers;
  return ld;
}

/**
 * A producer page's `Organization`: name, url, logo (its logo, else its photo, else its generated
 * image), description and the address of its first origin (country, region).
 */
export function organizationJsonLd(
  origin: string,
  provider: {
    name: string;
    url: string;
    image: string;
    description: string;
    origins: readonly { countryCode: string; regionName: string | null }[];
  },
): JsonLd {
  const ld: JsonLd = {
    "@context": CONTEXT,
    "@type": "Organization",
    name: provider.name,
    url: provider.url,
    logo: absoluteUrl(origin, provider.image),
  };
  if (provider.description) ld.description = provider.description;
  const first = provider.origins[0];
  if (first) {
    ld.address = {
      "@type": "PostalAddress",
      addressCountry: first.countryCode,
      ...(first.regionName ? { addressRegion: first.regionName } : {}),
    };
  }
  return ld;
}

/**
 * An article's `Article`: headline, description, publication date (ISO 8601), cover image, its
 * language, and the agency as author and publisher.
 */
export function articleJsonLd(
  origin: string,
  article: { title: string; summary: string; publishedAt: string; image: string; url: string; inLanguage: string },
): JsonLd {
  const agency = { "@type": "Organization", name: SITE_NAME, url: origin };
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    image: absoluteUrl(origin, article.image),
    url: article.url,
    mainEntityOfPage: article.url,
    inLanguage: article.inLanguage,
    author: agency,
    publisher: agency,
  };
}

/** What {@link wineFactsJsonLd} writes of a product's wine facts. */
export interface WineFactsLd {
  facts: WineFacts;
  /** `facts.grapes` named in the page's language. */
  grapes: readonly NamedGrapeShare[];
  /** The boards selling the product: only their codes are written. */
  soldAt: readonly LiquorBoard[];
  /** The properties' names in the page's language (`product.facts.*`). */
  names: Record<
    "grapes" | "alcohol" | "sugar" | "appellation" | "designation" | "serving" | "ageing" | "tastingNotes" | "foodPairings",
    string
  >;
  /** Tasting notes and food pairings in the page's language ("" = none). */
  tastingNotes: string;
  foodPairings: string;
}

/**
 * A product's wine facts for its `Product` (decision 036): schema.org has no wine fields, so each
 * fact is an `additionalProperty` `PropertyValue` (with UN/CEFACT unit codes: `P1` percent, `GL`
 * grams per litre, `CEL` degrees Celsius, `ANN` years; a grape's share as its value in percent),
 * and the boards' product codes are `identifier`s (`propertyID` "SAQ" or "LCBO") when the board
 * sells the product. Merge the result into {@link productJsonLd}'s object.
 * @returns `{}` when the product has no fact
 */
export function wineFactsJsonLd(wine: WineFactsLd): JsonLd {
  const { facts, names } = wine;
  const properties: JsonLd[] = [];
  const property = (name: string, value: unknown, extra: JsonLd = {}) =>
    properties.push({ "@type": "PropertyValue", name, value, ...extra });
  for (const grape of wine.grapes) {
    property(
      names.grapes,
      grape.name,
      grape.sharePercent === null
        ? {}
        : { valueReference: { "@type": "QuantitativeValue", value: grape.sharePercent, unitCode: "P1", unitText: "%" } },
    );
  }
  if (facts.alcoholPercent !== null) property(names.alcohol, facts.alcoholPercent, { unitCode: "P1", unitText: "%" });
  if (facts.residualSugarGramsPerLitre !== null)
    property(names.sugar, facts.residualSugarGramsPerLitre, { unitCode: "GL", unitText: "g/L" });
  if (facts.appellation) property(names.appellation, facts.appellation);
  if (facts.designation) property(names.designation, facts.designation);
  const { servingTemperatureMinC: min, servingTemperatureMaxC: max } = facts;
  if (min !== null || max !== null) {
    properties.push({
      "@type": "PropertyValue",
      name: names.serving,
      ...(min !== null ? { minValue: min } : {}),
      ...(max !== null ? { maxValue: max } : {}),
      unitCode: "CEL",
      unitText: "°C",
    });
  }
  if (facts.ageingPotentialYears !== null) property(names.ageing, facts.ageingPotentialYears, { unitCode: "ANN" });
  if (wine.tastingNotes) property(names.tastingNotes, wine.tastingNotes);
  if (wine.foodPairings) property(names.foodPairings, wine.foodPairings);
  const identifiers = (
    [
      ["SAQ", facts.saqCode],
      ["LCBO", facts.lcboCode],
    ] as const
  )
    .filter(([board, code]) => code !== null && wine.soldAt.includes(board))
    .map(([board, code]) => ({ "@type": "PropertyValue", propertyID: board, value: code }));
  const ld: JsonLd = {};
  if (properties.length > 0) ld.additionalProperty = properties;
  if (identifiers.length > 0) ld.identifier = identifiers;
  return ld;
}

/**
 * A page's trail of crumbs as a `BreadcrumbList` (docs/decisions/041-favourites-and-recently-viewed.md):
 * one `ListItem` per crumb, `position` from 1, its `name`, and its `item` as the absolute URL in the
 * page's language (the same `?lng=` rule as the canonical URLs). Its own script, beside the page's
 * `Product` or `Organization`.
 */
export function breadcrumbListJsonLd(origin: string, locale: Locale, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: localizedUrl(origin, crumb.href, locale),
    })),
  };
}
