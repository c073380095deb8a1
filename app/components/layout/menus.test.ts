import { describe, expect, it } from "vitest";
import { MENUS, MenuDefinitionError, defineMenus } from "./menus";

const group = (n: number) => ({ titleKey: `g${n}`, links: [{ labelKey: "x", to: "/" }] });

describe("defineMenus", () => {
  it("accepts a menu with 4 sub-menu groups", () => {
    expect(defineMenus([{ labelKey: "m", to: "/", groups: [1, 2, 3, 4].map(group) }])).toHaveLength(1);
  });
  it("rejects a menu with more than 4 sub-menu groups as a developer error", () => {
    expect(() => defineMenus([{ labelKey: "m", to: "/", groups: [1, 2, 3, 4, 5].map(group) }])).toThrow(
      MenuDefinitionError,
    );
  });
  it("gives each province the spec's top entries and its own channels", () => {
    expect(MENUS.QC.map((m) => m.labelKey)).toEqual([
      "nav.producers",
      "nav.products",
      "nav.shop",
      "nav.clients",
      "nav.blog",
    ]);
    const channels = (p: "QC" | "ON") =>
      MENUS[p][1]!.groups.find((g) => g.titleKey === "nav.groups.channels")!.links.map((l) => l.to);
    expect(channels("QC")).toEqual(["/products?inventory=IP", "/products?inventory=SAQ"]);
    expect(channels("ON")).toEqual(["/products?inventory=PI", "/products?inventory=LCBO"]);
  });
});
