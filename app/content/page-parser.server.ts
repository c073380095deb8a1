/**
 * Parses one content page written in Markdown (docs/product.md#content-pages "Other screens": FAQ entries
 * are question and answer, answers may contain links). Pure: text in, page out, no file access.
 *
 * The file format (see content/pages/README.md):
 *
 *     ---
 *     title: Foire aux questions
 *     description: One sentence for search engines.
 *     ---
 *     Intro Markdown (optional).
 *
 *     ## Questions fréquentes {#questions .faq}
 *     Tab intro (optional).
 *     ### How do I order?
 *     The answer, Markdown, [links](/products?inventory=IP) allowed.
 *
 *     ## Glossaire {#glossary .glossary}
 *     ### Terroir
 *     The definition.
 *
 * - `## Label {#id}` starts a tab; `id` (lowercase letters, digits, dashes) is the `?tab=` value
 *   and must be the same in every language. `.faq` or `.glossary` after the id says its `### `
 *   headings are entries (question/answer, term/definition); without it the tab is plain text.
 * - A `## ` heading without `{#id}` is an ordinary heading (pages without tabs).
 * - Markdown is rendered by `marked` and sanitized by `sanitize-html` ({@link renderMarkdown}: no
 *   script, no event handler, no `javascript:` URL, images only from the shop's pipeline; relative
 *   links kept).
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { CONTENT_PAGE_SLUGS, isOneOf } from "~/vocabulary";
import type { ContentEntry, ContentPage, ContentTab, ContentTabKind } from "./page-types";

const marked = new Marked({ gfm: true, async: false });

/** The only images a text may show: variants of the shop's image pipeline (`/media/{hash}/{width}.{ext}`, decision 035). */
const PIPELINE_IMAGE = /^\/media\/[0-9a-f]{64}\/\d{2,4}\.(?:avif|webp|jpg)$/;

/**
 * THE sanitizer of the shop's Markdown (content pages, help pages, articles; docs/decisions/
 * 045-content-desk-articles.md): an allow-list of tags and attributes. No raw HTML that can
 * script survives (no `script`, `style`, `iframe`, `object`, `svg`, `form`, no `on…` attribute, no
 * `style` attribute); links only to http(s), mailto, tel or relative addresses (no `javascript:`,
 * no `data:`, no protocol-relative `//host`); links to other sites get `rel="noopener noreferrer"`;
 * images only from the shop's own image pipeline, any other image is dropped.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "title", "rel"],
    abbr: ["title"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === "img" && !PIPELINE_IMAGE.test(frame.attribs.src ?? ""),
  transformTags: {
    // Links to other sites open in the same tab but tell them nothing of this page.
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? "") ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs },
  },
};

/**
 * Renders block Markdown to sanitized HTML ("" for blank text) with {@link SANITIZE_OPTIONS}: the
 * one sanitizer of the shop's texts written by people.
 */
export function renderMarkdown(markdown: string): string {
  if (markdown.trim() === "") return "";
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS).trim();
}

/** Renders one line of inline Markdown (a question, a term) to sanitized inline HTML. */
function renderInlineMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parseInline(markdown.trim()) as string, {
    ...SANITIZE_OPTIONS,
    allowedTags: ["a", "em", "strong", "code", "abbr", "i", "b"],
  }).trim();
}

const TAB_HEADING = /^##\s+(.+?)\s*\{#([a-z0-9-]+)((?:\s+\.[a-z]+)?)\s*\}\s*$/;
const ENTRY_HEADING = /^###\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
/** An entry whose whole body is `{{tab <slug>#<tab id>}}` quotes that tab of another page. */
const QUOTE = /^\{\{tab\s+([a-z0-9-]+)#([a-z0-9-]+)\}\}$/;

/** Why a content page's source is refused (the help pages' editor names each: `pageEditing.errors.<reason>`). */
export type ContentPageErrorReason = "frontMatter" | "noTitle" | "tabKind" | "duplicateTab" | "emptyTab" | "quoteTarget";

/** A malformed content page: its source's name in the message, and the reason as a code. */
export class ContentPageError extends Error {
  constructor(
    readonly reason: ContentPageErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Splits the front matter (`title:` and `description:` lines between `---` lines) from the body.
 * @throws ContentPageError when the front matter or its title is missing.
 */
function splitFrontMatter(source: string, name: string): { title: string; description: string; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new ContentPageError("frontMatter", `${name}: the file must start with front matter (--- title: … ---)`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const [, key, value] = /^([a-zA-Z]+):\s*(.*)$/.exec(line) ?? [];
    if (key) fields.set(key, (value ?? "").trim());
  }
  const title = fields.get("title");
  if (!title) throw new ContentPageError("noTitle", `${name}: the front matter has no title`);
  return { title, description: fields.get("description") ?? "", body: source.slice(match[0].length) };
}

function tabKind(marker: string, name: string): ContentTabKind {
  const kind = marker.trim().replace(/^\./, "");
  if (kind === "") return "text";
  if (kind === "faq" || kind === "glossary") return kind;
  throw new ContentPageError("tabKind", `${name}: unknown tab kind .${kind} (use .faq or .glossary)`);
}

interface TabDraft {
  id: string;
  label: string;
  kind: ContentTabKind;
  intro: string[];
  entries: { title: string; body: string[] }[];
}

/**
 * The tab an entry quotes when its body (blank lines aside) is only `{{tab <slug>#<tab id>}}`;
 * undefined for an entry with text of its own.
 * @throws ContentPageError when the quoted page is not a content page.
 */
function quoteOf(body: readonly string[], name: string): ContentEntry["quote"] {
  const lines = body.map((line) => line.trim()).filter((line) => line !== "");
  const match = lines.length === 1 ? QUOTE.exec(lines[0]!) : null;
  if (!match) return undefined;
  const [, slug = "", tabId = ""] = match;
  if (!isOneOf(CONTENT_PAGE_SLUGS, slug))
    throw new ContentPageError("quoteTarget", `${name}: {{tab ${slug}#${tabId}}} quotes an unknown page`);
  return { slug, tabId };
}

/**
 * Parses a content page.
 * @param source the Markdown file's text (front matter, intro, tabs).
 * @param name the file's name, for error messages.
 * @returns the page with every Markdown part rendered to sanitized HTML.
 * @throws ContentPageError on a missing title, a duplicate tab id, an unknown tab kind, a
 *   `.faq` / `.glossary` tab without entries, or an entry quoting an unknown page.
 */
export function parseContentPage(source: string, name = "content page"): ContentPage {
  const { title, description, body } = splitFrontMatter(source, name);
  const intro: string[] = [];
  const tabs: TabDraft[] = [];
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    const tab = inFence ? null : TAB_HEADING.exec(line);
    const current = tabs.at(-1);
    if (tab) {
      const [, label = "", id = "", marker = ""] = tab;
      if (tabs.some((t) => t.id === id)) throw new ContentPageError("duplicateTab", `${name}: two tabs have the id ${id}`);
      tabs.push({ id, label, kind: tabKind(marker, name), intro: [], entries: [] });
      continue;
    }
    const entry = inFence || !current || current.kind === "text" ? null : ENTRY_HEADING.exec(line);
    if (current && entry) {
      current.entries.push({ title: entry[1] ?? "", body: [] });
    } else if (current) {
      (current.entries.at(-1)?.body ?? current.intro).push(line);
    } else {
      intro.push(line);
    }
  }
  return {
    title,
    description,
    introHtml: renderMarkdown(intro.join("\n")),
    tabs: tabs.map((draft): ContentTab => {
      if (draft.kind !== "text" && draft.entries.length === 0) {
        throw new ContentPageError("emptyTab", `${name}: the tab ${draft.id} (.${draft.kind}) has no ### entries`);
      }
      return {
        id: draft.id,
        label: draft.label,
        kind: draft.kind,
        introHtml: renderMarkdown(draft.intro.join("\n")),
        entries: draft.entries.map((e): ContentEntry => {
          const titleHtml = renderInlineMarkdown(e.title);
          const quote = quoteOf(e.body, name);
          // Until the page is loaded with the quoted text (content-pages.server.ts): a link to it.
          if (quote)
            return { titleHtml, html: renderMarkdown(`[/${quote.slug}?tab=${quote.tabId}](/${quote.slug}?tab=${quote.tabId})`), quote };
          return { titleHtml, html: renderMarkdown(e.body.join("\n")) };
        }),
      };
    }),
  };
}
