import { describe, expect, it } from "vitest";
import { loggedUrl } from "./log-format";

describe("loggedUrl", () => {
  it("hides confirmation numbers, Stripe sessions and e-mails, keeps the rest", () => {
    expect(loggedUrl("/checkout/confirmation?order=K7PX3M9QTD")).toBe("/checkout/confirmation?order=%E2%80%A6");
    expect(loggedUrl("/checkout/confirmation?session_id=cs_test_1")).not.toContain("cs_test_1");
    expect(loggedUrl("/login?signup=1&email=a%40b.c")).toBe("/login?signup=1&email=%E2%80%A6");
    expect(loggedUrl("/products?type=VIN&page=2")).toBe("/products?type=VIN&page=2");
    expect(loggedUrl("/checkout")).toBe("/checkout");
  });
});
