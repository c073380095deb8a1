import { describe, expect, it } from "vitest";
import { composeFavoriteAvailable } from "./favorites.server";

const mail = {
  firstName: "Camille",
  productName: "Barolo <Cannubi> & fils",
  productUrl: "https://cuvee.example/products/barolo",
  favoritesUrl: "https://cuvee.example/account/favorites",
};

describe("composeFavoriteAvailable", () => {
  it("names the product in the subject and links to it and to the favourites, in French", () => {
    const composed = composeFavoriteAvailable({ ...mail, locale: "fr-CA" });
    expect(composed.subject).toBe("Cuvée — Barolo <Cannubi> & fils est maintenant disponible");
    expect(composed.text).toContain("Bonjour Camille,");
    expect(composed.text).toContain("https://cuvee.example/products/barolo");
    expect(composed.text).toContain("https://cuvee.example/account/favorites");
    // Every dynamic value is escaped in the HTML part.
    expect(composed.html).toContain("Barolo &lt;Cannubi&gt; &amp; fils");
    expect(composed.html).not.toContain("<Cannubi>");
  });

  it("is written in English for an English-speaking customer", () => {
    const composed = composeFavoriteAvailable({ ...mail, locale: "en-US" });
    expect(composed.subject).toBe("Cuvée — Barolo <Cannubi> & fils is now available");
    expect(composed.text).toContain("Hello Camille,");
  });
});
