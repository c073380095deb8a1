import { describe, expect, it } from "vitest";
import { formatMoney, formatVolume } from "./format";

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

describe("formatVolume", () => {
  it("shows millilitres below a litre and litres above", () => {
    expect(formatVolume(750, "fr-CA")).toBe("750 ml");
    expect(formatVolume(1500, "fr-CA")).toBe("1,5 L");
    expect(formatVolume(1500, "en-US")).toBe("1.5 L");
  });
});
