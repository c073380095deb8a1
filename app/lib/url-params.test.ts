import { describe, expect, it } from "vitest";
import { cleanText, isSlug, tidySearchParams } from "./url-params";

describe("cleanText and isSlug", () => {
  it("removes control characters the database refuses and keeps 100 characters", () => {
    expect(cleanText("pé\u0000pière\n")).toBe("pé pière");
    expect(cleanText("x".repeat(300))).toHaveLength(100);
    expect(cleanText(null)).toBe("");
  });
  it("accepts only lower-case, digit and dash slugs", () => {
    expect(isSlug("domaine-de-la-pepiere-muscadet-2022")).toBe(true);
    expect(isSlug("x\u0000y")).toBe(false);
    expect(isSlug("Domaine")).toBe(false);
    expect(isSlug("../etc")).toBe(false);
  });
});

describe("tidySearchParams", () => {
  it("drops empty fields and defaults a GET form sends", () => {
    const query = new URLSearchParams("t=&sort=relevance&min=&max=40&type=VIN");
    expect(tidySearchParams(query, { sort: "relevance" })).toBe("max=40&type=VIN");
  });
  it("answers null when the query is already tidy", () => {
    expect(tidySearchParams(new URLSearchParams("max=40&sort=name"), { sort: "relevance" })).toBeNull();
  });
});
