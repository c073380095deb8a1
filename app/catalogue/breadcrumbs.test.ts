import { describe, expect, it } from "vitest";
import { productTrail, providerTrail } from "./breadcrumbs";

const FR = { home: "Accueil", products: "Produits", providers: "Producteurs" };

describe("productTrail", () => {
  it("is Home › Products › type › country › the product, each crumb the list filtered to it", () => {
    expect(
      productTrail(FR, {
        name: "Barolo 2019",
        slug: "barolo-2019",
        typeCode: "VIN",
        typeLabel: "Vin",
        countryCode: "IT",
        countryName: "Italie",
      }),
    ).toEqual([
      { label: "Accueil", href: "/" },
      { label: "Produits", href: "/products" },
      { label: "Vin", href: "/products?type=VIN" },
      { label: "Italie", href: "/products?type=VIN&c=IT" },
      { label: "Barolo 2019", href: "/products/barolo-2019" },
    ]);
  });

  it("leaves the country out when the product has none", () => {
    const trail = productTrail(FR, {
      name: "Tablier",
      slug: "tablier",
      typeCode: "GOODS",
      typeLabel: "Objets",
      countryCode: null,
      countryName: null,
    });
    expect(trail.map((c) => c.label)).toEqual(["Accueil", "Produits", "Objets", "Tablier"]);
    expect(trail[2]!.href).toBe("/products?type=GOODS");
  });
});

describe("providerTrail", () => {
  it("is Home › Producers › the producer", () => {
    expect(providerTrail({ home: "Home", products: "Products", providers: "Producers" }, { name: "Ageno", slug: "ageno" })).toEqual([
      { label: "Home", href: "/" },
      { label: "Producers", href: "/providers" },
      { label: "Ageno", href: "/providers/ageno" },
    ]);
  });
});
