/**
 * Text shaping for route `meta` functions: descriptions clipped at a word, first
 * sentences. They translate with `translatorFor` (app/i18n/translator.ts). Shared with the browser.
 */

/** Longest meta description kept whole; longer text is cut at a word and ends with "…". */
export const DESCRIPTION_MAX_CHARS = 300;

/** Collapses white space (line breaks of Markdown or rows) into single spaces. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The first sentence of a text (up to and including its `.`, `!`, `?` or `…`), or the whole text
 * when it has no sentence end; white space collapsed. `"Vignoble familial. Trois générations."`
 * → `"Vignoble familial."`
 */
export function firstSentence(text: string): string {
  const flat = squeeze(text);
  const end = /[.!?…](?=\s|$)/.exec(flat);
  return end ? flat.slice(0, end.index + 1) : flat;
}

/**
 * A meta description: white space collapsed and, beyond `max` characters, cut at the last word
 * that fits, followed by "…".
 */
export function clipDescription(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const flat = squeeze(text);
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}
