import { describe, expect, it } from "vitest";
import {
  closestVariantWidth,
  EMAIL_IMAGE_WIDTH,
  imageSrcSet,
  imageVariantUrl,
  isImageHash,
  parseVariantFile,
  VARIANT_WIDTHS,
  variantWidthsFor,
} from "./image-refs";

const hash = "a".repeat(64);

describe("variant URLs", () => {
  it("name the hash, the width and the format's extension", () => {
    expect(imageVariantUrl(hash, 320, "jpeg")).toBe(`/media/${hash}/320.jpg`);
    expect(imageVariantUrl(hash, 640, "avif")).toBe(`/media/${hash}/640.avif`);
    expect(imageVariantUrl(hash, 1600, "webp")).toBe(`/media/${hash}/1600.webp`);
  });

  it("take only a 64-character lower-case hex hash", () => {
    expect(isImageHash(hash)).toBe(true);
    expect(isImageHash("A".repeat(64))).toBe(false);
    expect(isImageHash("a".repeat(63))).toBe(false);
    expect(isImageHash(`${"a".repeat(63)}g`)).toBe(false);
    expect(isImageHash(`../${"a".repeat(61)}`)).toBe(false);
  });
});

describe("widths served", () => {
  it("are every standard width for a large image, up to 1600", () => {
    expect(variantWidthsFor(2400)).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidthsFor(1600)).toEqual([...VARIANT_WIDTHS]);
  });

  it("never enlarge: a smaller image gets the widths below it and its own", () => {
    expect(variantWidthsFor(700)).toEqual([160, 320, 480, 640, 700]);
    expect(variantWidthsFor(640)).toEqual([160, 320, 480, 640]);
    expect(variantWidthsFor(100)).toEqual([100]);
  });

  it("give one srcset entry per width, in the format asked", () => {
    expect(imageSrcSet({ hash, width: 500 }, "webp")).toBe(
      `/media/${hash}/160.webp 160w, /media/${hash}/320.webp 320w, /media/${hash}/480.webp 480w, /media/${hash}/500.webp 500w`,
    );
  });

  it("pick the smallest width at least as wide as wanted, else the largest (an e-mail's JPEG)", () => {
    expect(closestVariantWidth(2400, EMAIL_IMAGE_WIDTH)).toBe(320);
    expect(closestVariantWidth(2400, 600)).toBe(640);
    expect(closestVariantWidth(2400, 5000)).toBe(1600);
    expect(closestVariantWidth(300, EMAIL_IMAGE_WIDTH)).toBe(300);
  });
});

describe("parseVariantFile", () => {
  it("reads a served width and format", () => {
    expect(parseVariantFile("640.avif", 2400)).toEqual({ width: 640, format: "avif" });
    expect(parseVariantFile("320.jpg", 2400)).toEqual({ width: 320, format: "jpeg" });
    expect(parseVariantFile("700.webp", 700)).toEqual({ width: 700, format: "webp" });
  });

  it("refuses a width not served for this image, an unknown extension or anything else", () => {
    for (const file of [
      "641.avif",
      "1920.jpg",
      "960.jpg",
      "640.jpeg",
      "640.png",
      "640.gif",
      "640.AVIF",
      "640",
      "x.jpg",
      "0640.jpg",
      "640.jpg/..",
      "",
    ]) {
      expect(parseVariantFile(file, 800), file).toBeNull();
    }
  });
});
