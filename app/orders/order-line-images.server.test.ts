import { describe, expect, it } from "vitest";
import { mailImageOf } from "./order-line-images.server";

const hash = "a".repeat(64);

describe("mailImageOf", () => {
  it("names the 320-pixel JPEG by absolute URL, its height in proportion", () => {
    expect(mailImageOf({ hash, width: 1200, height: 1600, alt: "Bouteille" }, "https://cuvee.example")).toEqual({
      url: `https://cuvee.example/media/${hash}/320.jpg`,
      width: 320,
      height: 427,
      alt: "Bouteille",
    });
  });

  it("takes the image's own width when it is narrower", () => {
    expect(mailImageOf({ hash, width: 200, height: 100, alt: "" }, "http://localhost:3000")).toMatchObject({
      url: `http://localhost:3000/media/${hash}/200.jpg`,
      width: 200,
      height: 100,
    });
  });
});
