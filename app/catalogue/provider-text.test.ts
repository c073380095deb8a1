import { describe, expect, it } from "vitest";
import { bioParagraphs, websiteLink } from "./provider-text";

describe("bioParagraphs", () => {
  it("splits at blank lines and joins the lines of a paragraph", () => {
    expect(bioParagraphs("Fondé en 1850.\nSur la Loire.\n\n  \nTrois générations.\r\n\r\nBio.")).toEqual([
      "Fondé en 1850. Sur la Loire.",
      "Trois générations.",
      "Bio.",
    ]);
  });

  it("gives nothing for a blank text and keeps markup as text", () => {
    expect(bioParagraphs("  \n\n ")).toEqual([]);
    expect(bioParagraphs("<script>alert(1)</script>")).toEqual(["<script>alert(1)</script>"]);
  });
});

describe("websiteLink", () => {
  it("links an http(s) URL and shows its host without www", () => {
    expect(websiteLink("https://www.domaine-pepiere.fr/fr/")).toEqual({
      href: "https://www.domaine-pepiere.fr/fr/",
      host: "domaine-pepiere.fr",
    });
    expect(websiteLink(" http://example.com ")).toEqual({ href: "http://example.com/", host: "example.com" });
  });

  it("refuses anything else", () => {
    for (const url of [null, undefined, "", "javascript:alert(1)", "/providers/x", "ftp://example.com", "data:text/html,x", "not a url"]) {
      expect(websiteLink(url)).toBeNull();
    }
  });
});
