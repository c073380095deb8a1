import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { parseBlogFilters } from "~/blogs/blog-filters";
import { displayPrice } from "~/catalogue/display-price";
import { parseProductFilters } from "~/catalogue/product-filters";
import { parseProviderFilters } from "~/catalogue/provider-filters";
import { priceTaxIn } from "~/pricing/taxes";
import {
  articleListMeta,
  articleMeta,
  productListMeta,
  productMeta,
  type ProductMetaData,
  providerListMeta,
  providerMeta,
} from "./catalogue-meta";
import { offerAvailability, schemaPrice } from "./structured-data";

const origin = "https://cuvee.example";
const french = { origin, locale: "fr-CA" } as const;
const english = { origin, locale: "en-US" } as const;

const content = (tags: MetaDescriptor[], key: string, value: string) =>
  (tags.find((t) => (t as Record<string, unknown>)[key] === value) as { content?: string } | undefined)?.content;
const title = (tags: MetaDescriptor[]) => (tags.find((t) => "title" in t) as { title: string }).title;
const canonical = (tags: MetaDescriptor[]) => (tags.find((t) => (t as { rel?: string }).rel === "canonical") as { href: string }).href;
const jsonLd = (tags: MetaDescriptor[]) =>
  (tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, unknown> })["script:ld+json"];

const channel = (id: number, priceCents: number, more: Partial<ProductMetaData["here"][number]> = {}): ProductMetaData["here"][number] => {
  const province = more.province ?? "QC";
  return {
    productInventoryId: id,
    inventoryCode: "IP",
    province,
    channelKind: "PRIVATE_IMPORT",
    salesUnit: "CASE",
    priceCents,
    priceTaxInCents: priceTaxIn(priceCents, province, false),
    quantity: 24,
    availabilityStatus: "AVAILABLE",
    ...more,
  };
};

const product: ProductMetaData = {
  product: {
    name: "Muscadet Clos des Briords",
    slug: "muscadet-clos-des-briords",
    puid: "P-0001",
    description: "Un muscadet de vieilles vignes sur granit. Vendange manuelle.",
    typeCode: "VIN",
    volumeMl: 750,
    countryName: "France",
    regionName: "Loire",
    provider: { name: "Domaine de la Pépière", slug: "domaine-de-la-pepiere" },
    uvc: 12,
    zeroRated: false,
  },
  taxMode: "IN",
  colorCode: "blanc",
  here: [channel(11, 2495), channel(12, 2895, { channelKind: "LIQUOR_BOARD", inventoryCode: "SAQ", salesUnit: "NONE" })],
  elsewhere: [channel(21, 2600, { province: "ON", availabilityStatus: "UPCOMING" })],
};

describe("productMeta", () => {
  it("describes the product by type, producer, origin, volume and lowest price before taxes, then its first sentence", () => {
    const tags = productMeta(french, product);
    expect(title(tags)).toBe("Muscadet Clos des Briords · Cuvée");
    expect(content(tags, "name", "description")).toBe(
      "Vin de Domaine de la Pépière, Loire, France, 750 ml, à partir de 24,95 $ avant taxes. Un muscadet de vieilles vignes sur granit.",
    );
    expect(canonical(tags)).toBe("https://cuvee.example/products/muscadet-clos-des-briords");
    expect(content(tags, "property", "og:type")).toBe("product");
    expect(content(tags, "property", "og:image")).toBe("https://cuvee.example/images/products/blanc--VIN.svg");
    expect(content(tags, "property", "product:price:currency")).toBe("CAD");
  });

  it("gives og the lowest price the page's offers carry, in the page's tax mode (not a bottle before taxes of a case)", () => {
    const tags = productMeta(french, product);
    // The SAQ's bottle, taxes included (the private import's case of 12 is dearer).
    expect(content(tags, "property", "product:price:amount")).toBe("33.29");
    expect((jsonLd(tags).offers as Record<string, unknown>[]).map((offer) => offer.price)).toContain("33.29");
  });

  it("speaks English on an English page, elides nothing, and names a single price without 'from'", () => {
    const tags = productMeta(english, {
      ...product,
      here: [channel(11, 2495)],
      product: { ...product.product, provider: { name: "Aphros", slug: "aphros" } },
    });
    expect(content(tags, "name", "description")).toMatch(/^Wine by Aphros, Loire, France, 750 ml, \$24\.95 before taxes\. /);
    expect(canonical(tags)).toBe("https://cuvee.example/products/muscadet-clos-des-briords?lng=en-US");
  });

  it("elides 'de' before a vowel in French", () => {
    const tags = productMeta(french, { ...product, product: { ...product.product, provider: { name: "Aphros", slug: "aphros" } } });
    expect(content(tags, "name", "description")).toMatch(/^Vin d’Aphros, /);
  });

  it("carries the wine facts as additionalProperty, in the page's language, and the codes of the boards selling it as identifiers", () => {
    const wine = {
      facts: {
        grapes: [{ code: "melon-de-bourgogne", sharePercent: 100 }],
        alcoholPercent: 12,
        residualSugarGramsPerLitre: 1.8,
        appellation: "Muscadet Sèvre et Maine",
        designation: "AOP",
        tastingNotesFr: "Agrumes.",
        tastingNotesEn: "Citrus.",
        foodPairingsFr: "",
        foodPairingsEn: "",
        servingTemperatureMinC: 8,
        servingTemperatureMaxC: 10,
        ageingPotentialYears: 8,
        saqCode: "12345678",
        lcboCode: "654321",
      },
      grapes: [{ code: "melon-de-bourgogne", sharePercent: 100, name: "Melon de Bourgogne" }],
    };
    const ld = jsonLd(productMeta(english, { ...product, wine, soldAt: ["SAQ"] }));
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers).toHaveLength(2);
    const properties = ld.additionalProperty as Record<string, unknown>[];
    expect(properties).toEqual([
      {
        "@type": "PropertyValue",
        name: "Grape varieties",
        value: "Melon de Bourgogne",
        valueReference: { "@type": "QuantitativeValue", value: 100, unitCode: "P1", unitText: "%" },
      },
      { "@type": "PropertyValue", name: "Alcohol", value: 12, unitCode: "P1", unitText: "%" },
      { "@type": "PropertyValue", name: "Residual sugar", value: 1.8, unitCode: "GL", unitText: "g/L" },
      { "@type": "PropertyValue", name: "Appellation", value: "Muscadet Sèvre et Maine" },
      { "@type": "PropertyValue", name: "Designation", value: "AOP" },
      { "@type": "PropertyValue", name: "Serving temperature", minValue: 8, maxValue: 10, unitCode: "CEL", unitText: "°C" },
      { "@type": "PropertyValue", name: "Ageing potential", value: 8, unitCode: "ANN" },
      { "@type": "PropertyValue", name: "Tasting notes", value: "Citrus." },
    ]);
    // Not sold at the LCBO: its code is left out.
    expect(ld.identifier).toEqual([{ "@type": "PropertyValue", propertyID: "SAQ", value: "12345678" }]);
    expect(jsonLd(productMeta(french, product)).additionalProperty).toBeUndefined();
  });

  it("names the product's own photos, by absolute URL, in JSON-LD and OpenGraph when it has some", () => {
    const photos = ["/media/aaaa/1280.jpg", "/media/bbbb/960.jpg"];
    const tags = productMeta(french, { ...product, imageUrls: photos });
    expect(jsonLd(tags).image).toEqual(["https://cuvee.example/media/aaaa/1280.jpg", "https://cuvee.example/media/bbbb/960.jpg"]);
    expect(content(tags, "property", "og:image")).toBe("https://cuvee.example/media/aaaa/1280.jpg");
    expect(jsonLd(productMeta(french, { ...product, imageUrls: photos.slice(0, 1) })).image).toBe(
      "https://cuvee.example/media/aaaa/1280.jpg",
    );
    expect(jsonLd(productMeta(french, { ...product, imageUrls: [] })).image).toBe("https://cuvee.example/images/products/blanc--VIN.svg");
  });

  it("carries a JSON-LD Product with brand, sku and one CAD offer per channel shown with a price", () => {
    const ld = jsonLd(productMeta(french, product));
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Muscadet Clos des Briords",
      sku: "P-0001",
      image: "https://cuvee.example/images/products/blanc--VIN.svg",
      brand: { "@type": "Brand", name: "Domaine de la Pépière" },
    });
    const offers = ld.offers as Record<string, unknown>[];
    // The other province's channels are named on the page without a price: no offer.
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      "@type": "Offer",
      priceCurrency: "CAD",
      availability: "https://schema.org/InStock",
      url: "https://cuvee.example/products/muscadet-clos-des-briords?id=11",
    });
    expect(offers.map((o) => o.availability)).toEqual(["https://schema.org/InStock", "https://schema.org/InStoreOnly"]);
    const upcoming = jsonLd(productMeta(french, { ...product, here: [channel(21, 2600, { availabilityStatus: "UPCOMING" })] }));
    expect((upcoming.offers as Record<string, unknown>[])[0]!.availability).toBe("https://schema.org/PreOrder");
  });

  it("offers a private import by the full case at the case price the page shows, taxes included and excluded", () => {
    const offers = jsonLd(productMeta(french, product)).offers as Record<string, unknown>[];
    // 12 × 24,95 $ = 299,40 $ before taxes; taxes on the case total: 299,40 + 14,97 + 29,87 = 344,24 $.
    const shown = displayPrice({ ...product.here[0]!, uvc: 12, zeroRated: false }, "IN");
    expect(shown.caseCents).toBe(34424);
    const perCase = { "@type": "QuantitativeValue", value: 1, unitCode: "CS", unitText: "la caisse de 12 bouteilles" };
    expect(offers[0]).toMatchObject({
      price: "344.24",
      priceCurrency: "CAD",
      priceSpecification: [
        {
          "@type": "UnitPriceSpecification",
          price: "344.24",
          priceCurrency: "CAD",
          valueAddedTaxIncluded: true,
          referenceQuantity: perCase,
        },
        {
          "@type": "UnitPriceSpecification",
          price: "299.40",
          priceCurrency: "CAD",
          valueAddedTaxIncluded: false,
          referenceQuantity: perCase,
        },
      ],
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: 1, unitCode: "CS", unitText: "la caisse de 12 bouteilles" },
      seller: { "@type": "Organization", name: "Cuvée" },
    });
    // Before taxes on the page: the offer's price is the one shown before taxes.
    expect((jsonLd(productMeta(english, { ...product, taxMode: "OUT" })).offers as Record<string, unknown>[])[0]).toMatchObject({
      price: "299.40",
      eligibleQuantity: { unitCode: "CS", unitText: "per case of 12 bottles" },
    });
  });

  it("offers a shop item or a liquor board's bottle by the unit, the board as its seller, no tax on zero-rated food", () => {
    const offers = jsonLd(productMeta(french, product)).offers as Record<string, unknown>[];
    // 28,95 $ + 1,45 $ GST + 2,89 $ QST = 33,29 $.
    expect(offers[1]).toMatchObject({
      price: "33.29",
      priceSpecification: [
        { price: "33.29", valueAddedTaxIncluded: true, referenceQuantity: { value: 1, unitCode: "H87", unitText: "la bouteille" } },
        { price: "28.95", valueAddedTaxIncluded: false },
      ],
      seller: { "@type": "Organization", name: "SAQ" },
    });
    const food = productMeta(french, {
      ...product,
      product: { ...product.product, uvc: 1, zeroRated: true },
      here: [channel(31, 1249, { channelKind: "SHOP", inventoryCode: "STORE_MTL", salesUnit: "UNIT", priceTaxInCents: 1249 })],
    });
    expect((jsonLd(food).offers as Record<string, unknown>[])[0]).toMatchObject({
      price: "12.49",
      priceSpecification: [
        { price: "12.49", valueAddedTaxIncluded: true, referenceQuantity: { unitCode: "H87", unitText: "l'unité" } },
        { price: "12.49", valueAddedTaxIncluded: false },
      ],
      eligibleQuantity: { minValue: 1, unitCode: "H87" },
    });
  });

  it("has no price and no offers when the product is sold nowhere", () => {
    const tags = productMeta(french, { ...product, here: [], elsewhere: [] });
    expect(content(tags, "name", "description")).toMatch(/^Vin de Domaine de la Pépière, Loire, France, 750 ml\. Un muscadet/);
    expect(jsonLd(tags).offers).toBeUndefined();
  });
});

describe("structured data pieces", () => {
  it("writes prices as schema.org text in dollars", () => {
    expect(schemaPrice(2495)).toBe("24.95");
    expect(schemaPrice(100000)).toBe("1000.00");
    expect(() => schemaPrice(24.5)).toThrow(RangeError);
  });
  it("says a channel without stock is out of stock", () => {
    expect(offerAvailability({ channelKind: "SHOP", quantity: 0, availabilityStatus: "AVAILABLE" })).toBe("https://schema.org/OutOfStock");
  });
});

describe("providerMeta", () => {
  const provider = {
    provider: {
      name: "Domaine de la Pépière",
      slug: "domaine-de-la-pepiere",
      description: "Marc Ollivier cultive le melon de Bourgogne. Ses vins vieillissent bien.",
      imageColor: "#7b1e3a",
      origins: [{ countryCode: "FR", countryName: "France", regionName: "Loire" }],
    },
  };
  it("uses the first sentence of the description and an Organization", () => {
    const tags = providerMeta(french, provider);
    expect(content(tags, "name", "description")).toBe("Marc Ollivier cultive le melon de Bourgogne.");
    expect(canonical(tags)).toBe("https://cuvee.example/providers/domaine-de-la-pepiere");
    expect(jsonLd(tags)).toMatchObject({
      "@type": "Organization",
      name: "Domaine de la Pépière",
      url: "https://cuvee.example/providers/domaine-de-la-pepiere",
      logo: "https://cuvee.example/images/providers/domaine-de-la-pepiere.svg",
      address: { "@type": "PostalAddress", addressCountry: "FR", addressRegion: "Loire" },
    });
  });
  it("takes its logo as the Organization's logo and its photo for OpenGraph when it has them", () => {
    const tags = providerMeta(french, { ...provider, logoUrl: "/media/cccc/640.jpg", photoUrl: "/media/dddd/1280.jpg" });
    expect(jsonLd(tags).logo).toBe("https://cuvee.example/media/cccc/640.jpg");
    expect(content(tags, "property", "og:image")).toBe("https://cuvee.example/media/dddd/1280.jpg");
  });
  it("falls back to a sentence naming its origin", () => {
    const tags = providerMeta(english, { provider: { ...provider.provider, description: "" } });
    expect(content(tags, "name", "description")).toBe("Domaine de la Pépière (Loire, France) and its products offered by Cuvée.");
  });
});

describe("articleMeta", () => {
  it("points at the slug, says when it was published and carries an Article by the agency", () => {
    const tags = articleMeta(french, {
      blog: {
        slug: "muscadet",
        title: "Le muscadet",
        summary: "Un résumé.",
        publishedAt: "2024-05-01T10:00:00.000Z",
        coverColor: "#7b1e3a",
        coverMotif: "grapes",
      },
    });
    expect(canonical(tags)).toBe("https://cuvee.example/blogs/muscadet");
    expect(content(tags, "property", "og:type")).toBe("article");
    expect(content(tags, "property", "article:published_time")).toBe("2024-05-01T10:00:00.000Z");
    expect(jsonLd(tags)).toMatchObject({
      "@type": "Article",
      headline: "Le muscadet",
      datePublished: "2024-05-01T10:00:00.000Z",
      author: { "@type": "Organization", name: "Cuvée" },
      inLanguage: "fr-CA",
    });
    expect(String(jsonLd(tags).image)).toMatch(/^https:\/\/cuvee\.example\/images\/blogs\//);
  });
});

describe("list pages", () => {
  const known = { inventoryCodes: new Set(["IP"]), typeCodes: new Set(["VIN"]) };
  const option = (label: string, checked: boolean) => ({ label, checked });
  const facets = {
    inventories: [option("Importation privée", false)],
    types: [option("Vin", true), option("Bière", false)],
    colors: [option("Rouge", true)],
    characteristics: [],
    countries: [option("France", true)],
    regions: [option("Loire", true)],
  };

  it("names the chosen filters (three at most) and the page in the product list's title; canonical keeps them", () => {
    const filters = parseProductFilters(new URLSearchParams("type=VIN&c=FR&page=2"), known);
    const tags = productListMeta(french, { title: "Produits", filters, facets, pagination: { page: 2, total: 41 } });
    expect(title(tags)).toBe("Vin, Rouge, France, … · Produits, page 2 · Cuvée");
    expect(content(tags, "name", "description")).toMatch(/^41 produits à découvrir/);
    expect(canonical(tags)).toBe("https://cuvee.example/products?type=VIN&c=FR&page=2");
  });

  it("quotes the searched text and says nothing more on page 1 without filters", () => {
    const none = { ...facets, types: [], colors: [], countries: [], regions: [] };
    const plain = productListMeta(english, {
      title: "Products",
      filters: parseProductFilters(new URLSearchParams(), known),
      facets: none,
      pagination: { page: 1, total: 1 },
    });
    expect(title(plain)).toBe("Products · Cuvée");
    expect(content(plain, "name", "description")).toMatch(/^1 product to discover/);
    const searched = productListMeta(english, {
      title: "Products",
      filters: parseProductFilters(new URLSearchParams("t=chablis"), known),
      facets: none,
      pagination: { page: 1, total: 3 },
    });
    expect(title(searched)).toBe("“chablis” · Products · Cuvée");
  });

  it("titles the producer list with its page", () => {
    const tags = providerListMeta(french, { title: "Producteurs", filters: parseProviderFilters(new URLSearchParams("page=3"), "QC") });
    expect(title(tags)).toBe("Producteurs, page 3 · Cuvée");
    expect(canonical(tags)).toBe("https://cuvee.example/providers?page=3");
  });

  it("titles the article list with its type and themes", () => {
    const filters = parseBlogFilters(new URLSearchParams("type=REGION&a=travel"), new Set(["travel"]));
    const tags = articleListMeta(french, {
      title: "Blogue",
      description: "Articles.",
      filters,
      themes: [{ code: "travel", name: "Voyage" }],
    });
    expect(title(tags)).toBe("Région, Voyage · Blogue · Cuvée");
    expect(canonical(tags)).toBe("https://cuvee.example/blogs?type=REGION&a=travel");
  });
});
