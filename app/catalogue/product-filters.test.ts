import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  canonicalListingAliases,
  parsePriceCents,
  parseProductFilters,
  productFiltersToSearchParams,
  productListHref,
} from "./product-filters";

const known = {
  inventoryCodes: new Set(["IP", "SAQ", "Brouhh", "MERCH_MTL", "PI", "LCBO", "STORE_MTL"]),
  typeCodes: new Set(["VIN", "BIERE", "FOODS"]),
  grapeCodes: new Set(["pinot-noir", "gamay"]),
  boutiqueCodes: new Set(["Brouhh", "MERCH_MTL", "STORE_MTL"]),
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
      statuses: [],
      sort: "price-desc",
      defaultSort: "relevance",
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
      statuses: [],
      sort: "relevance",
      defaultSort: "relevance",
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

describe("availability statuses, the origin order and the boutiques' default order (decision 051)", () => {
  it("reads availabilityStatus in any case, once each, in the vocabulary's order, and writes it back", () => {
    const filters = parse("availabilityStatus=upcoming&availabilityStatus=AVAILABLE,UPCOMING&availabilityStatus=SOLD_OUT");
    expect(filters.statuses).toEqual(["AVAILABLE", "UPCOMING"]);
    expect(activeFilterCount(filters)).toBe(2);
    expect(productListHref(parse("availabilityStatus=UPCOMING&type=VIN"))).toBe("/products?type=VIN&availabilityStatus=UPCOMING");
  });
  it("offers the origin order", () => {
    expect(parse("sort=origin").sort).toBe("origin");
    expect(productListHref(parse("sort=origin"))).toBe("/products?sort=origin");
  });
  it("sorts a boutique view by price, dearest first, by default, and keeps an asked-for order in its URL", () => {
    const store = parse("inventory=STORE_MTL");
    expect(store).toMatchObject({ sort: "price-desc", defaultSort: "price-desc" });
    expect(productListHref(store)).toBe("/products?inventory=STORE_MTL");
    expect(parse("inventory=STORE_MTL&inventory=MERCH_MTL").sort).toBe("price-desc");
    // The availability-then-name order, asked for, stays in the boutique view's URL.
    const byStatus = parse("inventory=STORE_MTL&sort=relevance");
    expect(byStatus.sort).toBe("relevance");
    expect(productListHref(byStatus)).toBe("/products?inventory=STORE_MTL&sort=relevance");
    // Not a boutique view: a boutique beside a private import, none named, or a text search.
    expect(parse("inventory=STORE_MTL&inventory=IP").sort).toBe("relevance");
    expect(parse("").sort).toBe("relevance");
    expect(parse("inventory=STORE_MTL&t=gamay").sort).toBe("relevance");
  });
});

describe("canonicalListingAliases (decision 051)", () => {
  const alias = (query: string) => canonicalListingAliases(new URLSearchParams(query))?.toString() ?? null;
  it("reads the spec's boires as Quebec's default availability, once each, keeping the other values", () => {
    expect(alias("inventory=boires")).toBe("inventory=IP&inventory=SAQ&inventory=Brouhh&inventory=MERCH_MTL");
    expect(alias("type=VIN&inventory=SAQ,BOIRES&page=2")).toBe(
      "type=VIN&inventory=SAQ&inventory=IP&inventory=Brouhh&inventory=MERCH_MTL&page=2",
    );
  });
  it("reads sortByOrigin=ASC as the origin order, unless a sort is named", () => {
    expect(alias("sortByOrigin=ASC&type=VIN")).toBe("type=VIN&sort=origin");
    expect(alias("sortByOrigin=asc&sort=name")).toBe("sort=name");
    expect(alias("sortByOrigin=DESC")).toBe("");
  });
  it("leaves a query without them alone", () => {
    expect(alias("inventory=IP&sort=name")).toBeNull();
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
