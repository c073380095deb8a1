import { describe, expect, it } from "vitest";
import { parseProviderFilters, providerListHref } from "./provider-filters";

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
  it("writes back the same URL", () => {
    expect(providerListHref(parse("c=FR&r=4&page=2"))).toBe("/providers?c=FR&r=4&page=2");
    expect(providerListHref(parse(""))).toBe("/providers");
  });
});
