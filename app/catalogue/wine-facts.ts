/**
 * Wine facts (decision 036): what a liquor board's product page tells about a bottle — grape
 * varieties with their share, alcohol, residual sugar, appellation and designation, tasting notes,
 * food pairings, serving temperature, ageing potential, SAQ and LCBO codes. Browser-safe: the
 * shape, its limits, the zod schema a staff form validates with, the parsing of the catalogue
 * import's `grapes` cell, and pure formatting helpers. Reading and writing live in
 * `wine-facts.server.ts`.
 */
import type { LiquorBoard } from "~/vocabulary";

/** One grape of a product, in the label's order. */
export interface GrapeShare {
  /** The variety's code in the reference list ("pinot-noir"). */
  code: string;
  /** Share of the blend in percent, a whole number 1–100; null when the label does not say. */
  sharePercent: number | null;
}

/** A grape as the product page shows it: its code, name in the page's language and share. */
export interface NamedGrapeShare extends GrapeShare {
  name: string;
}

/**
 * A product's wine facts. Every fact is optional: null (or "" for the texts, [] for grapes) means
 * unknown, and the product page leaves it out.
 */
export interface WineFacts {
  /** The grapes in the label's order, each at most once; shares sum to 100 at most. */
  grapes: GrapeShare[];
  /** Alcohol by volume in percent, one decimal (13.5), 0–100. */
  alcoholPercent: number | null;
  /** Residual sugar in grams per litre, one decimal (2.4), 0–1000. */
  residualSugarGramsPerLitre: number | null;
  /** Appellation of origin as labelled ("Morgon", "Côtes du Rhône"), ≤ 120 characters. */
  appellation: string | null;
  /** Regulated designation as labelled ("AOP", "DOCG", "VQA"), ≤ 60 characters. */
  designation: string | null;
  /** Tasting notes in each language (plain text, ≤ 2,000 characters; "" = none). */
  tastingNotesFr: string;
  tastingNotesEn: string;
  /** Food pairings in each language (plain text, ≤ 2,000 characters; "" = none). */
  foodPairingsFr: string;
  foodPairingsEn: string;
  /** Serving temperature range in whole degrees Celsius, 0–30, min ≤ max; either may be null. */
  servingTemperatureMinC: number | null;
  servingTemperatureMaxC: number | null;
  /** Years the wine keeps from its vintage (or from purchase without one), 0–100. */
  ageingPotentialYears: number | null;
  /** The SAQ's product code (1–12 digits): linked to saq.com when the product is sold at the SAQ. */
  saqCode: string | null;
  /** The LCBO's product code (1–12 digits): linked to lcbo.com when the product is sold at the LCBO. */
  lcboCode: string | null;
}

/** The facts of a product that has none. */
export const NO_WINE_FACTS: WineFacts = {
  grapes: [],
  alcoholPercent: null,
  residualSugarGramsPerLitre: null,
  appellation: null,
  designation: null,
  tastingNotesFr: "",
  tastingNotesEn: "",
  foodPairingsFr: "",
  foodPairingsEn: "",
  servingTemperatureMinC: null,
  servingTemperatureMaxC: null,
  ageingPotentialYears: null,
  saqCode: null,
  lcboCode: null,
};

/** The limits of each fact (the form, the import and the database's column types agree on them). */
export const WINE_FACT_LIMITS = {
  alcoholPercent: { min: 0, max: 100 },
  residualSugarGramsPerLitre: { min: 0, max: 1000 },
  servingTemperatureC: { min: 0, max: 30 },
  ageingPotentialYears: { min: 0, max: 100 },
  sharePercent: { min: 1, max: 100 },
  appellationLength: 120,
  designationLength: 60,
  notesLength: 2000,
  /** Grapes of one product at most. */
  grapes: 20,
} as const;

/** A board's product code: digits only. */
export const BOARD_CODE = /^\d{1,12}$/;

/** The scalar facts, in the order the product page, the import and the form list them. */
export const WINE_FACT_FIELDS = [
  "alcoholPercent",
  "residualSugarGramsPerLitre",
  "appellation",
  "designation",
  "tastingNotesFr",
  "tastingNotesEn",
  "foodPairingsFr",
  "foodPairingsEn",
  "servingTemperatureMinC",
  "servingTemperatureMaxC",
  "ageingPotentialYears",
  "saqCode",
  "lcboCode",
] as const satisfies readonly Exclude<keyof WineFacts, "grapes">[];
export type WineFactField = (typeof WINE_FACT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Grape names and the import's `grapes` cell
// ---------------------------------------------------------------------------------------------

/**
 * A grape name or code as a lookup key: accents, case, punctuation and spacing ignored —
 * "Gewürztraminer", "gewurztraminer" and "GEWURZTRAMINER" give "gewurztraminer"; "Pinot Noir" and
 * "pinot-noir" give "pinot-noir" (a code is its own key).
 */
export function grapeKey(text: string): string {
  return text
    .replace(/[œŒ]/g, "oe")
    .replace(/[æÆ]/g, "ae")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The lookup of the reference list: each variety by its code and by each of its names, the names
 * in parentheses counting as names of their own ("Syrah (Shiraz)" is found as "shiraz" too).
 * @returns grape code by {@link grapeKey}
 */
export function grapeLookup(varieties: readonly { code: string; nameFr: string; nameEn: string }[]): Map<string, string> {
  const lookup = new Map<string, string>();
  const add = (text: string, code: string) => {
    const key = grapeKey(text);
    if (key && !lookup.has(key)) lookup.set(key, code);
  };
  for (const v of varieties) add(v.code, v.code);
  for (const v of varieties) {
    for (const name of [v.nameFr, v.nameEn]) {
      add(name, v.code);
      const inner = /^(.*?)\s*\((.*)\)\s*$/.exec(name);
      if (inner) {
        add(inner[1]!, v.code);
        add(inner[2]!, v.code);
      }
    }
  }
  return lookup;
}

/** Why a `grapes` cell is refused (i18n keys under `catalogueImport.reasons`). */
export type GrapeListRefusal =
  | { key: "grapeUnknown"; params: { value: string } }
  | { key: "grapeShare"; params: { value: string; min: number; max: number } }
  | { key: "grapeSharesOver100"; params: { total: number } }
  | { key: "grapeTwice"; params: { value: string } }
  | { key: "grapeTooMany"; params: { max: number } };

/**
 * Parses the catalogue import's `grapes` cell: grapes separated by `|`, each a code or a name of
 * the reference list (accents and case ignored: {@link grapeKey}), optionally followed by `:` and
 * its share in whole percent (`%` allowed): `pinot-noir:85|gamay:15`, `Gewürztraminer`,
 * `Grenache : 60 % | Syrah : 40 %`. An empty cell is no grape.
 * @param lookup {@link grapeLookup} of the reference list
 * @returns the grapes in the cell's order, or every reason it is refused: an unknown grape, a share
 *   not a whole number 1–100, a grape named twice, shares summing over 100, more than
 *   {@link WINE_FACT_LIMITS}.grapes grapes
 */
export function parseGrapeList(
  text: string,
  lookup: ReadonlyMap<string, string>,
): { ok: true; grapes: GrapeShare[] } | { ok: false; reasons: GrapeListRefusal[] } {
  const reasons: GrapeListRefusal[] = [];
  const grapes: GrapeShare[] = [];
  const entries = text
    .split("|")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length > WINE_FACT_LIMITS.grapes) reasons.push({ key: "grapeTooMany", params: { max: WINE_FACT_LIMITS.grapes } });
  for (const entry of entries) {
    const colon = entry.lastIndexOf(":");
    const name = (colon === -1 ? entry : entry.slice(0, colon)).trim();
    const shareText = colon === -1 ? null : entry.slice(colon + 1).trim();
    const code = lookup.get(grapeKey(name));
    if (!code) reasons.push({ key: "grapeUnknown", params: { value: name } });
    let sharePercent: number | null = null;
    if (shareText !== null) {
      const match = /^(\d{1,3})\s*%?$/.exec(shareText);
      const n = match ? Number(match[1]) : NaN;
      const { min, max } = WINE_FACT_LIMITS.sharePercent;
      if (!(n >= min && n <= max)) reasons.push({ key: "grapeShare", params: { value: shareText, min, max } });
      else sharePercent = n;
    }
    if (code && grapes.some((g) => g.code === code)) reasons.push({ key: "grapeTwice", params: { value: name } });
    else if (code) grapes.push({ code, sharePercent });
  }
  const total = grapes.reduce((sum, g) => sum + (g.sharePercent ?? 0), 0);
  if (total > 100) reasons.push({ key: "grapeSharesOver100", params: { total } });
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, grapes };
}

/** Grapes written as the import's `grapes` cell, codes and shares: `pinot-noir:85|gamay:15` (the canonical form). */
export function formatGrapeList(grapes: readonly GrapeShare[]): string {
  return grapes.map((g) => (g.sharePercent === null ? g.code : `${g.code}:${g.sharePercent}`)).join("|");
}

// ---------------------------------------------------------------------------------------------
// Formatting (written out, not Intl: see `~/i18n/format`)
// ---------------------------------------------------------------------------------------------

const isEnglish = (locale: string) => locale.startsWith("en");

/** A number with at most one decimal in the page's language: `13.5` → "13,5" (fr) / "13.5" (en); `14` → "14". */
export function formatOneDecimal(value: number, locale: string): string {
  const text = (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
  return isEnglish(locale) ? text : text.replace(".", ",");
}

/** Alcohol by volume: "13,5 %" (fr, no-break space) / "13.5%" (en). */
export function formatAlcohol(percent: number, locale: string): string {
  return isEnglish(locale) ? `${formatOneDecimal(percent, locale)}%` : `${formatOneDecimal(percent, locale)}\u00a0%`;
}

/** Residual sugar in grams per litre: "2,4 g/L" / "2.4 g/L" (no-break space). */
export function formatSugar(gramsPerLitre: number, locale: string): string {
  return `${formatOneDecimal(gramsPerLitre, locale)}\u00a0g/L`;
}

/** A serving temperature range: "8–10 °C", a single bound "16 °C"; null when neither is known. */
export function formatServingTemperature(minC: number | null, maxC: number | null): string | null {
  if (minC === null && maxC === null) return null;
  if (minC === null || maxC === null || minC === maxC) return `${minC ?? maxC}\u00a0°C`;
  return `${minC}–${maxC}\u00a0°C`;
}

/** A grape with its share: "Pinot noir 85 %" (fr) / "Pinot Noir 85%" (en); the name alone without a share. */
export function formatGrapeShare(grape: Pick<NamedGrapeShare, "name" | "sharePercent">, locale: string): string {
  if (grape.sharePercent === null) return grape.name;
  return `${grape.name} ${isEnglish(locale) ? `${grape.sharePercent}%` : `${grape.sharePercent}\u00a0%`}`;
}

/**
 * The board's page of a product code (decision 036): the SAQ's product pages answer at
 * `saq.com/{fr|en}/{code}`; the LCBO's pages carry the product's name in their path, so the link is
 * its site search for the code, which lands on the product.
 */
export function boardProductUrl(board: LiquorBoard, code: string, locale: string): string {
  const language = isEnglish(locale) ? "en" : "fr";
  const safe = encodeURIComponent(code);
  return board === "SAQ" ? `https://www.saq.com/${language}/${safe}` : `https://www.lcbo.com/${language}/catalogsearch/result/?q=${safe}`;
}
