/**
 * Lookups by id and puid (docs/decisions/051-listing-filters-and-lookups.md): the spec's other ways
 * of naming a product or a producer — `/products/1234`, `/providers/56`, `?pid=`, `?id=`,
 * `?puid=`, `idType=id|puid` — read from a URL, and the canonical slug URL they answer a 301 to.
 * Pure; the database side is `lookups.server.ts`.
 */
import type { NotFoundType } from "~/http/not-found";

/** A product asked for by something other than its slug. */
export type ProductLookup =
  /** The product's id (`/products/1234`, `?pid=1234`). */
  | { by: "productId"; id: number }
  /** A product inventory's id (`?id=5678`): its product, that channel shown first. */
  | { by: "productInventoryId"; id: number }
  /** The product's puid or one of its product inventories' (`?puid=…`, `/products/…?idType=puid`). */
  | { by: "puid"; puid: string };

/** The largest id a URL may name (a PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** A positive integer id written in decimal digits, else null. */
export function parseId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A puid as the catalogue writes them (letters, digits, `.`, `_`, `-`; at most 64), else null. */
export function parsePuid(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(text) ? text : null;
}

/**
 * The lookup a product list URL asks for (`/products?pid=…`, `?id=…`, `?puid=…`, first of them in
 * that order), or null when it names none. A value of the wrong shape is still a lookup, of
 * nothing (`{ by: "productId", id: 0 }`): the route answers not found rather than a list.
 */
export function productListLookup(params: URLSearchParams): ProductLookup | null {
  if (params.has("pid")) return { by: "productId", id: parseId(params.get("pid")) ?? 0 };
  if (params.has("puid")) return { by: "puid", puid: parsePuid(params.get("puid")) ?? "" };
  if (params.has("id")) return { by: "productInventoryId", id: parseId(params.get("id")) ?? 0 };
  return null;
}

/**
 * The lookup `/products/{segment}` asks for when no product has that slug: the segment as a puid
 * with `idType=puid`, as the product's id when it is digits (`idType=id` or none), else none.
 */
export function productSegmentLookup(segment: string, params: URLSearchParams): ProductLookup | null {
  const idType = params.get("idType")?.trim().toLowerCase();
  if (idType === "puid") {
    const puid = parsePuid(segment);
    return puid ? { by: "puid", puid } : null;
  }
  if (idType !== undefined && idType !== "id") return null;
  const id = parseId(segment);
  return id === null ? null : { by: "productId", id };
}

/**
 * The producer id `/providers/{segment}` (digits; `idType=id` or none) or `/providers?id=` names,
 * or null. `idType=puid` names nothing: producers have no puid.
 */
export function providerIdOf(segment: string | null, params: URLSearchParams): number | null {
  const idType = params.get("idType")?.trim().toLowerCase();
  if (idType !== undefined && idType !== "id") return null;
  return parseId(segment ?? params.get("id"));
}

/**
 * The not-found page saying what was not found (`/not-found?type=…`), keeping the page's language:
 * where a route whose own error boundary means something else sends a failed lookup.
 */
export function notFoundHref(type: NotFoundType, params: URLSearchParams): string {
  const query = new URLSearchParams({ type });
  const lng = keptLanguage(params);
  if (lng) query.set("lng", lng);
  return `/not-found?${query}`;
}

/** A `lng` value worth keeping: a language tag (`en`, `fr-CA`), else null. */
function keptLanguage(params: URLSearchParams): string | null {
  const lng = params.get("lng")?.trim() ?? "";
  return /^[A-Za-z]{2}(-[A-Za-z]{2})?$/.test(lng) ? lng : null;
}

/**
 * The canonical URL a lookup answers a 301 to: always this shop's own path (`/products/` or
 * `/providers/` and the slug from the database, encoded: never an address taken from the request,
 * so no open redirect), with only the page's language (`lng`) kept from the request and, for a
 * product, the channel to show first (`id`).
 */
export function canonicalLookupHref(
  kind: "products" | "providers",
  slug: string,
  params: URLSearchParams,
  productInventoryId: number | null = null,
): string {
  const query = new URLSearchParams();
  if (productInventoryId !== null) query.set("id", String(productInventoryId));
  const lng = keptLanguage(params);
  if (lng) query.set("lng", lng);
  const search = query.toString();
  return `/${kind}/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}
