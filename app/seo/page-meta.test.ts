import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translator";
import { clipDescription, firstSentence } from "./meta-text";
import { absoluteUrl, documentTitle, localeOfUrl, localizedUrl, pagedTitle, privatePageMeta, seoMeta, siteOf } from "./page-meta";
import { isPublicFile } from "./public-files";

const origin = "https://cuvee.example";
const french = { origin, locale: "fr-CA" } as const;
const english = { origin, locale: "en-US" } as const;

/** The value of the first descriptor having `key` (and `rel`/`hrefLang` when given). */
function find(tags: MetaDescriptor[], match: Record<string, string>): MetaDescriptor | undefined {
  return tags.find((tag) => Object.entries(match).every(([k, v]) => (tag as Record<string, unknown>)[k] === v));
}
const content = (tags: MetaDescriptor[], match: Record<string, string>) => (find(tags, match) as { content?: string } | undefined)?.content;
const href = (tags: MetaDescriptor[], match: Record<string, string>) => (find(tags, match) as { href?: string } | undefined)?.href;

describe("localizedUrl", () => {
  it("is the plain URL in French and adds lng=en-US in English, keeping the page's query", () => {
    expect(localizedUrl(origin, "/products", "fr-CA")).toBe("https://cuvee.example/products");
    expect(localizedUrl(origin, "/products", "en-US")).toBe("https://cuvee.example/products?lng=en-US");
    expect(localizedUrl(origin, "/products?type=VIN&page=2", "en-US")).toBe("https://cuvee.example/products?type=VIN&page=2&lng=en-US");
  });
  it("drops a lng the path already had, whatever the language asked", () => {
    expect(localizedUrl(origin, "/faq?lng=en-US&tab=glossary", "fr-CA")).toBe("https://cuvee.example/faq?tab=glossary");
    expect(localizedUrl(origin, "/?lng=fr-CA", "en-US")).toBe("https://cuvee.example/?lng=en-US");
  });
});

describe("localeOfUrl", () => {
  it("reads a supported lng only", () => {
    expect(localeOfUrl(new URL("http://x/p?lng=en-US"))).toBe("en-US");
    expect(localeOfUrl(new URL("http://x/p?lng=fr-CA"))).toBe("fr-CA");
    expect(localeOfUrl(new URL("http://x/p?lng=de-DE"))).toBeNull();
    expect(localeOfUrl(new URL("http://x/p"))).toBeNull();
  });
});

describe("documentTitle and pagedTitle", () => {
  it("adds the brand once", () => {
    expect(documentTitle("Produits")).toBe("Produits · Cuvée");
    expect(documentTitle("Cuvée · Agence d'importation")).toBe("Cuvée · Agence d'importation");
  });
  it("names the page past the first, in the page's language", () => {
    expect(pagedTitle(translatorFor("fr-CA"), "Produits", 1)).toBe("Produits");
    expect(pagedTitle(translatorFor("fr-CA"), "Produits", 3)).toBe("Produits, page 3");
    expect(pagedTitle(translatorFor("en-US"), "Products", 2)).toBe("Products, page 2");
  });
});

describe("seoMeta", () => {
  const page = {
    title: "Producteurs",
    description: "Les vignerons que nous importons.",
    path: "/providers?page=2",
    image: "/images/x.svg",
  };

  it("gives title, description, canonical, the fr-CA / en-CA / x-default alternates and OpenGraph in French", () => {
    const tags = seoMeta(french, page);
    expect(tags[0]).toEqual({ title: "Producteurs · Cuvée" });
    expect(content(tags, { name: "description" })).toBe("Les vignerons que nous importons.");
    expect(href(tags, { rel: "canonical" })).toBe("https://cuvee.example/providers?page=2");
    expect(href(tags, { rel: "alternate", hrefLang: "fr-CA" })).toBe("https://cuvee.example/providers?page=2");
    expect(href(tags, { rel: "alternate", hrefLang: "en-CA" })).toBe("https://cuvee.example/providers?page=2&lng=en-US");
    expect(href(tags, { rel: "alternate", hrefLang: "x-default" })).toBe("https://cuvee.example/providers?page=2");
    expect(content(tags, { property: "og:title" })).toBe("Producteurs · Cuvée");
    expect(content(tags, { property: "og:url" })).toBe("https://cuvee.example/providers?page=2");
    expect(content(tags, { property: "og:type" })).toBe("website");
    expect(content(tags, { property: "og:locale" })).toBe("fr_CA");
    expect(content(tags, { property: "og:locale:alternate" })).toBe("en_CA");
    expect(content(tags, { property: "og:image" })).toBe("https://cuvee.example/images/x.svg");
    expect(content(tags, { name: "twitter:card" })).toBe("summary_large_image");
    expect(content(tags, { name: "twitter:image" })).toBe("https://cuvee.example/images/x.svg");
    expect(find(tags, { name: "robots" })).toBeUndefined();
  });

  it("points the canonical and og:url of an English page at the English URL", () => {
    const tags = seoMeta(english, { ...page, title: "Producers" });
    expect(href(tags, { rel: "canonical" })).toBe("https://cuvee.example/providers?page=2&lng=en-US");
    expect(content(tags, { property: "og:url" })).toBe("https://cuvee.example/providers?page=2&lng=en-US");
    expect(content(tags, { property: "og:locale" })).toBe("en_CA");
    expect(content(tags, { property: "og:locale:alternate" })).toBe("fr_CA");
    expect(href(tags, { rel: "alternate", hrefLang: "x-default" })).toBe("https://cuvee.example/providers?page=2");
  });

  it("says noindex and gives no canonical, alternates or og:url on a private page", () => {
    const tags = seoMeta(french, { ...page, noindex: true });
    expect(content(tags, { name: "robots" })).toBe("noindex");
    expect(find(tags, { rel: "canonical" })).toBeUndefined();
    expect(find(tags, { rel: "alternate" })).toBeUndefined();
    expect(find(tags, { property: "og:url" })).toBeUndefined();
    expect(content(tags, { property: "og:title" })).toBe("Producteurs · Cuvée");
  });

  it("gives a small summary card without an image", () => {
    const tags = seoMeta(french, { title: "FAQ", description: "Questions.", path: "/faq" });
    expect(find(tags, { property: "og:image" })).toBeUndefined();
    expect(content(tags, { name: "twitter:card" })).toBe("summary");
  });

  it("keeps title and description only without the root's data", () => {
    expect(seoMeta(null, page)).toEqual([
      { title: "Producteurs · Cuvée" },
      { name: "description", content: "Les vignerons que nous importons." },
    ]);
  });

  it("gives private pages a description from the locales in the page's language", () => {
    const tags = privatePageMeta(english, "Log in", "login");
    expect(tags[0]).toEqual({ title: "Log in · Cuvée" });
    expect(content(tags, { name: "description" })).toMatch(/^Log in to your Cuvée account/);
    expect(content(tags, { name: "robots" })).toBe("noindex");
    // Not the home page's address: a private page names no URL at all.
    expect(find(tags, { property: "og:url" })).toBeUndefined();
    expect(find(tags, { rel: "canonical" })).toBeUndefined();
    expect(content(privatePageMeta(french, undefined, "cart"), { name: "description" })).toMatch(/^Votre panier/);
  });
});

describe("siteOf", () => {
  it("reads the origin and language the root loader gave", () => {
    expect(
      siteOf([
        { id: "root", data: { origin, locale: "en-US", year: 2025 } },
        { id: "routes/faq", data: {} },
      ]),
    ).toEqual(english);
  });
  it("is null without usable root data", () => {
    expect(siteOf([{ id: "root", data: undefined }])).toBeNull();
    expect(siteOf([{ id: "root", data: { origin, locale: "de-DE" } }])).toBeNull();
  });
});

describe("texts", () => {
  it("cuts a description at a word past 300 characters", () => {
    const long = `${"Un vin de soif, ".repeat(30)}fin.`;
    const clipped = clipDescription(long);
    expect(clipped.length).toBeLessThanOrEqual(300);
    expect(clipped.endsWith(" Un vin de…")).toBe(true);
    expect(clipDescription("  Court\n texte. ")).toBe("Court texte.");
  });
  it("takes a description's first sentence", () => {
    expect(firstSentence("Vignoble familial du Muscadet. Trois générations.")).toBe("Vignoble familial du Muscadet.");
    expect(firstSentence("Sans point final")).toBe("Sans point final");
    expect(firstSentence("")).toBe("");
  });
  it("absoluteUrl keeps absolute URLs", () => {
    expect(absoluteUrl(origin, "/a.svg")).toBe("https://cuvee.example/a.svg");
    expect(absoluteUrl(origin, "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });
  it("isPublicFile names the images, robots.txt and the sitemaps, not the pages", () => {
    expect(["/images/products/x.svg", "/robots.txt", "/sitemap.xml", "/sitemap/products-1.xml"].every(isPublicFile)).toBe(true);
    expect(["/", "/products", "/sitemaps-are-not-pages"].some(isPublicFile)).toBe(false);
  });
});
