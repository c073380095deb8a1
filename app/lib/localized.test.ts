import { describe, expect, it } from "vitest";
import { localized } from "./localized";

describe("localized", () => {
  it("chooses the English one for en-US and the French one for fr-CA", () => {
    expect(localized("en-US", "Rouge", "Red")).toBe("Red");
    expect(localized("fr-CA", "Rouge", "Red")).toBe("Rouge");
  });

  it("returns the value chosen as it is, null included (an English column may be empty)", () => {
    const fr = { name: "Rouge" };
    expect(localized("fr-CA", fr, null)).toBe(fr);
    expect(localized("en-US", fr, null)).toBeNull();
  });
});
