/**
 * The one place a user-supplied `redirectTo` becomes a `Location`: the preference
 * switches, the cart and every later form with a `redirectTo` go through it, and call it before
 * saving anything, so a refused target can never follow a saved change.
 */

/** Control characters, format characters (zero-width…), every kind of whitespace, backslashes. */
const UNSAFE_CHARACTERS = /[\p{C}\s\\]/u;
const MAX_LENGTH = 2048;

/**
 * A same-origin path (with its query and fragment) to redirect to, or `fallback`.
 *
 * The value must be a path starting with `/`, free of control characters and whitespace (browsers
 * strip tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`), and
 * still a path on `origin` once the URL parser has resolved it: `/..//evil.example`,
 * `/%2e%2e//x` and `/qc/..//x` resolve to `//…`, which a browser reads as another host.
 * @param value the posted field (any type; only a string can be accepted)
 * @param origin the request's origin, e.g. `new URL(request.url).origin`
 * @param fallback the path used when `value` is missing or refused (default `/`)
 * @returns a path such as `/products?page=2`, percent-encoded by the URL parser, so it is always
 *   a valid `Location` header value.
 */
export function safeRedirect(value: unknown, origin: string, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || UNSAFE_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
