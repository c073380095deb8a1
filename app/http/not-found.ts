/**
 * What a not-found page says was not found (docs/decisions/051-listing-filters-and-lookups.md):
 * `/not-found?type=product|provider|blog`, and the 404 of a product, producer or article lookup
 * that finds nothing, in the page's language (`notFound.what.<type>`). Pure; shared with the browser.
 */

/** What a not-found page can say was not found. */
export const NOT_FOUND_TYPES = ["product", "provider", "blog"] as const;
export type NotFoundType = (typeof NOT_FOUND_TYPES)[number];

/** The type a `?type=` value or a 404's data names (any case), or null: the page then says only that the page was not found. */
export function notFoundTypeOf(value: unknown): NotFoundType | null {
  const type = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (NOT_FOUND_TYPES as readonly string[]).includes(type) ? (type as NotFoundType) : null;
}

/** The data of a thrown 404 that says what was not found: `throw data(notFoundData("product"), { status: 404 })`. */
export function notFoundData(type: NotFoundType): { notFound: NotFoundType } {
  return { notFound: type };
}
