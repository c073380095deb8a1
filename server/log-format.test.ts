import { describe, expect, it } from "vitest";
import { loggedUrl } from "./log-format";

describe("loggedUrl", () => {
  it("keeps the path and only the names of the query's parameters", () => {
    expect(loggedUrl("/checkout/confirmation?order=K7PX3M9QTD")).toEqual({ path: "/checkout/confirmation", query: ["order"] });
    expect(loggedUrl("/login?signup=1&email=a%40b.c")).toEqual({ path: "/login", query: ["signup", "email"] });
    expect(loggedUrl("/products?type=VIN&page=2&type=BIERE")).toEqual({ path: "/products", query: ["type", "page"] });
    expect(JSON.stringify(loggedUrl("/checkout/confirmation?session_id=cs_test_1"))).not.toContain("cs_test_1");
  });

  it("answers the bare path without a query", () => {
    expect(loggedUrl("/checkout")).toEqual({ path: "/checkout" });
    expect(loggedUrl("/checkout?")).toEqual({ path: "/checkout" });
  });

  it("masks a reservation's payment token and an e-mail in the path, and cuts a long path", () => {
    expect(loggedUrl("/reservations/42.Vh3kQ9zLm2Xp0aB7cD1eFg").path).toBe("/reservations/…");
    expect(loggedUrl("/a/client.qc@demo.cuvee.test").path).toBe("/a/[email]");
    expect(loggedUrl(`/${"x".repeat(500)}`).path).toHaveLength(201);
  });
});
