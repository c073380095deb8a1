/**
 * Generated catalogue images (docs/product.md#producers provider card thumbnail, "default image if none"; product
 * tiles). Pure functions returning small SVG documents as strings: nothing is downloaded or
 * stored, so every product and producer has an image, on both the server and the browser.
 */

import { inkOn } from "~/lib/colour";
import { escapeXml } from "~/lib/xml";

/** Fill colour per product colour code (PRODUCT_COLOR attribute codes of reference-data.ts). */
const PRODUCT_COLOR_FILL: Record<string, string> = {
  red: "#6d1a2a",
  white: "#e3d48a",
  rose: "#eea59b",
  orange: "#d9822b",
  sparkling: "#efe3a6",
  sweet: "#c98e1f",
};

/** Fill per product type when the product has no colour (spirits, beers, foods, goods). */
const TYPE_FILL: Record<string, string> = {
  SPIRITUEUX: "#b8c4c8",
  BIERE: "#d6a23a",
  CIDRE: "#e8c15a",
  APERITIF: "#a8322d",
  BOISSON: "#8fbf6a",
  FOODS: "#c9a27a",
  GOODS: "#4f5d6b",
};

const NEUTRAL_FILL = "#8a8178";
const DEFAULT_PROVIDER_FILL = "#e7e2da";
const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/**
 * Generated images are the same for every visitor and change only with the catalogue: any cache
 * may keep them for a week, and serve a stale one for a day while it revalidates.
 */
export const IMAGE_CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

/** Cuts `text` to at most `max` characters (by code point), ending with "…" when cut. */
function truncate(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max
    ? chars.join("")
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** Silhouette (SVG elements drawn in a 120×200 box) per product type. */
function silhouette(typeCode: string, fill: string): string {
  const f = `fill="${fill}" stroke="#2a2420" stroke-width="2"`;
  switch (typeCode) {
    case "BIERE": // can
      return `<rect x="30" y="48" width="60" height="128" rx="10" ${f}/><rect x="36" y="40" width="48" height="10" rx="3" fill="#c9c9c9" stroke="#2a2420" stroke-width="2"/>`;
    case "BOISSON": // short bottle
      return `<path d="M52 40h16v26c0 8 14 12 14 26v80a6 6 0 0 1-6 6H44a6 6 0 0 1-6-6V92c0-14 14-18 14-26z" ${f}/>`;
    case "FOODS": // jar with lid
      return `<rect x="26" y="78" width="68" height="98" rx="12" ${f}/><rect x="30" y="62" width="60" height="18" rx="4" fill="#5b4a3a" stroke="#2a2420" stroke-width="2"/>`;
    case "GOODS": // tote bag
      return `<path d="M44 78v-14a16 16 0 0 1 32 0v14" fill="none" stroke="#2a2420" stroke-width="4"/><path d="M24 78h72l6 98H18z" ${f}/>`;
    case "SPIRITUEUX":
    case "APERITIF": // square-shouldered spirit bottle
      return `<rect x="50" y="22" width="20" height="22" rx="3" fill="#5b4a3a" stroke="#2a2420" stroke-width="2"/><path d="M54 44h12v14l22 10v102a6 6 0 0 1-6 6H38a6 6 0 0 1-6-6V68l22-10z" ${f}/>`;
    default: // wine or cider bottle
      return `<path d="M53 14h14v46c0 10 19 16 19 38v72a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6V98c0-22 19-28 19-38z" ${f}/>`;
  }
}

/**
 * Product image: a bottle (wine, natural wine, cider), spirit bottle (spirits, aperitifs), can
 * (beer), short bottle (non-alcoholic drinks), jar (foods) or tote bag (goods) filled with the
 * product's colour, with a white label carrying `label`.
 *
 * @param input.color    a PRODUCT_COLOR code (`red`, `white`, `rose`, `orange`, `sparkling`,
 *                       `sweet`) or a `#rrggbb` colour; anything else falls back to the type's colour
 * @param input.typeCode a product type code of docs/product.md#product-list (`VIN`, `BIERE`, `FOODS`…); unknown → wine bottle
 * @param input.label    text shown on the label (cut to 18 characters) and as the image title
 * @returns an SVG document string (viewBox 0 0 120 200, under 2 KB), text XML-escaped
 */
export function bottleSvg(input: { color: string; typeCode: string; label: string }): string {
  const fill = PRODUCT_COLOR_FILL[input.color] ?? (HEX.test(input.color) ? input.color : (TYPE_FILL[input.typeCode] ?? NEUTRAL_FILL));
  const title = escapeXml(truncate(input.label, 80));
  const label = escapeXml(truncate(input.label, 18));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 200" width="120" height="200" role="img">` +
    `<title>${title}</title><rect width="120" height="200" fill="#f6f2ec"/>` +
    silhouette(input.typeCode, fill) +
    `<rect x="30" y="118" width="60" height="30" rx="3" fill="#fffdf8" stroke="#2a2420" stroke-width="1"/>` +
    `<text x="60" y="137" text-anchor="middle" font-family="Georgia,serif" font-size="7" fill="#2a2420">${label}</text>` +
    `</svg>`
  );
}

/** Words skipped when taking a producer's initials ("Domaine de la Pépière" → "P"). */
const NAME_NOISE = new Set([
  "domaine",
  "château",
  "chateau",
  "clos",
  "mas",
  "maison",
  "vignoble",
  "vignobles",
  "weingut",
  "bodegas",
  "bodega",
  "quinta",
  "cantina",
  "tenuta",
  "azienda",
  "agricola",
  "cidrerie",
  "distillerie",
  "microbrasserie",
  "brasserie",
  "brewery",
  "chocolats",
  "conservas",
  "frantoio",
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "l",
  "d",
  "et",
  "and",
  "the",
  "of",
  "do",
  "da",
  "dos",
  "di",
  "del",
  "della",
  "von",
  "vom",
  "gut",
]);

/**
 * Initials of a producer name: the first letters of its first two significant words
 * ("Domaine de la Pépière" → "P", "Marcel Lapierre" → "ML"), upper-cased; "?" when empty.
 */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const significant = words.filter((w) => !NAME_NOISE.has(w.toLowerCase()));
  const chosen = (significant.length > 0 ? significant : words).slice(0, 2);
  const initials = chosen.map((w) => [...w][0]!.toLocaleUpperCase("fr-CA")).join("");
  return initials || "?";
}

/**
 * Producer image: a square monogram tile with the producer's initials on its colour
 * (docs/product.md#producers provider card thumbnail; a neutral default tile when the colour is null, i.e. the
 * "default image").
 *
 * @param input.name  producer name (title of the image, source of the initials)
 * @param input.color `#rgb`/`#rrggbb` tile colour, or null (or an invalid value) for the default tile
 * @returns an SVG document string (viewBox 0 0 200 200, under 2 KB), text XML-escaped
 */
export function providerSvg(input: { name: string; color: string | null }): string {
  const fill = input.color && HEX.test(input.color) ? input.color : DEFAULT_PROVIDER_FILL;
  const ink = inkOn(fill);
  const initials = escapeXml(initialsOf(input.name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">` +
    `<title>${escapeXml(truncate(input.name, 80))}</title>` +
    `<rect width="200" height="200" rx="12" fill="${fill}"/>` +
    `<circle cx="100" cy="100" r="70" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>` +
    `<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="Georgia,serif" font-size="64" fill="${ink}">${initials}</text>` +
    `</svg>`
  );
}
