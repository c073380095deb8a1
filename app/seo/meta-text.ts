/**
 * Wording for route `meta` functions (issue 9 §9). A `meta` function has no hook and no request
 * context, and runs on the server and in the browser alike, so it translates through its own
 * fixed-language i18next instances over the same bundled resources as the page (locales/).
 * Shared with the browser.
 */
import { createInstance, type TFunction } from "i18next";
import { i18nOptions } from "~/i18n/i18n";
import type { Locale } from "~/vocabulary";

const translators = new Map<Locale, TFunction>();

/**
 * A `t` in `locale` for meta functions, made once per language. The resources are in memory, so
 * it is ready synchronously.
 */
export function metaT(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const i18n = createInstance();
    void i18n.init({ ...i18nOptions, lng: locale, initAsync: false });
    t = i18n.getFixedT(locale);
    translators.set(locale, t);
  }
  return t;
}

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
