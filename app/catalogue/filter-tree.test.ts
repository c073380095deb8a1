import { describe, expect, it } from "vitest";
import { buildFilterTree, providerFilterCount } from "./filter-tree";

const countries = [
  {
    id: 1,
    code: "FR",
    name: "France",
    regions: [
      { id: 3, name: "Loire" },
      { id: 4, name: "Jura" },
    ],
  },
  { id: 2, code: "PT", name: "Portugal", regions: [] },
];

describe("buildFilterTree", () => {
  it("puts countries under a root 'All' with id 0 and offsets country ids by 10000", () => {
    const tree = buildFilterTree(countries, { countries: [], regions: [] }, "All");
    expect(tree).toMatchObject({ id: 0, label: "All", checked: true });
    expect(tree.children.map((c) => c.id)).toEqual([10001, 10002]);
    expect(tree.children[0]!.children.map((r) => r.id)).toEqual([3, 4]);
  });
  it("disables a country with an empty region list", () => {
    const tree = buildFilterTree(countries, { countries: [], regions: [] }, "All");
    expect(tree.children.map((c) => c.disabled)).toEqual([false, true]);
  });
  it("checks a selected region alone, and every region of a selected country", () => {
    const one = buildFilterTree(countries, { countries: [], regions: [4] }, "All");
    expect(one.checked).toBe(false);
    expect(one.children[0]!.children.map((r) => r.checked)).toEqual([false, true]);
    const all = buildFilterTree(countries, { countries: ["FR"], regions: [] }, "All");
    expect(all.children[0]!.checked).toBe(true);
    expect(all.children[0]!.children.map((r) => r.checked)).toEqual([true, true]);
  });
});

describe("providerFilterCount", () => {
  it("adds attributes, countries and regions", () => {
    expect(providerFilterCount({ attributes: [1], countries: ["FR", "IT"], regions: [5] })).toBe(4);
    expect(providerFilterCount({ attributes: [], countries: [], regions: [] })).toBe(0);
  });
});
