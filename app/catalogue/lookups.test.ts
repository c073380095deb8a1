import { describe, expect, it } from "vitest";
import { canonicalLookupHref, notFoundHref, parseId, parsePuid, productListLookup, productSegmentLookup, providerIdOf } from "./lookups";

const q = (query: string) => new URLSearchParams(query);

describe("lookups by id and puid (decision 051)", () => {
  it("reads the product list's pid, puid and id, first of them in that order; a malformed one looks up nothing", () => {
    expect(productListLookup(q("pid=12&id=7"))).toEqual({ by: "productId", id: 12 });
    expect(productListLookup(q("puid=P-0001"))).toEqual({ by: "puid", puid: "P-0001" });
    expect(productListLookup(q("id=7"))).toEqual({ by: "productInventoryId", id: 7 });
    expect(productListLookup(q("pid=abc"))).toEqual({ by: "productId", id: 0 });
    expect(productListLookup(q("puid=<script>"))).toEqual({ by: "puid", puid: "" });
    expect(productListLookup(q("type=VIN"))).toBeNull();
  });
  it("reads /products/{segment} as an id, or as a puid with idType=puid", () => {
    expect(productSegmentLookup("1234", q(""))).toEqual({ by: "productId", id: 1234 });
    expect(productSegmentLookup("1234", q("idType=id"))).toEqual({ by: "productId", id: 1234 });
    expect(productSegmentLookup("P-0001-IP", q("idType=puid"))).toEqual({ by: "puid", puid: "P-0001-IP" });
    expect(productSegmentLookup("some-wine", q(""))).toBeNull();
    expect(productSegmentLookup("1234", q("idType=slug"))).toBeNull();
  });
  it("reads a producer's id from the path or ?id=, never a puid", () => {
    expect(providerIdOf("56", q(""))).toBe(56);
    expect(providerIdOf(null, q("id=56"))).toBe(56);
    expect(providerIdOf("56", q("idType=puid"))).toBeNull();
    expect(providerIdOf("domaine-x", q(""))).toBeNull();
  });
  it("accepts positive integer ids within PostgreSQL's integer and puids of the catalogue's shape", () => {
    expect(parseId("0")).toBeNull();
    expect(parseId("2147483648")).toBeNull();
    expect(parseId("1e3")).toBeNull();
    expect(parsePuid("../etc")).toBeNull();
    expect(parsePuid("a".repeat(65))).toBeNull();
  });
  it("answers this shop's own slug URL, keeping only the language and the channel", () => {
    expect(canonicalLookupHref("products", "domaine-x-rouge", q("lng=en-US&pid=3&utm=x"), 7)).toBe(
      "/products/domaine-x-rouge?id=7&lng=en-US",
    );
    expect(canonicalLookupHref("providers", "domaine-x", q("lng=//evil.example"))).toBe("/providers/domaine-x");
    expect(canonicalLookupHref("providers", "a/b", q(""))).toBe("/providers/a%2Fb");
    expect(notFoundHref("provider", q("lng=en&id=9"))).toBe("/not-found?type=provider&lng=en");
  });
});
