import { describe, expect, it } from "vitest";
import { notFoundData, notFoundTypeOf } from "./not-found";

describe("what a not-found page says was not found (decision 051)", () => {
  it("knows products, producers and articles, in any case, and nothing else", () => {
    expect(notFoundTypeOf("product")).toBe("product");
    expect(notFoundTypeOf(" Provider ")).toBe("provider");
    expect(notFoundTypeOf("blog")).toBe("blog");
    expect(notFoundTypeOf("page")).toBeNull();
    expect(notFoundTypeOf(null)).toBeNull();
    expect(notFoundTypeOf(3)).toBeNull();
    expect(notFoundData("blog")).toEqual({ notFound: "blog" });
  });
});
