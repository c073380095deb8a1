import { describe, expect, it } from "vitest";
import { allocationRunningOn } from "./allocation";

describe("allocationRunningOn", () => {
  const december = { membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24" };

  it("runs from its first day to its last day, both included", () => {
    expect(allocationRunningOn(december, "2026-11-30")).toBeNull();
    expect(allocationRunningOn(december, "2026-12-01")).toBe("2026-12-24");
    expect(allocationRunningOn(december, "2026-12-24")).toBe("2026-12-24");
    expect(allocationRunningOn(december, "2026-12-25")).toBeNull();
  });

  it("is nothing for a product without an allocation", () => {
    expect(allocationRunningOn({ membersOnlyFrom: null, membersOnlyUntil: null }, "2026-12-10")).toBeNull();
  });

  it("covers a one-day allocation across a year boundary correctly", () => {
    const newYear = { membersOnlyFrom: "2026-12-31", membersOnlyUntil: "2027-01-01" };
    expect(allocationRunningOn(newYear, "2026-12-31")).toBe("2027-01-01");
    expect(allocationRunningOn(newYear, "2027-01-01")).toBe("2027-01-01");
    expect(allocationRunningOn(newYear, "2027-01-02")).toBeNull();
  });
});
