/**
 * The catalogue import's CSV format and its per-line validation (SPEC §3 Product,
 * ProductInventory; DESIGN §3 Money; decision 020). Pure: no database, no library; the reader
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
 * A product written on several lines (one per inventory) must carry the same product fields on
 * each of them.
 */
import { soldByTheCase } from "~/catalogue/product-inventory";
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
/** Columns a file may add. */
export const OPTIONAL_COLUMNS = ["zero_rated"] as const;
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
}

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
    },
  };
}

/** The product fields of a line, which every line of one product must repeat identically. */
export const PRODUCT_FIELDS = ["nameFr", "nameEn", "producerSlug", "typeCode", "vintage", "volumeMl", "uvc", "zeroRated"] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** The first product field two lines of the same product disagree on, or null. */
export function productFieldMismatch(a: ImportLine, b: ImportLine): ProductField | null {
  return PRODUCT_FIELDS.find((field) => a[field] !== b[field]) ?? null;
}
