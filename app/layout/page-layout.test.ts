import { describe, expect, it } from "vitest";
import { layoutOfMatches } from "./page-layout";

describe("layoutOfMatches", () => {
  it("is the shop's frame when no route names one", () => {
    expect(layoutOfMatches([{ handle: undefined }, { handle: { other: true } }])).toBe("shop");
  });

  it("takes a parent's frame for its children and lets the deepest route decide", () => {
    expect(layoutOfMatches([{}, { handle: { layout: "staff" } }, { handle: undefined }])).toBe("staff");
    expect(layoutOfMatches([{}, { handle: { layout: "staff" } }, { handle: { layout: "checkout" } }])).toBe("checkout");
  });

  it("ignores a value it does not know", () => {
    expect(layoutOfMatches([{ handle: { layout: "party" } }])).toBe("shop");
  });
});
