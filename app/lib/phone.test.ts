import { describe, expect, it } from "vitest";
import { isCanadianPhoneNumber, phoneToE164 } from "./phone";

describe("Canadian phone numbers", () => {
  it("takes Canadian numbers only and stores them as E.164", () => {
    expect(isCanadianPhoneNumber("(514) 555-0123")).toBe(true);
    expect(isCanadianPhoneNumber("+1 416 555 0199")).toBe(true);
    expect(isCanadianPhoneNumber("+1 212 555 0123")).toBe(false); // New York
    expect(isCanadianPhoneNumber("+33 1 42 68 53 00")).toBe(false);
    expect(phoneToE164("514 555-0123")).toBe("+15145550123");
  });
});
