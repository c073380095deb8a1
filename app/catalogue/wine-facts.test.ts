import { describe, expect, it } from "vitest";
import { GRAPE_VARIETIES } from "./seed/grape-varieties";
import {
  boardProductUrl,
  formatAlcohol,
  formatGrapeList,
  formatGrapeShare,
  formatServingTemperature,
  formatSugar,
  grapeKey,
  grapeLookup,
  parseGrapeList,
} from "./wine-facts";

const lookup = grapeLookup(GRAPE_VARIETIES);

describe("grape names", () => {
  it("ignores accents, case and spacing", () => {
    expect(grapeKey("Gewürztraminer")).toBe("gewurztraminer");
    expect(grapeKey(" Pinot  Noir ")).toBe("pinot-noir");
    expect(grapeKey("Xarel·lo")).toBe("xarel-lo");
  });

  it("finds each variety by its code, its names and the names in parentheses", () => {
    expect(lookup.get("pinot-noir")).toBe("pinot-noir");
    expect(lookup.get(grapeKey("Shiraz"))).toBe("syrah");
    expect(lookup.get(grapeKey("Garnacha"))).toBe("grenache");
    expect(lookup.get(grapeKey("Pinot Grigio"))).toBe("pinot-gris");
    expect(lookup.get(grapeKey("Côt"))).toBe("malbec");
  });

  it("has unique codes written as their own key", () => {
    const codes = GRAPE_VARIETIES.map((g) => g.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(grapeKey(code)).toBe(code);
    expect(codes.length).toBeGreaterThanOrEqual(60);
  });
});

describe("parseGrapeList", () => {
  it("reads codes and names with optional shares, and writes them back canonically", () => {
    const parsed = parseGrapeList("Grenache : 60 % | syrah:40", lookup);
    expect(parsed).toEqual({
      ok: true,
      grapes: [
        { code: "grenache", sharePercent: 60 },
        { code: "syrah", sharePercent: 40 },
      ],
    });
    if (parsed.ok) expect(formatGrapeList(parsed.grapes)).toBe("grenache:60|syrah:40");
    expect(parseGrapeList("", lookup)).toEqual({ ok: true, grapes: [] });
  });

  it("reports every problem", () => {
    const parsed = parseGrapeList("merlot:70|inconnu|cabernet-franc:40|merlot", lookup);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reasons.map((r) => r.key)).toEqual(["grapeUnknown", "grapeTwice", "grapeSharesOver100"]);
  });
});

describe("formatting", () => {
  it("writes numbers the way each language does", () => {
    expect(formatAlcohol(13.5, "fr-CA")).toBe("13,5\u00a0%");
    expect(formatAlcohol(13.5, "en-US")).toBe("13.5%");
    expect(formatAlcohol(12, "fr-CA")).toBe("12\u00a0%");
    expect(formatSugar(2.4, "fr-CA")).toBe("2,4\u00a0g/L");
    expect(formatSugar(110, "en-US")).toBe("110\u00a0g/L");
    expect(formatServingTemperature(8, 10)).toBe("8–10\u00a0°C");
    expect(formatServingTemperature(null, 16)).toBe("16\u00a0°C");
    expect(formatServingTemperature(null, null)).toBeNull();
    expect(formatGrapeShare({ name: "Gamay", sharePercent: 15 }, "fr-CA")).toBe("Gamay 15\u00a0%");
    expect(formatGrapeShare({ name: "Gamay", sharePercent: null }, "en-US")).toBe("Gamay");
  });

  it("links to each board's page in the page's language", () => {
    expect(boardProductUrl("SAQ", "12345678", "fr-CA")).toBe("https://www.saq.com/fr/12345678");
    expect(boardProductUrl("SAQ", "12345678", "en-US")).toBe("https://www.saq.com/en/12345678");
    expect(boardProductUrl("LCBO", "985577", "en-US")).toBe("https://www.lcbo.com/en/catalogsearch/result/?q=985577");
  });
});
