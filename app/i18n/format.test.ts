import { describe, expect, it } from "vitest";
import { compareText, formatCount, formatDateTime, formatLongDate, formatMoney, formatShopDay, formatVolume } from "./format";

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("formats French Canadian money with a space for thousands and a comma for cents", () => {
    expect(nbsp(formatMoney(123456, "fr-CA"))).toBe("1 234,56 $");
  });
  it("formats English money the Canadian way", () => {
    expect(formatMoney(123456, "en-US")).toBe("$1,234.56");
  });
  it("keeps zero and single cents exact", () => {
    expect(nbsp(formatMoney(0, "fr-CA"))).toBe("0,00 $");
    expect(formatMoney(1, "en-US")).toBe("$0.01");
  });
  it("refuses money that is not integer cents", () => {
    expect(() => formatMoney(12.5, "fr-CA")).toThrow(RangeError);
  });
});

describe("numbers written out as Intl.NumberFormat writes them (fr-CA and en-CA)", () => {
  const cents = [
    0, 1, 9, 10, 99, 100, 101, 999, 1_000, 12_345, 99_999, 100_000, 123_456, 1_234_567, 99_999_999, 100_000_000, 123_456_789_012,
  ];
  const locales = [
    ["fr-CA", "fr-CA"],
    ["en-US", "en-CA"],
    ["en-CA", "en-CA"],
  ] as const;

  it.each(locales)("money in %s", (locale, intlLocale) => {
    const intl = new Intl.NumberFormat(intlLocale, { style: "currency", currency: "CAD" });
    for (const c of [...cents, ...cents.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatMoney(c, locale), `${c} cents`).toBe(intl.format(c / 100));
    }
  });

  it.each(locales)("counts in %s", (locale, intlLocale) => {
    const intl = new Intl.NumberFormat(intlLocale);
    for (const n of [...cents, -1, -1_234, -1_234_567]) expect(formatCount(n, locale), String(n)).toBe(intl.format(n));
  });

  it.each(locales)("litres in %s", (locale, intlLocale) => {
    const intl = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 2 });
    for (const ml of [1_000, 1_005, 1_125, 1_135, 1_500, 1_750, 1_994, 1_995, 1_999, 3_000, 4_500, 18_000, 1_234_567]) {
      expect(formatVolume(ml, locale), `${ml} ml`).toBe(`${intl.format(ml / 1000)} L`);
    }
  });

  it("refuses a count that is not an integer", () => {
    expect(() => formatCount(1.5, "fr-CA")).toThrow(RangeError);
  });
});

describe("formatVolume", () => {
  it("shows millilitres below a litre and litres above", () => {
    expect(formatVolume(750, "fr-CA")).toBe("750 ml");
    expect(formatVolume(1500, "fr-CA")).toBe("1,5 L");
    expect(formatVolume(1500, "en-US")).toBe("1.5 L");
  });
});

describe("formatCount", () => {
  it("groups thousands the way of the page's language", () => {
    expect(nbsp(formatCount(1000, "fr-CA"))).toBe("1 000");
    expect(formatCount(1000, "en-US")).toBe("1,000");
    expect(formatCount(12, "fr-CA")).toBe("12");
  });
});

describe("formatLongDate", () => {
  it("writes the day of the shop's clock (Montréal), in French or English", () => {
    // 02:30 UTC on 3 March is still 2 March in Montréal.
    expect(formatLongDate("2026-03-03T02:30:00Z", "fr-CA")).toBe("2 mars 2026");
    expect(formatLongDate("2026-03-03T02:30:00Z", "en-US")).toBe("March 2, 2026");
  });
  it("writes the day of another clock when asked (articles are dated in UTC)", () => {
    expect(formatLongDate("2026-03-03T02:30:00Z", "fr-CA", "UTC")).toBe("3 mars 2026");
  });
});

describe("formatShopDay", () => {
  it("writes a calendar day as that day, whatever the shop's clock", () => {
    expect(formatShopDay("2026-07-07", "fr-CA")).toBe("7 juillet 2026");
    expect(formatShopDay("2026-07-07", "en-US")).toBe("July 7, 2026");
    // New Year's Day stays January 1 (midnight UTC would be December 31 in Montréal).
    expect(formatShopDay("2027-01-01", "fr-CA")).toBe("1 janvier 2027");
  });
});

describe("formatDateTime", () => {
  it("writes an instant's date and time on the shop's clock, in French or English", () => {
    // 02:30 UTC on 3 March is 21:30 on 2 March in Montréal (UTC−5).
    expect(nbsp(formatDateTime("2026-03-03T02:30:00Z", "fr-CA"))).toBe("2 mars 2026, 21 h 30");
    expect(nbsp(formatDateTime("2026-03-03T02:30:00Z", "en-US"))).toBe("Mar 2, 2026, 9:30 p.m.");
  });
});

describe("compareText", () => {
  it("sorts in each language's alphabetical order, accented letters beside their base letter", () => {
    expect(["France", "Éthiopie", "Espagne", "Zambie", "états"].sort(compareText("fr-CA"))).toEqual([
      "Espagne",
      "états",
      "Éthiopie",
      "France",
      "Zambie",
    ]);
    expect(["Oregon", "Ontario", "Ohio"].sort(compareText("en-US"))).toEqual(["Ohio", "Ontario", "Oregon"]);
  });
  it("orders as localeCompare with the same locale does", () => {
    const words = ["cote", "côte", "coté", "côté", "Cote", "Côte", "cœur", "coeur", "Œuvre", "oeuvre"];
    for (const locale of ["fr-CA", "en-US"]) {
      expect([...words].sort(compareText(locale))).toEqual([...words].sort((a, b) => a.localeCompare(b, locale)));
    }
  });
});
