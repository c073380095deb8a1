import { describe, expect, it } from "vitest";
import { bodyLimitOf, crossSiteWriteReason, FORM_BODY_LIMIT_BYTES } from "./guards";

const own = "https://cuvee.example";

describe("crossSiteWriteReason", () => {
  it("accepts the shop's own pages, typed URLs, and clients that are not browser pages", () => {
    expect(crossSiteWriteReason({ secFetchSite: "same-origin", origin: own }, own)).toBeNull();
    expect(crossSiteWriteReason({ secFetchSite: "none", origin: undefined }, own)).toBeNull();
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: own }, own)).toBeNull();
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: undefined }, own)).toBeNull();
  });

  it("refuses another site, a sibling subdomain, another scheme or port, and an opaque origin", () => {
    expect(crossSiteWriteReason({ secFetchSite: "cross-site", origin: "https://evil.example" }, own)).toBe("Sec-Fetch-Site cross-site");
    expect(crossSiteWriteReason({ secFetchSite: "same-site", origin: "https://blog.cuvee.example" }, own)).toBe("Sec-Fetch-Site same-site");
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: "https://evil.example" }, own)).toBe("Origin https://evil.example");
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: "http://cuvee.example" }, own)).toBe("Origin http://cuvee.example");
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: "https://cuvee.example:8443" }, own)).not.toBeNull();
    expect(crossSiteWriteReason({ secFetchSite: undefined, origin: "null" }, own)).toBe("Origin null");
    // A browser that says same-origin but names another origin is not believed either.
    expect(crossSiteWriteReason({ secFetchSite: "same-origin", origin: "https://evil.example" }, own)).not.toBeNull();
  });
});

describe("bodyLimitOf", () => {
  it("gives a product's or producer's staff page room for one photo, and every other path the form limit", () => {
    expect(bodyLimitOf("/agence/produits/ABC-123")).toBe(16 * 1024 * 1024);
    expect(bodyLimitOf("/agence/produits/ABC-123.data")).toBe(16 * 1024 * 1024);
    expect(bodyLimitOf("/agence/producteurs/montevertine")).toBe(16 * 1024 * 1024);
    expect(bodyLimitOf("/agence/import")).toBe(32 * 1024 * 1024);
    // The lists themselves, and look-alike paths, take forms only.
    expect(bodyLimitOf("/agence/produits")).toBe(FORM_BODY_LIMIT_BYTES);
    expect(bodyLimitOf("/agence/produitsX/ABC")).toBe(FORM_BODY_LIMIT_BYTES);
    expect(bodyLimitOf("/products/abc")).toBe(FORM_BODY_LIMIT_BYTES);
  });
});
