import { describe, expect, it } from "vitest";
import { blogCoverSrc, blogCoverSvg, parseBlogCoverFile } from "./cover-image";

describe("blog covers", () => {
  it("builds a path that parses back to the motif and colour", () => {
    const src = blogCoverSrc({ color: "#C9B458", motif: "grapes" });
    expect(src).toBe("/images/blogs/grapes--c9b458.svg");
    expect(parseBlogCoverFile(src.split("/").pop()!)).toEqual({ motif: "grapes", hex: "c9b458" });
  });

  it("falls back to a neutral colour for an invalid one", () => {
    expect(blogCoverSrc({ color: "red", motif: "leaf" })).toBe("/images/blogs/leaf--8a8178.svg");
  });

  it("refuses names it does not make", () => {
    expect(parseBlogCoverFile("comet--c9b458.svg")).toBeNull();
    expect(parseBlogCoverFile("grapes--c9b45.svg")).toBeNull();
    expect(parseBlogCoverFile("grapes--c9b458.png")).toBeNull();
    expect(parseBlogCoverFile("../grapes--c9b458.svg")).toBeNull();
  });

  it("draws an SVG on the colour with light ink on a dark colour and dark ink on a light one", () => {
    const dark = blogCoverSvg({ motif: "bottle", hex: "3c2a4d" });
    expect(dark).toMatch(/^<svg /);
    expect(dark).toContain('fill="#3c2a4d"');
    expect(dark).toContain("#fbf8f3");
    expect(blogCoverSvg({ motif: "bottle", hex: "e1cf8f" })).toContain("#2a2420");
    expect(dark.length).toBeLessThan(2048);
  });
});
