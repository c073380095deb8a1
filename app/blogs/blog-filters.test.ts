import { describe, expect, it } from "vitest";
import { activeBlogFilterCount, blogListHref, isBlogId, parseBlogFilters } from "./blog-filters";

const parse = (query: string, known?: string[]) => parseBlogFilters(new URLSearchParams(query), known ? new Set(known) : undefined);

describe("parseBlogFilters", () => {
  it("defaults to page 1, every type, no theme, newest first", () => {
    expect(parse("")).toEqual({ page: 1, type: null, themes: [], sort: "DESC" });
  });

  it("reads page, type, themes and sort", () => {
    expect(parse("page=3&type=REGION&a=travel&a=food-pairing&sortByDate=ASC")).toEqual({
      page: 3,
      type: "REGION",
      themes: ["food-pairing", "travel"],
      sort: "ASC",
    });
  });

  it("uses defaultType when there is no type, and type over defaultType", () => {
    expect(parse("defaultType=PRODUCER_PORTRAIT").type).toBe("PRODUCER_PORTRAIT");
    expect(parse("defaultType=PRODUCER_PORTRAIT&type=ARTICLE").type).toBe("ARTICLE");
    expect(parse("defaultType=PRODUCER_PORTRAIT&type=BOGUS").type).toBe("PRODUCER_PORTRAIT");
  });

  it("accepts a lower-case sort", () => {
    expect(parse("sortByDate=asc").sort).toBe("ASC");
  });

  it("ignores junk: bad page, unknown type, malformed themes, unknown sort", () => {
    expect(parse("page=abc&type=FOO&a=%3Cscript%3E&a=&a=Travel&sortByDate=up")).toEqual({
      page: 1,
      type: null,
      themes: [],
      sort: "DESC",
    });
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
  });

  it("drops duplicate themes and, when the known themes are given, unknown ones", () => {
    expect(parse("a=travel&a=travel").themes).toEqual(["travel"]);
    expect(parse("a=travel&a=nope", ["travel", "events"]).themes).toEqual(["travel"]);
  });
});

describe("blogListHref", () => {
  it("leaves the defaults out", () => {
    expect(blogListHref(parse(""))).toBe("/blogs");
  });

  it("writes type, repeated themes, sort and page, and parses back to the same filters", () => {
    const filters = parse("type=REGION&a=travel&a=events&sortByDate=ASC&page=2");
    const href = blogListHref(filters);
    expect(href).toBe("/blogs?type=REGION&a=events&a=travel&sortByDate=ASC&page=2");
    expect(parse(href.split("?")[1]!)).toEqual(filters);
  });

  it("turns defaultType into type", () => {
    expect(blogListHref(parse("defaultType=REGION"))).toBe("/blogs?type=REGION");
  });
});

describe("activeBlogFilterCount and isBlogId", () => {
  it("counts the type and each theme", () => {
    expect(activeBlogFilterCount(parse("type=REGION&a=travel&a=events"))).toBe(3);
    expect(activeBlogFilterCount(parse("sortByDate=ASC&page=2"))).toBe(0);
  });

  it("tells ids from slugs", () => {
    expect(isBlogId("12")).toBe(true);
    expect(isBlogId("0")).toBe(false);
    expect(isBlogId("santorini-assyrtiko")).toBe(false);
    expect(isBlogId("12a")).toBe(false);
  });
});
