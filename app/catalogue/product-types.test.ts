import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/i18n";
import { translatorFor } from "~/i18n/translator";
import { productTypeLabelKey } from "./product-types";
import { PRODUCT_TYPES } from "./seed/reference-data";

describe("productTypeLabelKey", () => {
  it("names every product type of docs/product.md#product-list in both languages", () => {
    const codes = PRODUCT_TYPES.map((t) => t.code);
    expect([...codes].sort()).toEqual(["APERITIF", "BIERE", "BOISSON", "CIDRE", "FOODS", "GOODS", "SPIRITUEUX", "VIN", "WINES"]);
    for (const lng of ["fr-CA", "en-US"] as const) {
      const t = translatorFor(lng);
      for (const code of codes) {
        const label = t(productTypeLabelKey(code));
        expect(label, `${lng} ${code}`).not.toBe(productTypeLabelKey(code));
        expect(label.trim()).not.toBe("");
      }
      const labels = codes.map((code) => t(productTypeLabelKey(code)));
      expect(new Set(labels).size, `${lng}: two types share a name`).toBe(codes.length);
    }
    expect(translatorFor("fr-CA")(productTypeLabelKey("VIN"))).toBe("Vin");
    expect(translatorFor("en-US")(productTypeLabelKey("BIERE"))).toBe("Beer");
    expect(Object.keys(resources["fr-CA"].common.types).sort()).toEqual(Object.keys(resources["en-US"].common.types).sort());
  });
});
