import { describe, expect, it } from "vitest";
import { BLOG_STATUSES } from "~/vocabulary";
import { allowedBlogActions, instantToShopLocal, nextBlogStatus, shopLocalToInstant } from "./blog-status";

describe("the article status machine", () => {
  it("leads a draft to scheduled or published, never straight to unpublished", () => {
    expect(nextBlogStatus("DRAFT", "publish")).toBe("PUBLISHED");
    expect(nextBlogStatus("DRAFT", "schedule")).toBe("SCHEDULED");
    expect(nextBlogStatus("DRAFT", "unpublish")).toBeNull();
    expect(nextBlogStatus("DRAFT", "unschedule")).toBeNull();
  });

  it("publishes, reschedules or takes back a scheduled article", () => {
    expect(allowedBlogActions("SCHEDULED")).toEqual(["publish", "schedule", "unschedule"]);
    expect(nextBlogStatus("SCHEDULED", "unschedule")).toBe("DRAFT");
  });

  it("only unpublishes a published article, and publishes an unpublished one again", () => {
    expect(allowedBlogActions("PUBLISHED")).toEqual(["unpublish"]);
    expect(nextBlogStatus("UNPUBLISHED", "publish")).toBe("PUBLISHED");
    expect(nextBlogStatus("UNPUBLISHED", "unpublish")).toBeNull();
  });

  it("gives every status at least one way out", () => {
    for (const status of BLOG_STATUSES) expect(allowedBlogActions(status).length).toBeGreaterThan(0);
  });
});

describe("Montréal time of a scheduled publication", () => {
  it("reads summer (UTC−4) and winter (UTC−5) times", () => {
    expect(shopLocalToInstant("2026-07-01T09:30")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(shopLocalToInstant("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
  });

  it("reads the hours around the autumn change", () => {
    // 2026-11-01: 02:00 EDT becomes 01:00 EST.
    expect(shopLocalToInstant("2026-11-01T03:00")?.toISOString()).toBe("2026-11-01T08:00:00.000Z");
    expect(shopLocalToInstant("2026-10-31T23:00")?.toISOString()).toBe("2026-11-01T03:00:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const text of ["", "2026-02-30T10:00", "2026-07-01", "2026-07-01T24:00", "demain 9 h", "2026-07-01T09:60"]) {
      expect(shopLocalToInstant(text)).toBeNull();
    }
  });

  it("writes an instant back as the datetime-local input shows it", () => {
    expect(instantToShopLocal(new Date("2026-07-01T13:30:00Z"))).toBe("2026-07-01T09:30");
    expect(instantToShopLocal(new Date("2026-12-01T14:30:00Z"))).toBe("2026-12-01T09:30");
    const typed = "2026-03-15T18:05";
    expect(instantToShopLocal(shopLocalToInstant(typed)!)).toBe(typed);
  });
});
