/**
 * The shapes of a content page (FAQ and glossary, orders and deliveries, pricing
 * policy, about us, services, understanding a product page), shared by the server that parses the
 * Markdown files (`pages.server.ts`) and the view that renders them (`ui/content-page.tsx`).
 * Every `html` field is Markdown already rendered AND sanitized on the server.
 */
import type { ContentPageSlug } from "~/vocabulary";

/**
 * How a tab shows its `### ` entries: `faq` as questions that open (`<details>`), `glossary` as
 * a definition list (`<dl>`), `text` as plain Markdown (no entries).
 */
export type ContentTabKind = "faq" | "glossary" | "text";

/** A question and its answer, or a glossary term and its definition. */
export interface ContentEntry {
  /** The question or term, inline HTML (links, emphasis). */
  titleHtml: string;
  /**
   * The answer or definition, block HTML. For an entry that quotes another page's tab, the
   * quoted text once the page is loaded (content-pages.server.ts), a link to it straight from the
   * parser (the editor's preview).
   */
  html: string;
  /**
   * The tab this entry's answer quotes instead of text of its own: its body is only
   * `{{tab <slug>#<tab id>}}` (content/pages/README.md). One text, shown in two places: the
   * returns policy of `/pricing-policy` in the FAQ (docs/decisions/048-discovery-subscriber-prices.md).
   */
  quote?: { slug: ContentPageSlug; tabId: string };
}

export interface ContentTab {
  /** Stable across languages: the `?tab=` value. */
  id: string;
  label: string;
  kind: ContentTabKind;
  /** Markdown between the tab heading and its first entry (all of the tab for `text`). */
  introHtml: string;
  entries: ContentEntry[];
}

export interface ContentPage {
  title: string;
  /** One sentence for `<meta name="description">`. */
  description: string;
  /** Markdown before the first tab (all of the page when it has no tabs). */
  introHtml: string;
  tabs: ContentTab[];
}

/** What a route sends to the view: the page with only the selected tab's content. */
export interface ContentPageView {
  title: string;
  description: string;
  introHtml: string;
  tabs: { id: string; label: string }[];
  /** The selected tab (the first when `?tab=` is missing or unknown); null when the page has no tabs. */
  activeTab: ContentTab | null;
}
