/**
 * Sales taxes (docs/product.md#taxes "Money"; docs/product.md#taxes "Taxes: GST, QST, HST").
 *
 * - QC: GST 5 % and QST 9.975 %, each computed on the pre-tax amount (QST is
 *   NOT charged on the GST), each rounded half up to the cent once.
 * - ON: HST 13 %, rounded half up to the cent once.
 * - Zero-rated goods (basic groceries, product type FOODS) carry no tax.
 */

import { isOneOf, LIQUOR_BOARD_OF, type LiquorBoard, type Province, PROVINCES, type TaxCode } from "~/vocabulary";
import { GST_RATE, HST_RATE, QST_RATE } from "./constants";
import { PricingInputError } from "./errors";
import { assertNonNegativeInteger, percentOf, toSafeCents } from "./money";

/** Amounts of each tax, integer cents; the taxes that do not apply in the province are 0. */
export interface TaxAmounts {
  gst: number;
  qst: number;
  hst: number;
}

/** Type guard: is `value` a {@link Province} (`'QC'` or `'ON'`)? */
export function isProvince(value: unknown): value is Province {
  return isOneOf(PROVINCES, value);
}

/**
 * @throws PricingInputError when `value` is not `'QC'` or `'ON'`.
 */
export function assertProvince(value: unknown, field = "province"): Province {
  if (!isProvince(value)) throw new PricingInputError(field, `expected 'QC' or 'ON', got ${String(value)}`);
  return value;
}

/**
 * Taxes on a taxable amount (docs/product.md#taxes "Money"): in QC, GST = 5 % and
 * QST = 9.975 % of `taxableCents` (QST not on GST); in ON, HST = 13 % of
 * `taxableCents`. Each tax is rounded half up to the cent once, on the amount
 * given — call it once per part total, not per line.
 *
 * Examples: `computeTaxes('QC', 10_000)` → `{ gst: 500, qst: 998, hst: 0 }`;
 * `computeTaxes('ON', 10_000)` → `{ gst: 0, qst: 0, hst: 1300 }`.
 *
 * @param province      `'QC'` or `'ON'`
 * @param taxableCents  non-negative integer cents, zero-rated amounts already excluded
 * @returns `{ gst, qst, hst }` in integer cents
 * @throws PricingInputError on an unknown province or a negative / non-integer amount.
 */
export function computeTaxes(province: Province, taxableCents: number): TaxAmounts {
  assertProvince(province);
  assertNonNegativeInteger(taxableCents, "taxableCents");
  if (province === "QC") {
    return { gst: percentOf(taxableCents, GST_RATE), qst: percentOf(taxableCents, QST_RATE), hst: 0 };
  }
  return { gst: 0, qst: 0, hst: percentOf(taxableCents, HST_RATE) };
}

/** Sum of the three taxes, integer cents. */
export function totalTax(taxes: TaxAmounts): number {
  return toSafeCents(BigInt(taxes.gst) + BigInt(taxes.qst) + BigInt(taxes.hst));
}

/**
 * Combined tax rate of a province in parts per 100 000: QC 14 975 (5 % + 9.975 %),
 * ON 13 000 (docs/product.md#tax-display "Tax-inclusive display ... multiplies by the province's
 * combined rate"). Informational: amounts are taxed with {@link computeTaxes},
 * which rounds each tax separately.
 *
 * @throws PricingInputError on an unknown province.
 */
export function combinedRate(province: Province): number {
  assertProvince(province);
  return province === "QC" ? GST_RATE + QST_RATE : HST_RATE;
}

/**
 * Tax-inclusive display price of one unit (docs/product.md#tax-display `priceTaxIn`; docs/product.md#taxes price
 * filter uses the tax-inclusive column in tax mode IN): `priceCents` plus its
 * taxes computed by {@link computeTaxes} (each tax rounded half up once), or
 * `priceCents` unchanged when the product is zero-rated.
 *
 * Examples: `priceTaxIn(2599, 'QC', false) === 2988` (130 GST + 259 QST);
 * `priceTaxIn(2599, 'ON', false) === 2937`; `priceTaxIn(10, 'QC', false) === 12`
 * (1 + 1, while 10 × 14.975 % would round to 1).
 *
 * @param priceCents  non-negative integer cents per bottle or unit, taxes excluded
 * @param province    `'QC'` or `'ON'`
 * @param zeroRated   true for basic groceries (FOODS): no tax
 * @returns integer cents, taxes included
 * @throws PricingInputError on an unknown province, a negative / non-integer
 *         price, or a non-boolean `zeroRated`.
 */
export function priceTaxIn(priceCents: number, province: Province, zeroRated: boolean): number {
  assertNonNegativeInteger(priceCents, "priceCents");
  assertProvince(province);
  if (typeof zeroRated !== "boolean") throw new PricingInputError("zeroRated", "expected a boolean");
  if (zeroRated) return priceCents;
  return toSafeCents(BigInt(priceCents) + BigInt(totalTax(computeTaxes(province, priceCents))));
}

/**
 * The taxes that apply in a province, in the order they are shown (cart summary, order tax rows,
 * order history, invoice registrations): `['GST', 'QST']` in QC, `['HST']` in ON (docs/product.md#accounts).
 * The one place that says which tax codes a part of an order carries.
 *
 * @throws PricingInputError on an unknown province.
 */
export function taxLinesFor(province: Province): TaxCode[] {
  assertProvince(province);
  return province === "QC" ? ["GST", "QST"] : ["HST"];
}

/** Rate of each tax code, integer parts per 100 000 (GST 5 000, QST 9 975, HST 13 000). */
export const TAX_RATES: Readonly<Record<TaxCode, number>> = { GST: GST_RATE, QST: QST_RATE, HST: HST_RATE };

/**
 * The amount of one tax code in a set of {@link TaxAmounts} (integer cents): `gst` for GST, `qst`
 * for QST, `hst` for HST.
 */
export function taxAmountOf(amounts: TaxAmounts, code: TaxCode): number {
  return code === "GST" ? amounts.gst : code === "QST" ? amounts.qst : amounts.hst;
}

/**
 * Product types whose products may be zero-rated (docs/product.md#taxes "Money": basic groceries, type FOODS,
 * carry no tax). The catalogue import refuses `zero_rated=true` on any other type.
 */
export const ZERO_RATED_PRODUCT_TYPES: ReadonlySet<string> = new Set(["FOODS"]);

/**
 * Liquor board of a province: `'SAQ'` in QC, `'LCBO'` in ON (docs/product.md#cart-summary "SAQ fees (LCBO in Ontario)").
 *
 * @throws PricingInputError on an unknown province.
 */
export function liquorBoardNameFor(province: Province): LiquorBoard {
  assertProvince(province);
  return LIQUOR_BOARD_OF[province];
}
