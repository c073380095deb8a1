import { describe, expect, it } from "vitest";
import { pageSizeForWidth, parseProviderFilters, providerListHref, withPageSize } from "./provider-filters";

const parse = (q: string, province: "QC" | "ON" = "QC") => parseProviderFilters(new URLSearchParams(q), province);

describe("parseProviderFilters", () => {
  it("defaults to the visitor's province, page 1 and the phone page size", () => {
    expect(parse("", "ON")).toEqual({
      province: "ON",
      provinceInUrl: false,
      page: 1,
      size: 20,
      attributes: [],
      countries: [],
      regions: [],
      text: "",
    });
  });
  it("reads type, page, size, a, c, r and t", () => {
    expect(parse("type=on&page=3&size=51&a=2&c=fr&r=7&r=9&t=pepiere")).toMatchObject({
      province: "ON",
      provinceInUrl: true,
      page: 3,
      size: 51,
      attributes: [2],
      countries: ["FR"],
      regions: [7, 9],
      text: "pepiere",
    });
  });
  it("ignores non-numeric region ids, unknown provinces and page sizes outside the spec's", () => {
    expect(parse("r=loire&r=4&type=BC&size=1000&page=-1")).toMatchObject({
      regions: [4],
      province: "QC",
      provinceInUrl: false,
      size: 20,
      page: 1,
    });
  });
  it("picks the spec's page size by screen width", () => {
    expect([390, 1024, 1365, 1366, 1919, 1920].map(pageSizeForWidth)).toEqual([20, 20, 20, 51, 51, 52]);
  });
  it("keeps the first producer shown on screen when the page size changes", () => {
    // Page 4 of 20 starts at producer 61, which is on page 2 of 51.
    expect(withPageSize(parse("page=4"), 51)).toMatchObject({ size: 51, page: 2 });
    expect(providerListHref(withPageSize(parse("c=FR"), 52))).toBe("/providers?c=FR&size=52");
  });

  it("writes back the same URL", () => {
    expect(providerListHref(parse("c=FR&r=4&page=2"))).toBe("/providers?c=FR&r=4&page=2");
    expect(providerListHref(parse(""))).toBe("/providers");
  });
});
