/**
 * How a producer page shows the texts staff write (docs/decisions/038-photos-on-pages.md): the
 * biography as plain paragraphs (never HTML: React escapes every character), the website as a
 * link only when it is an http(s) URL. Pure; shared with the browser.
 */

/**
 * The paragraphs of a plain-text biography: split at blank lines, each trimmed, its single line
 * breaks and runs of spaces made one space; empty paragraphs left out.
 * @returns [] for an empty or blank text
 */
export function bioParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}

/**
 * A producer's website as the page links it: its absolute URL and the host shown as the link's
 * text ("domaine-pepiere.fr", without "www.").
 * @returns null when `url` is empty or not an absolute http(s) URL (a `javascript:` or relative
 *   value is never linked)
 */
export function websiteLink(url: string | null | undefined): { href: string; host: string } | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  return { href: parsed.href, host: parsed.hostname.replace(/^www\./, "") };
}
