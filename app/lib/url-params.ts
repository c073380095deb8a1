/**
 * Reading query strings and path segments: the small rules every list's URL parsing shares
 * (product, producer, blog and search filters). Parsing never throws: malformed values are
 * ignored, trimmed or cut.
 */

/** Longest search text kept from a URL, in characters. */
export const MAX_TEXT_LENGTH = 100;

/** All values of a repeated or comma-separated parameter, trimmed, without empties or repeats. */
export function multiValues(params: URLSearchParams, key: string): string[] {
  const values = params.getAll(key).flatMap((v) => v.split(","));
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/**
 * A GET filter form sends every field, empty or default (`?t=&min=&sort=relevance`). Returns the
 * query without empty values and without the given defaults, or null when it is already tidy, so
 * the loader can redirect to the short URL people share.
 */
export function tidySearchParams(params: URLSearchParams, defaults: Record<string, string> = {}): string | null {
  const kept = [...params].filter(([key, value]) => value.trim() !== "" && defaults[key] !== value);
  if (kept.length === [...params].length) return null;
  return new URLSearchParams(kept).toString();
}

// eslint-disable-next-line no-control-regex -- control characters are what cleanText removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Search text from a URL: control characters removed (PostgreSQL refuses NUL), trimmed, at most
 * {@link MAX_TEXT_LENGTH} characters.
 */
export function cleanText(value: string | null): string {
  return (value ?? "").replace(CONTROL_CHARACTERS, " ").trim().slice(0, MAX_TEXT_LENGTH);
}

/** Whether a path segment can be a product or producer slug (lower-case letters, digits, dashes). */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && /^[a-z0-9][a-z0-9-]{0,199}$/.test(value);
}
