import { describe, expect, it } from "vitest";
import { soldByTheCase } from "./product-inventory";

describe("soldByTheCase", () => {
  it("says a private-import channel is sold by the case, a shop or liquor-board one is not", () => {
    expect(soldByTheCase({ salesUnit: "CASE" })).toBe(true);
    expect(soldByTheCase({ salesUnit: "UNIT" })).toBe(false);
    expect(soldByTheCase({ salesUnit: "NONE" })).toBe(false);
  });

  it("says an agency line and a reservation of private import count cases, shop lines and other reservations units", () => {
    expect(soldByTheCase({ section: "AGENCY" })).toBe(true);
    expect(soldByTheCase({ section: "RESERVED", channelKind: "PRIVATE_IMPORT" })).toBe(true);
    expect(soldByTheCase({ section: "RESERVED", channelKind: "SHOP" })).toBe(false);
    expect(soldByTheCase({ section: "SHOP", channelKind: "SHOP" })).toBe(false);
  });
});
