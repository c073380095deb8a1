import { describe, expect, it } from "vitest";
import { photoTargetOfPath, withoutExtension } from "./photo-names";

describe("the ZIP's naming rule", () => {
  it("reads a product's main photo, an extra photo, a producer's photo and logo", () => {
    expect(photoTargetOfPath("produits/ABC123.jpg")).toEqual({ kind: "productMain", code: "ABC123" });
    expect(photoTargetOfPath("produits/ABC123/dos.jpg")).toEqual({ kind: "productExtra", code: "ABC123" });
    expect(photoTargetOfPath("producteurs/domaine-x.jpg")).toEqual({ kind: "providerPhoto", code: "domaine-x" });
    expect(photoTargetOfPath("logos/domaine-x.png")).toEqual({ kind: "providerLogo", code: "domaine-x" });
  });

  it("keeps puids with dashes, dots and underscores whole: only the extension is dropped", () => {
    expect(photoTargetOfPath("produits/ABC-2.jpg")).toEqual({ kind: "productMain", code: "ABC-2" });
    expect(photoTargetOfPath("produits/A.1_b.jpeg")).toEqual({ kind: "productMain", code: "A.1_b" });
    expect(photoTargetOfPath("logos/domaine-x-logo.png")).toEqual({ kind: "providerLogo", code: "domaine-x-logo" });
    expect(withoutExtension("ABC123")).toBe("ABC123");
  });

  it("takes English folder names, any case, and one enclosing folder", () => {
    expect(photoTargetOfPath("Products/abc123.JPG")).toEqual({ kind: "productMain", code: "abc123" });
    expect(photoTargetOfPath("photos-2026/PRODUCERS/domaine-x.webp")).toEqual({ kind: "providerPhoto", code: "domaine-x" });
  });

  it("says a file outside the folders or too deep is misplaced, and skips macOS's metadata and hidden files", () => {
    expect(photoTargetOfPath("ABC123.jpg")).toEqual({ kind: "misplaced" });
    expect(photoTargetOfPath("produits/ABC123/x/y.jpg")).toEqual({ kind: "misplaced" });
    expect(photoTargetOfPath("logos/domaine-x/logo.png")).toEqual({ kind: "misplaced" });
    expect(photoTargetOfPath("__MACOSX/produits/._ABC123.jpg")).toBeNull();
    expect(photoTargetOfPath("produits/.DS_Store")).toBeNull();
  });
});
