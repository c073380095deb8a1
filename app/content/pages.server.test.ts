import { describe, expect, it } from "vitest";
import { LOCALES } from "~/vocabulary";
import { CONTENT_PAGE_SLUGS } from "~/vocabulary";
import { contentPageView, contentSlugFromPath, loadContentPage } from "./pages.server";

describe("the content files (content/pages)", () => {
  it.each(CONTENT_PAGE_SLUGS)("%s exists in both languages, with the same tabs and entry kinds", async (slug) => {
    const [fr, en] = await Promise.all(LOCALES.map((locale) => loadContentPage(slug, locale)));
    for (const page of [fr!, en!]) {
      expect(page.title).not.toBe("");
      expect(page.description).not.toBe("");
      expect(page.introHtml).not.toBe("");
    }
    expect(en!.tabs.map((t) => [t.id, t.kind])).toEqual(fr!.tabs.map((t) => [t.id, t.kind]));
    expect(fr!.title).not.toBe(en!.title);
  });

  it.each(LOCALES)("the FAQ (%s) has questions and a glossary of at least 28 terms", async (locale) => {
    const faq = await loadContentPage("faq", locale);
    expect(faq.tabs.map((t) => t.id)).toEqual(["questions", "glossary"]);
    expect(faq.tabs[0]!.entries.length).toBeGreaterThanOrEqual(8);
    expect(faq.tabs[1]!.entries.length).toBeGreaterThanOrEqual(28);
    // Answers link to shop pages.
    expect(faq.tabs[0]!.entries.some((e) => e.html.includes('href="/products?inventory=IP"'))).toBe(true);
  });

  it("has the spec's tabs on /orders-deliveries", async () => {
    const fr = await loadContentPage("orders-deliveries", "fr-CA");
    const en = await loadContentPage("orders-deliveries", "en-US");
    expect(fr.tabs.map((t) => t.label)).toEqual(["Commander", "Problèmes avec une commande", "Livraison"]);
    expect(en.tabs.map((t) => t.label)).toEqual(["Ordering", "Problems with an order", "Delivery"]);
  });

  it("reads each file once per process", async () => {
    expect(loadContentPage("faq", "fr-CA")).toBe(loadContentPage("faq", "fr-CA"));
  });
});

describe("contentSlugFromPath", () => {
  it("names a content page by its path, ignoring a trailing slash and the .data suffix", () => {
    expect(contentSlugFromPath("/faq")).toBe("faq");
    expect(contentSlugFromPath("/orders-deliveries/")).toBe("orders-deliveries");
    expect(contentSlugFromPath("/pricing-policy.data")).toBe("pricing-policy");
    expect(contentSlugFromPath("/products")).toBeNull();
    expect(contentSlugFromPath("/faq/x")).toBeNull();
  });
});

describe("contentPageView", () => {
  it("selects the tab of ?tab=, the first one when it is missing or unknown", async () => {
    const page = await loadContentPage("orders-deliveries", "en-US");
    expect(contentPageView(page, "delivery").activeTab?.id).toBe("delivery");
    expect(contentPageView(page, null).activeTab?.id).toBe("ordering");
    expect(contentPageView(page, "<script>").activeTab?.id).toBe("ordering");
    expect(contentPageView(page, "delivery").tabs).toEqual([
      { id: "ordering", label: "Ordering" },
      { id: "problems", label: "Problems with an order" },
      { id: "delivery", label: "Delivery" },
    ]);
  });

  it("has no active tab on a page without tabs", async () => {
    expect(contentPageView(await loadContentPage("about-us", "fr-CA"), "x").activeTab).toBeNull();
  });
});
