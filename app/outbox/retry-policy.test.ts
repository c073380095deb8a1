import { describe, expect, it } from "vitest";
import { isOutOfAttempts, OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "./retry-policy";

describe("retryDelayMs", () => {
  it("doubles from 30 seconds and stops at one hour (no spread at random = 0.5)", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, 0.5))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it("spreads each delay by at most 20 % either way", () => {
    expect(retryDelayMs(1, 0)).toBe(24_000);
    expect(retryDelayMs(1, 0.999_999)).toBe(36_000);
    expect(retryDelayMs(20, 0)).toBe(2_880_000);
  });
});

describe("isOutOfAttempts", () => {
  it("gives up after the last try, not before", () => {
    expect(isOutOfAttempts(OUTBOX_MAX_ATTEMPTS - 1)).toBe(false);
    expect(isOutOfAttempts(OUTBOX_MAX_ATTEMPTS)).toBe(true);
  });
});
