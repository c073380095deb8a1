/**
 * The global search's URL (docs/product.md#search `t`, `activeTabType`, `activeCurrentPage`): junk is ignored,
 * links are canonical and read back to the same query.
 */
import { describe, expect, it } from "vitest";
import { parseSearchQuery, SEARCH_TABS, searchHref } from "./search-tabs";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

describe("parseSearchQuery", () => {
  it("reads the text, the tab (any case) and the page", () => {
    expect(parse("t=%20Ch%C3%A2teau%20&activeTabType=providers&activeCurrentPage=3")).toEqual({
      text: "Château",
      tab: "PROVIDERS",
      page: 3,
    });
  });

  it("has no text, no tab and page 1 by default", () => {
    expect(parse("")).toEqual({ text: "", tab: null, page: 1 });
  });

  it.each([
    ["activeCurrentPage=abc", 1],
    ["activeCurrentPage=-4", 1],
    ["activeCurrentPage=0", 1],
    ["activeCurrentPage=2.5", 1],
    ["activeCurrentPage=99999999999999999999", 1],
    ["activeCurrentPage=12", 12],
  ])("ignores a malformed page: %s → %i", (query, page) => {
    expect(parse(query).page).toBe(page);
  });

  it.each(["FOO", "", "PRODUCT", "<script>", "BLOGS%00"])("ignores an unknown tab %j", (tab) => {
    expect(parse(`activeTabType=${tab}`).tab).toBeNull();
  });

  it("cuts a huge text to 100 characters and replaces control characters", () => {
    expect(parse(`t=${"x".repeat(10_000)}`).text).toHaveLength(100);
    expect(parse("t=vin%00rouge%0A").text).toBe("vin rouge");
  });
});

describe("searchHref", () => {
  it("leaves out what is not given, page 1 included", () => {
    expect(searchHref({ text: "", tab: null })).toBe("/global-search");
    expect(searchHref({ text: "vin", tab: null, page: 1 })).toBe("/global-search?t=vin");
    expect(searchHref({ text: "pinot noir", tab: "BLOGS", page: 2 })).toBe(
      "/global-search?t=pinot+noir&activeTabType=BLOGS&activeCurrentPage=2",
    );
  });

  it("reads back to the same query for every tab", () => {
    for (const tab of SEARCH_TABS) {
      const query = { text: "Pépière & fils", tab, page: 4 };
      expect(parse(searchHref(query).split("?")[1]!)).toEqual(query);
    }
  });
});
