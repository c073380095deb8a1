/** Order numbers to ids: what a URL's number names, and what it never does. */
import { describe, expect, it } from "vitest";
import { orderIdOfNumber } from "./order-number";

describe("orderIdOfNumber", () => {
  it("reads the id of a six-digit number and of a longer one", () => {
    expect(orderIdOfNumber("CUV-000123")).toBe(123);
    expect(orderIdOfNumber("CUV-1234567")).toBe(1234567);
  });

  it("names no order for other text, a short number, or an id beyond a PostgreSQL integer", () => {
    for (const text of ["", "CUV-", "CUV-123", "cuv-000123", "CUV-000123 ", "X-000123", "CUV-0000000000", "CUV-9999999999", "CUV-00012a"]) {
      expect(orderIdOfNumber(text)).toBeNull();
    }
    expect(orderIdOfNumber("CUV-2147483647")).toBe(2_147_483_647);
  });
});
