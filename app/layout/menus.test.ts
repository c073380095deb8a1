import { describe, expect, it } from "vitest";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { PRODUCT_TYPES } from "~/catalogue/seed/reference-data";
import { defineMenus, MenuDefinitionError, MENUS } from "./menus";

const group = (n: number) => ({ titleKey: `g${n}`, links: [{ labelKey: "x", to: "/" }] });

describe("defineMenus", () => {
  it("accepts a menu with 4 sub-menu groups", () => {
    expect(defineMenus([{ labelKey: "m", to: "/", groups: [1, 2, 3, 4].map(group) }])).toHaveLength(1);
  });
  it("rejects a menu with more than 4 sub-menu groups as a developer error", () => {
    expect(() => defineMenus([{ labelKey: "m", to: "/", groups: [1, 2, 3, 4, 5].map(group) }])).toThrow(MenuDefinitionError);
  });
  it("gives each province the spec's top entries and its own channels", () => {
    expect(MENUS.QC.map((m) => m.labelKey)).toEqual(["nav.producers", "nav.products", "nav.shop", "nav.clients", "nav.blog"]);
    const channels = (p: "QC" | "ON") => MENUS[p][1]!.groups.find((g) => g.titleKey === "nav.groups.channels")!.links.map((l) => l.to);
    expect(channels("QC")).toEqual(["/products?inventory=IP", "/products?inventory=SAQ"]);
    expect(channels("ON")).toEqual(["/products?inventory=PI", "/products?inventory=LCBO"]);
  });
});

describe("the menus' product type links", () => {
  it("is what the menus use for every product type link", () => {
    for (const province of ["QC", "ON"] as const) {
      const typeLinks = MENUS[province]
        .flatMap((menu) => menu.groups.flatMap((group) => group.links))
        .filter((link) => link.to.startsWith("/products?type="));
      expect(typeLinks.map((link) => link.to.replace("/products?type=", "")).sort()).toEqual(PRODUCT_TYPES.map((t) => t.code).sort());
      for (const link of typeLinks) {
        expect(link.labelKey).toBe(productTypeLabelKey(link.to.replace("/products?type=", "")));
      }
    }
  });
});
