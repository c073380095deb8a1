import { describe, expect, it } from "vitest";
import { activeFilterCount, parsePriceCents, parseProductFilters, productFiltersToSearchParams, productListHref } from "./product-filters";

const known = {
  inventoryCodes: new Set(["IP", "SAQ", "Brouhh", "MERCH_MTL", "PI", "LCBO", "STORE_MTL"]),
  typeCodes: new Set(["VIN", "BIERE", "FOODS"]),
  grapeCodes: new Set(["pinot-noir", "gamay"]),
};
const parse = (query: string) => parseProductFilters(new URLSearchParams(query), known);

describe("parseProductFilters", () => {
  it("reads every query of the spec, repeated or comma-separated", () => {
    expect(
      parse(
        "page=2&inventory=IP&inventory=SAQ&type=VIN,BIERE&a=3&c=fr&c=IT&r=12&grape=pinot-noir&grape=GAMAY&min=10&max=40.5&sort=price-desc&t=gamay",
      ),
    ).toEqual({
      page: 2,
      size: 24,
      inventories: ["IP", "SAQ"],
      types: ["VIN", "BIERE"],
      attributes: [3],
      countries: ["FR", "IT"],
      regions: [12],
      grapes: ["pinot-noir", "gamay"],
      minCents: 1000,
      maxCents: 4050,
      sort: "price-desc",
      text: "gamay",
    });
  });
  it("gives defaults for an empty query", () => {
    expect(parse("")).toEqual({
      page: 1,
      size: 24,
      inventories: [],
      types: [],
      attributes: [],
      countries: [],
      regions: [],
      grapes: [],
      minCents: null,
      maxCents: null,
      sort: "relevance",
      text: "",
    });
  });
  it("keeps only the reference list's grapes, once each, in the canonical URL (decision 036)", () => {
    const filters = parse("grape=pinot-noir&grape=cepage-imaginaire&grape=pinot-noir&grape=gamay");
    expect(filters.grapes).toEqual(["pinot-noir", "gamay"]);
    expect(productListHref(filters)).toBe("/products?grape=pinot-noir&grape=gamay");
    expect(activeFilterCount(filters)).toBe(2);
    expect(parseProductFilters(new URLSearchParams("grape=gamay"), { ...known, grapeCodes: undefined }).grapes).toEqual([]);
  });
  it("ignores malformed values instead of failing", () => {
    const filters = parse("page=abc&inventory=NOPE&type=XYZ&a=red&c=France&r=abc&r=-1&r=7&min=-5&max=ten&sort=random");
    expect(filters).toMatchObject({
      page: 1,
      inventories: [],
      types: [],
      attributes: [],
      countries: [],
      regions: [7],
      minCents: null,
      maxCents: null,
      sort: "relevance",
    });
  });
  it("accepts an optional size from 1 to 96 (the store views' query) and ignores others", () => {
    expect(parse("inventory=STORE_MTL&size=12").size).toBe(12);
    expect(parse("size=0").size).toBe(24);
    expect(parse("size=500").size).toBe(24);
    expect(parse("size=ten").size).toBe(24);
    expect(productListHref(parse("inventory=STORE_MTL&size=12&page=2"))).toBe("/products?inventory=STORE_MTL&size=12&page=2");
  });

  it("swaps a minimum above the maximum", () => {
    expect(parse("min=50&max=20")).toMatchObject({ minCents: 2000, maxCents: 5000 });
  });
});

describe("parsePriceCents", () => {
  it("reads dollars with a dot or a comma as integer cents", () => {
    expect(parsePriceCents("19.99")).toBe(1999);
    expect(parsePriceCents("19,9")).toBe(1990);
    expect(parsePriceCents("0")).toBe(0);
  });
  it("refuses negative, non-numeric and absurd prices", () => {
    expect(parsePriceCents("-1")).toBeNull();
    expect(parsePriceCents("1e3")).toBeNull();
    expect(parsePriceCents("99999999")).toBeNull();
  });
});

describe("URL round trip", () => {
  it("writes the canonical URL that parses back to the same filters", () => {
    const filters = parse("type=VIN&c=FR&r=12&max=40&page=3&sort=name");
    const query = productFiltersToSearchParams(filters).toString();
    expect(query).toBe("type=VIN&c=FR&r=12&max=40&sort=name&page=3");
    expect(parse(query)).toEqual(filters);
  });
  it("counts active filters, the price filter only when a maximum is set", () => {
    expect(activeFilterCount(parse("type=VIN&c=FR&min=10"))).toBe(2);
    expect(activeFilterCount(parse("type=VIN&c=FR&max=10"))).toBe(3);
  });
});
