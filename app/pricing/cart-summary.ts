/**
 * Cart summary (spec §2 cart summary lines; DESIGN §3 "Money" and "Cart").
 *
 * Pure: integer cents in, integer cents out, no I/O. All sums are exact
 * (`bigint` internally); every rounding is "half up, to the cent".
 */

import { CART_SECTIONS, type CartSection, isOneOf, type LiquorBoard, type Province, type TaxCode, type TaxMode } from "~/vocabulary";
import { MEMBER_PAY_NOW_DISCOUNT_RATE, MEMBER_PAY_NOW_THRESHOLD_CENTS, MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE } from "./constants";
import { PricingInputError } from "./errors";
import { allocateProportionally, assertNonNegativeInteger, percentOf, roundHalfUp, toSafeCents } from "./money";
import { assertProvince, computeTaxes, liquorBoardNameFor, priceTaxIn, type TaxAmounts, taxLinesFor, totalTax } from "./taxes";

/** One cart line as the pricing module needs it. Amounts are integer cents. */
export interface PricingLine {
  /** Cart line id, echoed in the breakdown. */
  id: string;
  section: CartSection;
  /** Cases for AGENCY (sold by the full case only, spec §5), units for SHOP and RESERVED. */
  quantity: number;
  /** Bottles per case; used by AGENCY lines only, must then be ≥ 1. */
  uvc: number;
  /** Per bottle (AGENCY) or unit (SHOP, RESERVED); includes the agency fee, excludes taxes (spec §9). */
  priceCents: number;
  /** Agency fee per bottle, ≤ priceCents; used by AGENCY lines only (0 for shop). */
  agencyFeeCents: number;
  /** Basic groceries (product type FOODS): excluded from every taxable base. */
  zeroRated: boolean;
  /** Alcoholic product. Not used by the amounts (the licence rule of spec §5 is a cart rule); checked to be a boolean. */
  isAlcohol: boolean;
  /** A SHOP line of single bottles of an alcoholic product sold individually: −20 % for members. Ignored on other sections. */
  singleBottle: boolean;
}

/** Input of {@link summarizeCart}. */
export interface CartSummaryInput {
  province: Province;
  taxMode: TaxMode;
  /** The customer holds an active membership (spec §6). */
  isMember: boolean;
  lines: readonly PricingLine[];
}

/** Per-line breakdown, integer cents (bottles: a count). */
export interface CartLineBreakdown {
  id: string;
  section: CartSection;
  /** AGENCY: quantity × uvc; SHOP and RESERVED: the unit count (quantity). */
  bottles: number;
  /** AGENCY: agencyFeeCents × bottles, paid now to the agency; otherwise 0. */
  agencyFees: number;
  /** AGENCY: (priceCents − agencyFeeCents) × bottles, paid at the liquor board at pick-up; otherwise 0. */
  liquorBoardPart: number;
  /** SHOP: priceCents × quantity, paid now; otherwise 0. */
  boutique: number;
  /**
   * Member discount on this line, pre-tax: the −20 % single-bottle discount on
   * a single-bottle SHOP line, or this line's share of the −15 % pay-now
   * discount; never both (DESIGN §3). 0 for non-members and RESERVED lines.
   */
  memberDiscount: number;
  /** RESERVED: priceCents × quantity, shown for information, never charged; otherwise 0. */
  reservedValue: number;
}

/** Member discounts, integer cents, pre-tax. */
export interface MemberDiscounts {
  /** Sum of the −20 % on single-bottle shop lines. */
  singleBottle: number;
  /** The −15 % on the pay-now subtotal of the lines without the −20 %. */
  payNow: number;
}

/** Reserved (upcoming) lines: listed, counted, never charged. */
export interface ReservedSummary {
  /** Number of RESERVED lines. */
  count: number;
  /** Sum of their quantities (units). */
  units: number;
  /** Sum of priceCents × quantity, pre-tax cents, for display only. */
  value: number;
}

/**
 * Tax-inclusive figures for tax mode IN (integer cents). The lines add up exactly:
 * `agencyFees + boutique − memberDiscounts.singleBottle − memberDiscounts.payNow === payNow`,
 * `liquorBoardFees === payAtLiquorBoard`, `payNow + payAtLiquorBoard === total`.
 */
export interface CartSummaryDisplay {
  agencyFees: number;
  liquorBoardFees: number;
  boutique: number;
  memberDiscounts: MemberDiscounts;
  payNow: number;
  payAtLiquorBoard: number;
  total: number;
}

/** Result of {@link summarizeCart}. Every amount is integer cents. */
export interface CartSummary {
  province: Province;
  taxMode: TaxMode;
  lines: CartLineBreakdown[];
  /** Sum of agency fees (pre-tax, before discounts): the "agency fees" line. */
  agencyFees: number;
  /** Sum of liquor-board parts (pre-tax): the "SAQ fees" line, "LCBO fees" in Ontario. */
  liquorBoardFees: number;
  /** Sum of shop lines (pre-tax, before discounts): the "boutique" line. */
  boutique: number;
  memberDiscounts: MemberDiscounts;
  /** Taxes of the pay-now part, each computed once on the part's taxable total. */
  payNowTaxes: TaxAmounts;
  /** Taxes of the liquor-board part, each computed once on the part's taxable total. */
  liquorBoardTaxes: TaxAmounts;
  /** GST of both parts. */
  gst: number;
  /** QST of both parts. */
  qst: number;
  /** HST of both parts. */
  hst: number;
  /** agencyFees + boutique − member discounts + payNowTaxes. */
  payNow: number;
  /** liquorBoardFees + liquorBoardTaxes (an estimate: the liquor board collects it at pick-up). */
  payAtLiquorBoard: number;
  /** payNow + payAtLiquorBoard. */
  total: number;
  liquorBoardName: LiquorBoard;
  /** Tax lines to show: `['GST', 'QST']` in QC, `['HST']` in ON. */
  taxLines: TaxCode[];
  reserved: ReservedSummary;
  /** Tax-inclusive figures when `taxMode` is `'IN'`; `null` when `'OUT'`. */
  display: CartSummaryDisplay | null;
}

function assertBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw new PricingInputError(field, `expected a boolean, got ${String(value)}`);
  return value;
}

function validateInput(input: CartSummaryInput): void {
  if (typeof input !== "object" || input === null) throw new PricingInputError("input", "expected an object");
  assertProvince(input.province, "province");
  if (input.taxMode !== "IN" && input.taxMode !== "OUT") {
    throw new PricingInputError("taxMode", `expected 'IN' or 'OUT', got ${String(input.taxMode)}`);
  }
  assertBoolean(input.isMember, "isMember");
  if (!Array.isArray(input.lines)) throw new PricingInputError("lines", "expected an array");
  input.lines.forEach((line: PricingLine, i: number) => {
    const at = `lines[${i}]`;
    if (typeof line !== "object" || line === null) throw new PricingInputError(at, "expected an object");
    if (typeof line.id !== "string") throw new PricingInputError(`${at}.id`, "expected a string");
    if (!isOneOf(CART_SECTIONS, line.section)) {
      throw new PricingInputError(`${at}.section`, `expected AGENCY, SHOP or RESERVED, got ${String(line.section)}`);
    }
    assertNonNegativeInteger(line.quantity, `${at}.quantity`);
    assertNonNegativeInteger(line.uvc, `${at}.uvc`);
    assertNonNegativeInteger(line.priceCents, `${at}.priceCents`);
    assertNonNegativeInteger(line.agencyFeeCents, `${at}.agencyFeeCents`);
    assertBoolean(line.zeroRated, `${at}.zeroRated`);
    assertBoolean(line.isAlcohol, `${at}.isAlcohol`);
    assertBoolean(line.singleBottle, `${at}.singleBottle`);
    if (line.section === "AGENCY") {
      if (line.uvc < 1) throw new PricingInputError(`${at}.uvc`, "a private-import case holds at least 1 bottle");
      if (line.agencyFeeCents > line.priceCents) {
        throw new PricingInputError(`${at}.agencyFeeCents`, "the agency fee cannot exceed the price it is part of");
      }
    }
  });
}

const sum = (values: readonly number[]): bigint => values.reduce((acc, v) => acc + BigInt(v), 0n);

/**
 * Prices a cart: the spec §2 cart summary (agency fees, SAQ/LCBO fees, boutique,
 * GST, QST, HST, pay now, pay at SAQ/LCBO, total), following DESIGN §3 "Money".
 *
 * Lines (amounts in integer cents, `bottles` a count):
 * - AGENCY (private import IP/PI, quantity in cases): `bottles = quantity × uvc`;
 *   `agencyFees = agencyFeeCents × bottles` (paid now to the agency);
 *   `liquorBoardPart = (priceCents − agencyFeeCents) × bottles` (paid at the SAQ/LCBO at pick-up).
 * - SHOP (quantity in units): `boutique = priceCents × quantity`, paid now.
 * - RESERVED: listed with `reservedValue = priceCents × quantity` and counted in
 *   `reserved`, but charged nothing and counted in no other figure (not even the
 *   member threshold).
 *
 * Member discounts (spec §6, DESIGN §3), only when `isMember`:
 * - −20 % on each SHOP line with `singleBottle`, rounded half up per line.
 * - −15 % on the pay-now subtotal of the lines WITHOUT the −20 % (agency fees of
 *   AGENCY lines + boutique of the other SHOP lines), once the whole pay-now
 *   subtotal BEFORE discounts (all agency fees + all boutique) reaches 50 000
 *   cents (≥). Computed once on that subtotal and rounded half up, then split
 *   over its lines by the largest-remainder method (shares add up exactly), so
 *   each line knows its discount and its taxable base.
 * - Discounts reduce the taxable base.
 *
 * Taxes: computed once per part, on the part's taxable total, each tax rounded
 * half up once: pay-now part = agency fees + boutique − discounts of the lines
 * that are not zero-rated; liquor-board part = liquor-board parts of the lines
 * that are not zero-rated. Zero-rated lines are still charged, untaxed.
 *
 * Tax mode never changes an amount; with `taxMode: 'IN'` the result also holds
 * `display`, where each summary line is shown taxes included:
 * - `liquorBoardFees` = `payAtLiquorBoard` (the whole liquor-board part's taxes).
 * - The pay-now part's taxes T (gst + qst + hst) are spread over the pay-now
 *   lines in proportion to each line's taxable amount, over the part's taxable
 *   base B: share(x) = roundHalfUp(T × x, B), where x is the taxable agency
 *   fees, the taxable boutique, and (as negative amounts, shown as positive
 *   discounts) the taxable single-bottle and pay-now discounts. The larger of
 *   taxable agency fees and taxable boutique (agency fees on a tie) takes
 *   T − the other shares instead of its own rounded share, so
 *   `display.agencyFees + display.boutique − display.memberDiscounts.singleBottle
 *   − display.memberDiscounts.payNow === payNow` exactly.
 *
 * @param input `{ province: 'QC'|'ON', taxMode: 'IN'|'OUT', isMember, lines: PricingLine[] }`
 * @returns a {@link CartSummary}; an empty cart gives all zeros.
 * @throws PricingInputError (with `field`, e.g. `"lines[1].quantity"`) when the
 *   province, tax mode, a section or a boolean is invalid; when a quantity, uvc,
 *   price or agency fee is negative, fractional, NaN, infinite or unsafe; when an
 *   AGENCY line has `uvc` < 1 or an agency fee above its price; or when a total
 *   does not fit in a safe integer of cents.
 */
export function summarizeCart(input: CartSummaryInput): CartSummary {
  validateInput(input);
  const { province, taxMode, isMember } = input;

  // 1. Line amounts. `rows` pairs each input line with its breakdown.
  const rows = input.lines.map((src, i) => {
    const at = `lines[${i}]`;
    const q = BigInt(src.quantity);
    const out: CartLineBreakdown = {
      id: src.id,
      section: src.section,
      bottles: src.quantity,
      agencyFees: 0,
      liquorBoardPart: 0,
      boutique: 0,
      memberDiscount: 0,
      reservedValue: 0,
    };
    if (src.section === "AGENCY") {
      const bottles = q * BigInt(src.uvc);
      out.bottles = toSafeCents(bottles, `${at}.bottles`);
      out.agencyFees = toSafeCents(BigInt(src.agencyFeeCents) * bottles, `${at}.agencyFees`);
      out.liquorBoardPart = toSafeCents(BigInt(src.priceCents - src.agencyFeeCents) * bottles, `${at}.liquorBoardPart`);
    } else if (src.section === "SHOP") {
      out.boutique = toSafeCents(BigInt(src.priceCents) * q, `${at}.boutique`);
    } else {
      out.reservedValue = toSafeCents(BigInt(src.priceCents) * q, `${at}.reservedValue`);
    }
    // The −20 % rule applies to this line (whatever the amount), so the −15 % does not.
    const singleBottle = isMember && src.section === "SHOP" && src.singleBottle;
    return { out, singleBottle, taxable: !src.zeroRated };
  });
  const lines = rows.map((r) => r.out);

  const agencyFees = toSafeCents(sum(lines.map((l) => l.agencyFees)), "agencyFees");
  const liquorBoardFees = toSafeCents(sum(lines.map((l) => l.liquorBoardPart)), "liquorBoardFees");
  const boutique = toSafeCents(sum(lines.map((l) => l.boutique)), "boutique");

  // 2. Member discounts (isMember is folded into `singleBottle` above).
  for (const r of rows) {
    if (r.singleBottle) r.out.memberDiscount = percentOf(r.out.boutique, MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE);
  }
  const singleBottleDiscount = toSafeCents(sum(rows.filter((r) => r.singleBottle).map((r) => r.out.memberDiscount)));
  let payNowDiscount = 0;
  const payNowEligible = rows.filter((r) => r.out.section !== "RESERVED" && !r.singleBottle);
  if (isMember && BigInt(agencyFees) + BigInt(boutique) >= BigInt(MEMBER_PAY_NOW_THRESHOLD_CENTS)) {
    const weights = payNowEligible.map((r) => r.out.agencyFees + r.out.boutique);
    payNowDiscount = percentOf(toSafeCents(sum(weights)), MEMBER_PAY_NOW_DISCOUNT_RATE);
    const shares = allocateProportionally(payNowDiscount, weights);
    payNowEligible.forEach((r, k) => {
      r.out.memberDiscount = shares[k] ?? 0;
    });
  }

  // 3. Taxable bases, per part, zero-rated lines excluded.
  const taxable = rows.filter((r) => r.taxable);
  const taxableAgency = toSafeCents(sum(taxable.map((r) => r.out.agencyFees)));
  const taxableBoutique = toSafeCents(sum(taxable.map((r) => r.out.boutique)));
  const taxableSingleBottle = toSafeCents(sum(taxable.filter((r) => r.singleBottle).map((r) => r.out.memberDiscount)));
  const taxablePayNowDiscount = toSafeCents(sum(taxable.filter((r) => !r.singleBottle).map((r) => r.out.memberDiscount)));
  const payNowTaxable = toSafeCents(
    BigInt(taxableAgency) + BigInt(taxableBoutique) - BigInt(taxableSingleBottle) - BigInt(taxablePayNowDiscount),
  );
  const liquorBoardTaxable = toSafeCents(sum(taxable.map((r) => r.out.liquorBoardPart)));

  // 4. Taxes once per part.
  const payNowTaxes = computeTaxes(province, payNowTaxable);
  const liquorBoardTaxes = computeTaxes(province, liquorBoardTaxable);
  const payNowTax = totalTax(payNowTaxes);

  const payNow = toSafeCents(
    BigInt(agencyFees) + BigInt(boutique) - BigInt(singleBottleDiscount) - BigInt(payNowDiscount) + BigInt(payNowTax),
    "payNow",
  );
  const payAtLiquorBoard = toSafeCents(BigInt(liquorBoardFees) + BigInt(totalTax(liquorBoardTaxes)), "payAtLiquorBoard");
  const total = toSafeCents(BigInt(payNow) + BigInt(payAtLiquorBoard), "total");

  const reservedLines = lines.filter((l) => l.section === "RESERVED");
  const reserved: ReservedSummary = {
    count: reservedLines.length,
    units: toSafeCents(sum(reservedLines.map((l) => l.bottles))),
    value: toSafeCents(sum(reservedLines.map((l) => l.reservedValue))),
  };

  // 5. Tax-inclusive display (see the docstring for the allocation).
  let display: CartSummaryDisplay | null = null;
  if (taxMode === "IN") {
    const share = (x: number) => (payNowTaxable === 0 ? 0 : roundHalfUp(BigInt(payNowTax) * BigInt(x), payNowTaxable));
    const singleShare = share(taxableSingleBottle);
    const payNowShare = share(taxablePayNowDiscount);
    let agencyShare: number;
    let boutiqueShare: number;
    if (taxableBoutique > taxableAgency) {
      agencyShare = share(taxableAgency);
      boutiqueShare = payNowTax - agencyShare + singleShare + payNowShare;
    } else {
      boutiqueShare = share(taxableBoutique);
      agencyShare = payNowTax - boutiqueShare + singleShare + payNowShare;
    }
    display = {
      agencyFees: agencyFees + agencyShare,
      liquorBoardFees: payAtLiquorBoard,
      boutique: boutique + boutiqueShare,
      memberDiscounts: { singleBottle: singleBottleDiscount + singleShare, payNow: payNowDiscount + payNowShare },
      payNow,
      payAtLiquorBoard,
      total,
    };
  }

  return {
    province,
    taxMode,
    lines,
    agencyFees,
    liquorBoardFees,
    boutique,
    memberDiscounts: { singleBottle: singleBottleDiscount, payNow: payNowDiscount },
    payNowTaxes,
    liquorBoardTaxes,
    gst: payNowTaxes.gst + liquorBoardTaxes.gst,
    qst: payNowTaxes.qst + liquorBoardTaxes.qst,
    hst: payNowTaxes.hst + liquorBoardTaxes.hst,
    payNow,
    payAtLiquorBoard,
    total,
    liquorBoardName: liquorBoardNameFor(province),
    taxLines: taxLinesFor(province),
    reserved,
    display,
  };
}

/**
 * A line's amount as the cart shows it in a tax mode (spec §2): its pre-tax amount from
 * {@link summarizeCart}'s breakdown (agency fees + liquor-board part, boutique, or the reserved
 * value), with the province's taxes on the line total when `taxMode` is `IN` (zero-rated lines
 * carry none). Integer cents. Display only: the summary's taxes are computed per part, so these
 * may differ from the summary's tax lines by rounding.
 */
export function lineDisplayTotal(line: CartLineBreakdown, options: { province: Province; taxMode: TaxMode; zeroRated: boolean }): number {
  const beforeTax = line.agencyFees + line.liquorBoardPart + line.boutique + line.reservedValue;
  return options.taxMode === "IN" ? priceTaxIn(beforeTax, options.province, options.zeroRated) : beforeTax;
}
