import { describe, expect, it } from "vitest";
import { buildFilterChips } from "./filter-chips";

const query = (q: string) => new URLSearchParams(q);

describe("buildFilterChips", () => {
  it("links each chip to the list without its value, keeping the others and dropping the page", () => {
    const { chips, clearHref } = buildFilterChips(
      "/products",
      query("type=VIN&c=IT&c=FR&sort=price-asc&page=3"),
      [
        { label: "Vin", params: [["type", "VIN"]] },
        { label: "Italie", params: [["c", "IT"]] },
        { label: "France", params: [["c", "FR"]] },
      ],
      ["sort", "size"],
    );
    expect(chips).toEqual([
      { label: "Vin", href: "/products?c=IT&c=FR&sort=price-asc" },
      { label: "Italie", href: "/products?type=VIN&c=FR&sort=price-asc" },
      { label: "France", href: "/products?type=VIN&c=IT&sort=price-asc" },
    ]);
    expect(clearHref).toBe("/products?sort=price-asc");
  });

  it("removes every value of a key given without a value (the price's min and max together)", () => {
    const { chips } = buildFilterChips(
      "/products",
      query("min=20&max=40&a=7"),
      [
        {
          label: "Prix : 20 $ à 40 $",
          params: [
            ["min", null],
            ["max", null],
          ],
        },
        { label: "Bio", params: [["a", "7"]] },
      ],
      [],
    );
    expect(chips).toEqual([
      { label: "Prix : 20 $ à 40 $", href: "/products?a=7" },
      { label: "Bio", href: "/products?min=20&max=40" },
    ]);
  });

  it("gives the bare path when the last filter goes, and skips a filter that is not in the query", () => {
    const { chips, clearHref } = buildFilterChips(
      "/blogs",
      query("a=events&page=2"),
      [
        { label: "Événements", params: [["a", "events"]] },
        { label: "Portrait", params: [["type", "PRODUCER_PORTRAIT"]] },
      ],
      ["sortByDate"],
    );
    expect(chips).toEqual([{ label: "Événements", href: "/blogs" }]);
    expect(clearHref).toBe("/blogs");
  });

  it("keeps the province and page size through clear all, with no chip when nothing is filtered", () => {
    expect(buildFilterChips("/providers", query("type=ON&size=51&page=2"), [], ["type", "size"])).toEqual({
      chips: [],
      clearHref: "/providers?type=ON&size=51",
    });
  });

  it("encodes a searched text in the links", () => {
    const { chips } = buildFilterChips(
      "/providers",
      new URLSearchParams([
        ["t", "côte & fils"],
        ["c", "FR"],
      ]),
      [
        { label: "« côte & fils »", params: [["t", null]] },
        { label: "France", params: [["c", "FR"]] },
      ],
      [],
    );
    expect(chips.map((c) => c.href)).toEqual(["/providers?c=FR", "/providers?t=c%C3%B4te+%26+fils"]);
  });
});
