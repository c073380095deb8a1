import { describe, expect, it } from "vitest";
import { ContentPageError, parseContentPage, renderMarkdown } from "./page-parser.server";

const PAGE = `---
title: Foire aux questions
description: Les réponses.
---
Intro avec **gras**.

## Questions {#questions .faq}
Avant la première question.

### Comment *commander* ?

Par le [panier](/products?inventory=IP).

Deuxième paragraphe.

### Et le paiement ?

En ligne.

## Glossaire {#glossary .glossary}

### Terroir

Le lieu.

### Pet nat

Des bulles.

## Texte {#text}

### Un titre ordinaire

Du texte.
`;

describe("parseContentPage", () => {
  const page = parseContentPage(PAGE, "test.md");

  it("reads the front matter and the intro", () => {
    expect(page.title).toBe("Foire aux questions");
    expect(page.description).toBe("Les réponses.");
    expect(page.introHtml).toBe("<p>Intro avec <strong>gras</strong>.</p>");
  });

  it("splits the tabs in order, with their ids, labels and kinds", () => {
    expect(page.tabs.map((t) => [t.id, t.label, t.kind])).toEqual([
      ["questions", "Questions", "faq"],
      ["glossary", "Glossaire", "glossary"],
      ["text", "Texte", "text"],
    ]);
  });

  it("reads questions and answers, answers keeping their links", () => {
    const faq = page.tabs[0]!;
    expect(faq.introHtml).toBe("<p>Avant la première question.</p>");
    expect(faq.entries).toHaveLength(2);
    expect(faq.entries[0]!.titleHtml).toBe("Comment <em>commander</em> ?");
    expect(faq.entries[0]!.html).toContain('<a href="/products?inventory=IP">panier</a>');
    expect(faq.entries[0]!.html).toContain("<p>Deuxième paragraphe.</p>");
    expect(faq.entries[1]).toEqual({ titleHtml: "Et le paiement ?", html: "<p>En ligne.</p>" });
  });

  it("reads glossary terms and definitions", () => {
    expect(page.tabs[1]!.entries).toEqual([
      { titleHtml: "Terroir", html: "<p>Le lieu.</p>" },
      { titleHtml: "Pet nat", html: "<p>Des bulles.</p>" },
    ]);
  });

  it("keeps ### headings of a text tab as Markdown headings", () => {
    const text = page.tabs[2]!;
    expect(text.entries).toEqual([]);
    expect(text.introHtml).toContain("<h3>Un titre ordinaire</h3>");
  });

  it("treats ## headings without an id as ordinary headings (a page without tabs)", () => {
    const plain = parseContentPage("---\ntitle: À propos\n---\nBonjour.\n\n## Qui sommes-nous\n\nDes gens.\n");
    expect(plain.tabs).toEqual([]);
    expect(plain.introHtml).toContain("<h2>Qui sommes-nous</h2>");
  });

  it("refuses a file without a title, a duplicate tab id, an unknown kind, or an entry tab without entries", () => {
    expect(() => parseContentPage("## A {#a}\n")).toThrow(ContentPageError);
    expect(() => parseContentPage("---\ndescription: x\n---\n")).toThrow(/no title/);
    expect(() => parseContentPage("---\ntitle: T\n---\n## A {#a}\n## B {#a}\n")).toThrow(/two tabs/);
    expect(() => parseContentPage("---\ntitle: T\n---\n## A {#a .quiz}\n")).toThrow(/unknown tab kind/);
    expect(() => parseContentPage("---\ntitle: T\n---\n## A {#a .faq}\nNo question.\n")).toThrow(/no ### entries/);
  });
});

describe("sanitizing", () => {
  it("strips scripts, event handlers and javascript: links, keeps relative and external links", () => {
    const page = parseContentPage(`---
title: T
---
## Q {#q .faq}

### Question <img src=x onerror="alert(1)"> ?

<script>alert("x")</script>

<p onclick="steal()">Cliquez</p>

[mal](javascript:alert(1)) [ici](/faq?tab=glossary) [ailleurs](https://www.saq.com/)
`);
    const entry = page.tabs[0]!.entries[0]!;
    expect(entry.titleHtml).not.toMatch(/<img|onerror/);
    expect(entry.html).not.toMatch(/<script|alert\("x"\)|onclick|steal|javascript:/);
    expect(entry.html).toContain("<p>Cliquez</p>");
    expect(entry.html).toContain('<a href="/faq?tab=glossary">ici</a>');
    expect(entry.html).toContain('<a href="https://www.saq.com/" rel="noopener noreferrer">ailleurs</a>');
  });

  it("renders blank Markdown as an empty string", () => {
    expect(renderMarkdown("  \n ")).toBe("");
  });
});

describe("quoting another page's tab (docs/decisions/048-discovery-subscriber-prices.md)", () => {
  const page = (body: string) => `---\ntitle: FAQ\n---\n## Questions {#questions .faq}\n\n### Puis-je retourner un vin ?\n\n${body}\n`;

  it("reads an entry whose whole body is {{tab slug#id}} as a quote, linked until the page is loaded", () => {
    const entry = parseContentPage(page("{{tab pricing-policy#returns}}")).tabs[0]!.entries[0]!;
    expect(entry.quote).toEqual({ slug: "pricing-policy", tabId: "returns" });
    expect(entry.html).toBe('<p><a href="/pricing-policy?tab=returns">/pricing-policy?tab=returns</a></p>');
  });

  it("keeps the directive as text when the entry has text of its own", () => {
    const entry = parseContentPage(page("Voyez ceci.\n\n{{tab pricing-policy#returns}}")).tabs[0]!.entries[0]!;
    expect(entry.quote).toBeUndefined();
    expect(entry.html).toContain("Voyez ceci.");
  });

  it("refuses a quote of a page that is not a content page", () => {
    expect(() => parseContentPage(page("{{tab politique#returns}}"), "faq.fr-CA.md")).toThrow(
      new ContentPageError("quoteTarget", "faq.fr-CA.md: {{tab politique#returns}} quotes an unknown page"),
    );
  });
});
