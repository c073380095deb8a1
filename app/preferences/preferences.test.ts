import { describe, expect, it } from "vitest";
import { normalizePreferences } from "./preference-change";
import { provinceFromPathSegment } from "./preferences";

describe("normalizePreferences", () => {
  it("gives the spec's defaults (QC, taxes IN, French) for an absent cookie", () => {
    expect(normalizePreferences(null)).toEqual({ province: "QC", taxMode: "IN", locale: "fr-CA", view: "tiles" });
  });
  it("keeps valid fields and resets tampered ones", () => {
    expect(normalizePreferences({ province: "ON", taxMode: "BOTH", locale: "de-DE", view: "list" })).toEqual({
      province: "ON",
      taxMode: "IN",
      locale: "fr-CA",
      view: "list",
    });
  });
});

describe("small helpers", () => {
  it("maps only qc and on to provinces", () => {
    expect(provinceFromPathSegment("qc")).toBe("QC");
    expect(provinceFromPathSegment("on")).toBe("ON");
    expect(provinceFromPathSegment("bc")).toBeNull();
  });
});
