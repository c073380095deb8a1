import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const origin = "https://shop.example";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeRedirect("/providers?page=2", origin)).toBe("/providers?page=2");
    expect(safeRedirect("/products?c=FR&c=IT#list", origin)).toBe("/products?c=FR&c=IT#list");
    expect(safeRedirect("/qc", origin)).toBe("/qc");
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirect("/products?t=rosé", origin)).toBe("/products?t=ros%C3%A9");
  });

  // The payloads of the security probe: each one led a browser off-site.
  it.each([
    "/..//evil.example",
    "/.//x",
    "/%2e%2e//x",
    "/%2E%2E//x",
    "/qc/..//x",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\u3000/x",
    "/\u00a0/x",
    "/\u200b/x",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
    "http://shop.example/",
    "javascript:alert(1)",
    " /x",
    "",
  ])("refuses %j", (payload) => {
    expect(safeRedirect(payload, origin)).toBe("/");
  });

  it("falls back to the given path for a missing or non-string value", () => {
    expect(safeRedirect(undefined, origin)).toBe("/");
    expect(safeRedirect(null, origin, "/shopping-cart")).toBe("/shopping-cart");
    expect(safeRedirect(["/x"], origin, "/shopping-cart")).toBe("/shopping-cart");
    expect(safeRedirect(`/${"a".repeat(3000)}`, origin)).toBe("/");
  });

  it("never answers a path a browser reads as another host", () => {
    for (const tail of ["/", "//", "/./", "/../", "/%2e/", "/%2e%2e/", "/%2F/"]) {
      const target = safeRedirect(`/a${tail}/evil.example`, origin);
      expect(new URL(target, origin).origin).toBe(origin);
    }
  });
});
