import { describe, expect, it } from "vitest";
import { layoutOfMatches, wayBackOfMatches } from "./page-layout";

describe("layoutOfMatches", () => {
  it("is the shop's frame when no route names one", () => {
    expect(
      layoutOfMatches([
        { handle: undefined, data: {} },
        { handle: { other: true }, data: {} },
      ]),
    ).toBe("shop");
  });

  it("takes a parent's frame for its children and lets the deepest route decide", () => {
    expect(layoutOfMatches([{ data: {} }, { handle: { layout: "staff" } }, { handle: undefined, data: {} }])).toBe("staff");
    expect(layoutOfMatches([{ data: {} }, { handle: { layout: "staff" } }, { handle: { layout: "checkout" }, data: null }])).toBe(
      "checkout",
    );
  });

  it("ignores a value it does not know", () => {
    expect(layoutOfMatches([{ handle: { layout: "party" }, data: {} }])).toBe("shop");
  });

  it("keeps the shop's frame on an error page (the staff area's 404 to a visitor looks like any 404)", () => {
    expect(layoutOfMatches([{ data: {} }, { handle: { layout: "staff" } }, { handle: undefined }])).toBe("shop");
    expect(layoutOfMatches([])).toBe("shop");
  });
});

describe("wayBackOfMatches", () => {
  it("leads back to the cart from the cart's checkout steps, to the shop after them and elsewhere", () => {
    expect(wayBackOfMatches([{ handle: undefined }, { handle: { layout: "checkout", backTo: "cart" } }])).toBe("cart");
    expect(wayBackOfMatches([{ handle: undefined }, { handle: { layout: "checkout" } }])).toBe("shop");
    expect(wayBackOfMatches([{ handle: undefined }])).toBe("shop");
  });
});
