import { describe, expect, it } from "vitest";
import { FORM_OVERHEAD_BYTES, MAX_IMAGE_UPLOAD_BYTES, MAX_PHOTO_ZIP_BYTES } from "~/images/image-limits";
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
  const photo = MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
  const zip = MAX_PHOTO_ZIP_BYTES + FORM_OVERHEAD_BYTES;

  it("gives a product's or producer's staff page room for one photo, with or without JavaScript", () => {
    for (const path of [
      "/agence/produits/12",
      "/agence/produits/12.data",
      "/agence/producteurs/domaine-x",
      "/agence/producteurs/7.data",
      "/agence/produits/12/",
    ]) {
      expect(bodyLimitOf(path), path).toBe(photo);
    }
    expect(photo).toBeGreaterThan(MAX_IMAGE_UPLOAD_BYTES);
  });

  it("gives the bulk photo upload room for its ZIP, with or without JavaScript, whatever the case", () => {
    for (const path of ["/agence/photos", "/agence/photos.data", "/agence/photos/", "/Agence/Photos"])
      expect(bodyLimitOf(path), path).toBe(zip);
  });

  it("gives an article's editor room for two long Markdown bodies or its cover photo, and its list a form's", () => {
    for (const path of ["/agence/articles/12", "/agence/articles/12.data", "/agence/articles/nouveau", "/agence/articles/nouveau.data"]) {
      expect(bodyLimitOf(path), path).toBe(MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES);
    }
    expect(bodyLimitOf("/agence/articles")).toBe(FORM_BODY_LIMIT_BYTES);
  });

  it("gives a help page's editor room for its two Markdown texts, and the pages' list a form's", () => {
    for (const path of ["/agence/pages/faq", "/agence/pages/faq.data", "/agence/pages/faq/"]) {
      expect(bodyLimitOf(path), path).toBe(2 * 1024 * 1024);
    }
    expect(bodyLimitOf("/agence/pages")).toBe(FORM_BODY_LIMIT_BYTES);
  });

  it("keeps exact paths' limits and gives every other path a form's", () => {
    expect(bodyLimitOf("/agence/import")).toBe(32 * 1024 * 1024);
    for (const path of [
      "/agence/produits",
      "/agence/produits.data",
      "/agence/produits/12/photos/x",
      "/agence/photosx",
      "/produits/12",
      "/x/agence/photos",
      "/agence/photos.data/x",
    ]) {
      expect(bodyLimitOf(path), path).toBe(FORM_BODY_LIMIT_BYTES);
    }
  });
});
