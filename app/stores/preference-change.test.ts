// A preference change judged with the real store directory (the pages that fix a province): the
// stores import the preferences, not the other way round, so the test lives here.
import { describe, expect, it } from "vitest";
import { applyPreferenceChange } from "~/preferences/preference-change";
import { DEFAULT_PREFERENCES } from "~/preferences/preferences";
import { provinceOfPage } from "./store-directory";

const origin = "http://shop.test";

describe("applyPreferenceChange", () => {
  it("switches the language and drops a lng query parameter from the page it returns to", () => {
    const result = applyPreferenceChange(
      DEFAULT_PREFERENCES,
      { locale: "en-US", redirectTo: "/products?lng=fr-CA&type=VIN" },
      origin,
      provinceOfPage,
    );
    expect(result.next.locale).toBe("en-US");
    expect(result.redirectTo).toBe("/products?type=VIN");
  });
  it("switches the province and sends /qc to /on", () => {
    const result = applyPreferenceChange(DEFAULT_PREFERENCES, { province: "ON", redirectTo: "/qc" }, origin, provinceOfPage);
    expect(result.next.province).toBe("ON");
    expect(result.redirectTo).toBe("/on");
  });
  it("leaves a store page of the other province for the stores' list, which would otherwise switch back", () => {
    const onUser = { ...DEFAULT_PREFERENCES, province: "ON" as const };
    const toQc = applyPreferenceChange(onUser, { province: "QC", redirectTo: "/boutiques/toronto" }, origin, provinceOfPage);
    expect(toQc).toEqual({ next: DEFAULT_PREFERENCES, redirectTo: "/boutiques" });
    const toOn = applyPreferenceChange(DEFAULT_PREFERENCES, { province: "ON", redirectTo: "/boutiques/montreal/" }, origin, provinceOfPage);
    expect(toOn.redirectTo).toBe("/boutiques");
    expect(applyPreferenceChange(onUser, { province: "QC", redirectTo: "/on/" }, origin, provinceOfPage).redirectTo).toBe("/qc");
  });
  it("keeps pages that fix no province, and a store page when the province does not change", () => {
    expect(
      applyPreferenceChange(DEFAULT_PREFERENCES, { province: "ON", redirectTo: "/boutiques?x=1" }, origin, provinceOfPage).redirectTo,
    ).toBe("/boutiques?x=1");
    expect(
      applyPreferenceChange(DEFAULT_PREFERENCES, { province: "ON", redirectTo: "/products/qc" }, origin, provinceOfPage).redirectTo,
    ).toBe("/products/qc");
    expect(
      applyPreferenceChange(DEFAULT_PREFERENCES, { province: "QC", redirectTo: "/boutiques/quebec" }, origin, provinceOfPage).redirectTo,
    ).toBe("/boutiques/quebec");
  });
  it("keeps the page and its filters for a tax-mode switch", () => {
    const result = applyPreferenceChange(
      DEFAULT_PREFERENCES,
      { taxMode: "OUT", redirectTo: "/products?page=2&c=FR" },
      origin,
      provinceOfPage,
    );
    expect(result).toEqual({ next: { ...DEFAULT_PREFERENCES, taxMode: "OUT" }, redirectTo: "/products?page=2&c=FR" });
  });
  it("ignores invalid values and never redirects off-site", () => {
    const result = applyPreferenceChange(DEFAULT_PREFERENCES, { province: "BC", redirectTo: "//evil.example/x" }, origin, provinceOfPage);
    expect(result).toEqual({ next: DEFAULT_PREFERENCES, redirectTo: "/" });
    const dotted = applyPreferenceChange(
      DEFAULT_PREFERENCES,
      { locale: "en-US", redirectTo: "/qc/..//evil.example" },
      origin,
      provinceOfPage,
    );
    expect(dotted.redirectTo).toBe("/");
  });
});
