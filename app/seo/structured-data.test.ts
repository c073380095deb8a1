import { describe, expect, it } from "vitest";
import { productTrail } from "~/catalogue/breadcrumbs";
import { breadcrumbListJsonLd } from "./structured-data";

const origin = "https://cuvee.example";
const trail = productTrail(
  { home: "Accueil", products: "Produits", providers: "Producteurs" },
  { name: "Barolo 2019", slug: "barolo-2019", typeCode: "VIN", typeLabel: "Vin", countryCode: "IT", countryName: "Italie" },
);

describe("breadcrumbListJsonLd", () => {
  it("lists the crumbs as ListItems from position 1, with absolute URLs", () => {
    expect(breadcrumbListJsonLd(origin, "fr-CA", trail)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Accueil", item: "https://cuvee.example/" },
        { "@type": "ListItem", position: 2, name: "Produits", item: "https://cuvee.example/products" },
        { "@type": "ListItem", position: 3, name: "Vin", item: "https://cuvee.example/products?type=VIN" },
        { "@type": "ListItem", position: 4, name: "Italie", item: "https://cuvee.example/products?type=VIN&c=IT" },
        { "@type": "ListItem", position: 5, name: "Barolo 2019", item: "https://cuvee.example/products/barolo-2019" },
      ],
    });
  });

  it("links the English page's crumbs to the English pages", () => {
    const items = breadcrumbListJsonLd(origin, "en-US", trail).itemListElement as { item: string }[];
    expect(items.map((i) => i.item)).toEqual([
      "https://cuvee.example/?lng=en-US",
      "https://cuvee.example/products?lng=en-US",
      "https://cuvee.example/products?type=VIN&lng=en-US",
      "https://cuvee.example/products?type=VIN&c=IT&lng=en-US",
      "https://cuvee.example/products/barolo-2019?lng=en-US",
    ]);
  });
});
