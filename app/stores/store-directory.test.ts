import { describe, expect, it } from "vitest";
import { provinceOfPage, storeBySlug, STORES } from "./store-directory";

describe("the province of a page (docs/product.md#boutiques)", () => {
  it("is the path's for /qc and /on, the store's for a store page", () => {
    expect(provinceOfPage("/qc")).toBe("QC");
    expect(provinceOfPage("/on/")).toBe("ON");
    expect(provinceOfPage("/boutiques/toronto")).toBe("ON");
    expect(provinceOfPage("/boutiques/montreal")).toBe("QC");
    expect(provinceOfPage("/boutiques/quebec")).toBe("QC");
  });
  it("is nobody's elsewhere: other pages, the stores' list, an unknown store", () => {
    expect(provinceOfPage("/")).toBeNull();
    expect(provinceOfPage("/products")).toBeNull();
    expect(provinceOfPage("/boutiques")).toBeNull();
    expect(provinceOfPage("/boutiques/vancouver")).toBeNull();
    expect(provinceOfPage("/bc")).toBeNull();
  });
});

describe("the stores", () => {
  it("are the three store views, each in its province, open some days of the week", () => {
    expect(STORES.map((s) => [s.slug, s.inventoryCode, s.province])).toEqual([
      ["montreal", "STORE_MTL", "QC"],
      ["quebec", "STORE_QC", "QC"],
      ["toronto", "STORE_TORONTO", "ON"],
    ]);
    for (const store of STORES) {
      expect(store.hours.some((day) => day !== null)).toBe(true);
      for (const day of store.hours) if (day) expect(day.opens < day.closes).toBe(true);
    }
    expect(storeBySlug("nowhere")).toBeNull();
  });
});
