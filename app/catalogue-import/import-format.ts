/**
 * The catalogue import's CSV format and its per-line validation (docs/product.md#catalogue-fields Product,
 * ProductInventory; docs/product.md#prices Money; decision 020). Pure: no database, no library; the reader
 * (csv-parse) and the comparison with the database live in `catalogue-import.server.ts`.
 *
 * One line per product inventory (a product in one channel). The columns, by their exact header
 * names (ASCII, lower case):
 *
 * | column | content |
 * |---|---|
 * | `product_puid` | the product's puid (created when new) |
 * | `inventory_puid` | the product inventory's puid (created when new) |
 * | `name_fr`, `name_en` | the product's names (required, ≤ 200 characters) |
 * | `producer` | the producer's slug (an existing producer: the import never creates one) |
 * | `type` | a product type code (`VIN`, `BIERE`, … `GOODS`) |
 * | `vintage` | a year 1900–2100, or empty (no vintage) |
 * | `volume_ml` | millilitres 1–100000, or empty (goods) |
 * | `uvc` | bottles per case 1–999; empty means 1, but a by-the-case inventory needs it written |
 * | `inventory` | an inventory code (`IP`, `SAQ`, … `STORE_TORONTO`) |
 * | `price` | dollars per bottle or unit, taxes excluded, agency fee included: `24.95` or `24,95` |
 * | `agency_fee` | dollars per bottle; empty means 0; only private-import inventories carry one |
 * | `quantity` | bottles or units in stock, a whole number ≥ 0 |
 * | `availability` | `AVAILABLE` or `UPCOMING` |
 * | `zero_rated` (optional) | `true`/`false` (basic groceries, FOODS only); empty keeps the product's flag |
 *
 * Wine facts (decision 036), optional columns: a column the file leaves out changes nothing; a
 * column it has sets the fact on each product, an empty cell meaning none (it clears the fact):
 *
 * | column | content |
 * |---|---|
 * | `grapes` | grapes separated by `|`, each a code or a name of the reference list (accents and case ignored), optionally `:share` in whole percent: `pinot-noir:85|gamay:15` |
 * | `alcohol_percent` | alcohol by volume, 0–100, at most one decimal (`13.5` or `13,5`) |
 * | `residual_sugar_g_l` | residual sugar in grams per litre, 0–1000, at most one decimal |
 * | `appellation`, `designation` | as labelled, ≤ 120 and ≤ 60 characters |
 * | `tasting_notes_fr`, `tasting_notes_en`, `food_pairings_fr`, `food_pairings_en` | plain text, ≤ 2,000 characters |
 * | `serving_temp_min_c`, `serving_temp_max_c` | whole degrees Celsius 0–30, min ≤ max |
 * | `ageing_potential_years` | whole years 0–100 |
 * | `saq_code`, `lcbo_code` | the board's product code, digits |
 *
 * A product written on several lines (one per inventory) must carry the same product fields
 * (facts included) on each of them.
 */
import { soldByTheCase } from "~/catalogue/product-inventory";
import { BOARD_CODE, formatGrapeList, parseGrapeList, WINE_FACT_LIMITS, type WineFacts } from "~/catalogue/wine-facts";
import type { Refusal } from "~/db/import-report";
import { type DollarsRefusal, parseDollars } from "~/pricing/money";
import {
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  type ChannelKind,
  type InventoryCode,
  isOneOf,
  type Province,
  type SalesUnit,
} from "~/vocabulary";

/** The columns every file must have, in the order the sample writes them. */
export const REQUIRED_COLUMNS = [
  "product_puid",
  "inventory_puid",
  "name_fr",
  "name_en",
  "producer",
  "type",
  "vintage",
  "volume_ml",
  "uvc",
  "inventory",
  "price",
  "agency_fee",
  "quantity",
  "availability",
] as const;
/** The wine facts' columns (decision 036), each the column of one fact. */
export const FACT_COLUMNS = {
  grapes: "grapes",
  alcohol_percent: "alcoholPercent",
  residual_sugar_g_l: "residualSugarGramsPerLitre",
  appellation: "appellation",
  designation: "designation",
  tasting_notes_fr: "tastingNotesFr",
  tasting_notes_en: "tastingNotesEn",
  food_pairings_fr: "foodPairingsFr",
  food_pairings_en: "foodPairingsEn",
  serving_temp_min_c: "servingTemperatureMinC",
  serving_temp_max_c: "servingTemperatureMaxC",
  ageing_potential_years: "ageingPotentialYears",
  saq_code: "saqCode",
  lcbo_code: "lcboCode",
} as const satisfies Record<string, keyof WineFacts>;
export type FactColumn = keyof typeof FACT_COLUMNS;

/** Columns a file may add. */
export const OPTIONAL_COLUMNS = ["zero_rated", ...(Object.keys(FACT_COLUMNS) as FactColumn[])] as const;
export type ImportColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** The largest file accepted, in bytes (30 MB: about 250,000 lines). */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

/** Limits of the numbers of a line. */
export const LIMITS = {
  nameLength: 200,
  puidLength: 40,
  vintage: { min: 1900, max: 2100 },
  volumeMl: { min: 1, max: 100_000 },
  uvc: { min: 1, max: 999 },
  quantity: { max: 10_000_000 },
  /** The highest price or fee, in cents ($1,000,000.00). */
  moneyCents: 100_000_000,
} as const;

/** What the validator needs to know of an inventory (a row of the `inventories` table). */
export interface InventoryInfo {
  code: InventoryCode;
  province: Province;
  channelKind: ChannelKind;
  salesUnit: SalesUnit;
}

/** The reference data a line is checked against. */
export interface LineReference {
  inventories: ReadonlyMap<string, InventoryInfo>;
  typeCodes: ReadonlySet<string>;
  /** Producer id by slug. */
  producerIds: ReadonlyMap<string, number>;
  /** Type codes whose products may be zero-rated (basic groceries: FOODS). */
  zeroRatedTypes: ReadonlySet<string>;
  /** Grape code by name or code (`grapeLookup` of the reference list). */
  grapes: ReadonlyMap<string, string>;
}

/** The facts a line sets: only those whose column the file has. */
export type ImportedFacts = Partial<WineFacts>;

/** A valid line, in the database's units (cents, millilitres, bottles). */
export interface ImportLine {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  productPuid: string;
  inventoryPuid: string;
  nameFr: string;
  nameEn: string;
  producerSlug: string;
  providerId: number;
  typeCode: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  inventoryCode: InventoryCode;
  province: Province;
  priceCents: number;
  agencyFeeCents: number;
  quantity: number;
  availabilityStatus: AvailabilityStatus;
  /** null: the file says nothing (an existing product keeps its flag, a new one is not zero-rated). */
  zeroRated: boolean | null;
  /** The wine facts of the columns the file has (decision 036); the others are absent. */
  facts: ImportedFacts;
}

export type LineResult = { ok: true; value: ImportLine } | { ok: false; reasons: Refusal[] };

const PUID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const WHOLE = /^\d{1,9}$/;

/** The refusal of a money cell by reason of {@link parseDollars}. */
const MONEY_REFUSALS: Record<DollarsRefusal, string> = { format: "money", decimals: "moneyDecimals", tooHigh: "moneyTooHigh" };

/** A whole number in [min, max] written in digits only, or null when it is not. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!WHOLE.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/**
 * Checks one line of the file and converts it to the database's units (types,
 * ranges, vocabularies, agency fee ≤ price, the inventory's province, uvc of a by-the-case
 * inventory). Every problem of the line is reported, not only the first.
 *
 * @param record the line's cells by column name (trimmed by the reader; a missing optional column
 *   is absent)
 * @param line its 1-based line number in the file
 * @returns the line in cents / millilitres / bottles, or every reason it is refused (i18n keys
 *   under `catalogueImport.reasons` with the column as the `column` parameter)
 */
export function validateLine(record: Readonly<Record<string, string | undefined>>, line: number, ref: LineReference): LineResult {
  const reasons: Refusal[] = [];
  const cell = (column: ImportColumn) => (record[column] ?? "").trim();
  const refuse = (key: string, column: ImportColumn, params: Record<string, string | number> = {}) =>
    reasons.push({ key, params: { column, ...params } });

  const puid = (column: ImportColumn) => {
    const value = cell(column);
    if (value === "") refuse("required", column);
    else if (value.length > LIMITS.puidLength || !PUID.test(value)) refuse("puid", column, { value, max: LIMITS.puidLength });
    return value;
  };
  const productPuid = puid("product_puid");
  const inventoryPuid = puid("inventory_puid");

  const name = (column: ImportColumn) => {
    const value = cell(column);
    if (value === "") refuse("required", column);
    else if (value.length > LIMITS.nameLength) refuse("tooLong", column, { max: LIMITS.nameLength });
    return value;
  };
  const nameFr = name("name_fr");
  const nameEn = name("name_en");

  const producerSlug = cell("producer");
  const providerId = ref.producerIds.get(producerSlug);
  if (producerSlug === "") refuse("required", "producer");
  else if (providerId === undefined) refuse("unknownProducer", "producer", { value: producerSlug });

  const typeCode = cell("type");
  if (typeCode === "") refuse("required", "type");
  else if (!ref.typeCodes.has(typeCode)) refuse("unknownType", "type", { value: typeCode });

  const optionalWhole = (column: ImportColumn, range: { min: number; max: number }) => {
    const text = cell(column);
    if (text === "") return null;
    const n = wholeNumber(text, range.min, range.max);
    if (n === null) refuse("range", column, { value: text, ...range });
    return n;
  };
  const vintage = optionalWhole("vintage", LIMITS.vintage);
  const volumeMl = optionalWhole("volume_ml", LIMITS.volumeMl);
  const uvc = optionalWhole("uvc", LIMITS.uvc);

  const inventoryCode = cell("inventory");
  const inventory = ref.inventories.get(inventoryCode);
  if (inventoryCode === "") refuse("required", "inventory");
  else if (!inventory) refuse("unknownInventory", "inventory", { value: inventoryCode });
  else if (soldByTheCase(inventory) && cell("uvc") === "") refuse("caseNeedsUvc", "uvc", { inventory: inventoryCode });

  const money = (column: ImportColumn, emptyMeans: number | null) => {
    const text = cell(column);
    if (text === "") {
      if (emptyMeans === null) refuse("required", column);
      return emptyMeans;
    }
    const parsed = parseDollars(text, LIMITS.moneyCents);
    if (!parsed.ok) {
      refuse(MONEY_REFUSALS[parsed.reason], column, { value: text });
      return null;
    }
    return parsed.cents;
  };
  const priceCents = money("price", null);
  const agencyFeeCents = money("agency_fee", 0);
  if (priceCents !== null && agencyFeeCents !== null && agencyFeeCents > priceCents) refuse("feeAbovePrice", "agency_fee");
  if (inventory && inventory.channelKind !== "PRIVATE_IMPORT" && agencyFeeCents !== null && agencyFeeCents > 0) {
    refuse("feeOutsidePrivateImport", "agency_fee", { inventory: inventoryCode });
  }

  const quantityText = cell("quantity");
  const quantity = quantityText === "" ? null : wholeNumber(quantityText, 0, LIMITS.quantity.max);
  if (quantityText === "") refuse("required", "quantity");
  else if (quantity === null) refuse("range", "quantity", { value: quantityText, min: 0, max: LIMITS.quantity.max });

  const availability = cell("availability");
  if (availability === "") refuse("required", "availability");
  else if (!isOneOf(AVAILABILITY_STATUSES, availability)) refuse("unknownAvailability", "availability", { value: availability });

  const zeroText = cell("zero_rated").toLowerCase();
  let zeroRated: boolean | null = null;
  if (zeroText === "true") zeroRated = true;
  else if (zeroText === "false") zeroRated = false;
  else if (zeroText !== "") refuse("boolean", "zero_rated", { value: cell("zero_rated") });
  if (zeroRated === true && typeCode !== "" && !ref.zeroRatedTypes.has(typeCode)) refuse("zeroRatedType", "zero_rated", { type: typeCode });

  const facts = validateFacts(record, refuse, ref);

  if (reasons.length > 0) return { ok: false, reasons };
  return {
    ok: true,
    value: {
      line,
      productPuid,
      inventoryPuid,
      nameFr,
      nameEn,
      producerSlug,
      providerId: providerId!,
      typeCode,
      vintage,
      volumeMl,
      uvc: uvc ?? 1,
      inventoryCode: inventory!.code,
      province: inventory!.province,
      priceCents: priceCents!,
      agencyFeeCents: agencyFeeCents!,
      quantity: quantity!,
      availabilityStatus: availability as AvailabilityStatus,
      zeroRated,
      facts,
    },
  };
}

/** A decimal with at most one decimal (`13.5`, `13,5`, `14`), in [min, max]; null when it is not. */
function oneDecimal(text: string, min: number, max: number): number | null {
  if (!/^\d{1,4}([.,]\d)?$/.test(text)) return null;
  const n = Number(text.replace(",", "."));
  return n >= min && n <= max ? n : null;
}

/**
 * The wine facts of a line (decision 036): each fact column present is checked and converted, an
 * empty cell giving "none" (null, "" for the notes, [] for grapes); absent columns are left out.
 */
function validateFacts(
  record: Readonly<Record<string, string | undefined>>,
  refuse: (key: string, column: ImportColumn, params?: Record<string, string | number>) => void,
  ref: LineReference,
): ImportedFacts {
  const facts: ImportedFacts = {};
  const present = (column: FactColumn) => record[column] !== undefined;
  const cell = (column: FactColumn) => (record[column] ?? "").trim();

  if (present("grapes")) {
    const parsed = parseGrapeList(cell("grapes"), ref.grapes);
    if (parsed.ok) facts.grapes = parsed.grapes;
    else for (const reason of parsed.reasons) refuse(reason.key, "grapes", reason.params);
  }
  const decimal = (column: "alcohol_percent" | "residual_sugar_g_l", limits: { min: number; max: number }) => {
    if (!present(column)) return;
    const text = cell(column);
    const n = text === "" ? null : oneDecimal(text, limits.min, limits.max);
    if (text !== "" && n === null) refuse("decimal", column, { value: text, ...limits });
    else facts[FACT_COLUMNS[column]] = n;
  };
  decimal("alcohol_percent", WINE_FACT_LIMITS.alcoholPercent);
  decimal("residual_sugar_g_l", WINE_FACT_LIMITS.residualSugarGramsPerLitre);

  const whole = (column: "serving_temp_min_c" | "serving_temp_max_c" | "ageing_potential_years", limits: { min: number; max: number }) => {
    if (!present(column)) return;
    const text = cell(column);
    const n = text === "" ? null : wholeNumber(text, limits.min, limits.max);
    if (text !== "" && n === null) refuse("range", column, { value: text, ...limits });
    else facts[FACT_COLUMNS[column]] = n;
  };
  whole("serving_temp_min_c", WINE_FACT_LIMITS.servingTemperatureC);
  whole("serving_temp_max_c", WINE_FACT_LIMITS.servingTemperatureC);
  whole("ageing_potential_years", WINE_FACT_LIMITS.ageingPotentialYears);
  const { servingTemperatureMinC: min, servingTemperatureMaxC: max } = facts;
  if (typeof min === "number" && typeof max === "number" && min > max) refuse("temperatureOrder", "serving_temp_max_c", { min, max });

  const label = (column: "appellation" | "designation", max: number) => {
    if (!present(column)) return;
    const text = cell(column);
    if (text.length > max) refuse("tooLong", column, { max });
    else facts[FACT_COLUMNS[column]] = text === "" ? null : text;
  };
  label("appellation", WINE_FACT_LIMITS.appellationLength);
  label("designation", WINE_FACT_LIMITS.designationLength);

  for (const column of ["tasting_notes_fr", "tasting_notes_en", "food_pairings_fr", "food_pairings_en"] as const) {
    if (!present(column)) continue;
    const text = cell(column);
    if (text.length > WINE_FACT_LIMITS.notesLength) refuse("tooLong", column, { max: WINE_FACT_LIMITS.notesLength });
    else facts[FACT_COLUMNS[column]] = text;
  }
  for (const column of ["saq_code", "lcbo_code"] as const) {
    if (!present(column)) continue;
    const text = cell(column);
    if (text !== "" && !BOARD_CODE.test(text)) refuse("boardCode", column, { value: text });
    else facts[FACT_COLUMNS[column]] = text === "" ? null : text;
  }
  return facts;
}

/** A fact as the report and the comparisons write it: grapes as their canonical cell (`pinot-noir:85|gamay:15`). */
export function factValue(facts: ImportedFacts, field: keyof WineFacts): string | number | null {
  const value = facts[field];
  if (value === undefined) return null;
  return Array.isArray(value) ? formatGrapeList(value) : value;
}

/** The product fields of a line, which every line of one product must repeat identically. */
export const PRODUCT_FIELDS = ["nameFr", "nameEn", "producerSlug", "typeCode", "vintage", "volumeMl", "uvc", "zeroRated"] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** The first product field (or wine fact) two lines of the same product disagree on, or null. */
export function productFieldMismatch(a: ImportLine, b: ImportLine): ProductField | keyof WineFacts | null {
  const field = PRODUCT_FIELDS.find((f) => a[f] !== b[f]);
  if (field) return field;
  return (Object.values(FACT_COLUMNS) as (keyof WineFacts)[]).find((f) => factValue(a.facts, f) !== factValue(b.facts, f)) ?? null;
}
