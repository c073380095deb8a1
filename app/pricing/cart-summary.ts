/**
 * Cart summary (docs/product.md#cart-summary cart summary lines; docs/product.md#cart "Money" and "Cart").
 *
 * Pure: integer cents in, integer cents out, no I/O. All sums are exact
 * (`bigint` internally); every rounding is "half up, to the cent".
 */

import {
  CART_SECTIONS,
  type CartSection,
  isOneOf,
  type LiquorBoard,
  type PriceBenefit,
  type Province,
  type TaxCode,
  type TaxMode,
} from "~/vocabulary";
import {
  DISCOVERY_AGENCY_FEES_DISCOUNT_RATE,
  MEMBER_PAY_NOW_DISCOUNT_RATE,
  MEMBER_PAY_NOW_THRESHOLD_CENTS,
  MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE,
} from "./constants";
import { PricingInputError } from "./errors";
import { allocateProportionally, assertNonNegativeInteger, percentOf, roundHalfUp, toSafeCents } from "./money";
import { assertProvince, computeTaxes, liquorBoardNameFor, priceTaxIn, type TaxAmounts, taxLinesFor, totalTax } from "./taxes";

/** One cart line as the pricing module needs it. Amounts are integer cents. */
export interface PricingLine {
  /** Cart line id, echoed in the breakdown. */
  id: string;
  section: CartSection;
  /** Cases for AGENCY (sold by the full case only, docs/product.md#cart-summary), units for SHOP and RESERVED. */
  quantity: number;
  /** Bottles per case; used by AGENCY lines only, must then be ≥ 1. */
  uvc: number;
  /** Per bottle (AGENCY) or unit (SHOP, RESERVED); includes the agency fee, excludes taxes (docs/product.md#prices). */
  priceCents: number;
  /** Agency fee per bottle, ≤ priceCents; used by AGENCY lines only (0 for shop). */
  agencyFeeCents: number;
  /** Basic groceries (product type FOODS): excluded from every taxable base. */
  zeroRated: boolean;
  /** Alcoholic product. Not used by the amounts (the licence rule of docs/product.md#cart is a cart rule); checked to be a boolean. */
  isAlcohol: boolean;
  /** A SHOP line of single bottles of an alcoholic product sold individually: −20 % for members. Ignored on other sections. */
  singleBottle: boolean;
}

/** Input of {@link summarizeCart}. */
export interface CartSummaryInput {
  province: Province;
  taxMode: TaxMode;
  /** The customer holds an active membership (docs/product.md#members). */
  isMember: boolean;
  /**
   * The customer holds an active discovery package (decision 048): preferential prices on private
   * imports. Absent means false (a guest, or a caller that prices no customer's cart).
   */
  isDiscoverySubscriber?: boolean;
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
   * The price benefit's discount on this line, pre-tax (`CartSummary.priceBenefit` says which):
   * for a member, the −20 % single-bottle discount on a single-bottle SHOP line, or this line's
   * share of the −15 % pay-now discount, never both (docs/product.md#members); for a discovery subscriber, this
   * AGENCY line's share of the −10 % on agency fees (decision 048). 0 without a benefit and on
   * RESERVED lines.
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
 * `agencyFees + boutique − memberDiscounts.singleBottle − memberDiscounts.payNow − discoveryDiscount === payNow`,
 * `liquorBoardFees === payAtLiquorBoard`, `payNow + payAtLiquorBoard === total`.
 */
export interface CartSummaryDisplay {
  agencyFees: number;
  liquorBoardFees: number;
  boutique: number;
  memberDiscounts: MemberDiscounts;
  /** The discovery subscriber's discount, taxes included (0 unless `priceBenefit` is DISCOVERY). */
  discoveryDiscount: number;
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
  /**
   * Which price benefit lowered this cart (decision 048): MEMBER (the `memberDiscounts`),
   * DISCOVERY (the `discoveryDiscount`), or null when no discount applies. Never both.
   */
  priceBenefit: PriceBenefit | null;
  /** The member discounts; all 0 unless `priceBenefit` is MEMBER. */
  memberDiscounts: MemberDiscounts;
  /** The discovery subscriber's −10 % on the agency fees, pre-tax; 0 unless `priceBenefit` is DISCOVERY. */
  discoveryDiscount: number;
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
  /** agencyFees + boutique − the benefit's discount + payNowTaxes. */
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
  if (input.isDiscoverySubscriber !== undefined) assertBoolean(input.isDiscoverySubscriber, "isDiscoverySubscriber");
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

/** A line being priced: its breakdown, whether it is a shop line of single bottles, whether it is taxed. */
interface Row {
  out: CartLineBreakdown;
  /** A SHOP line flagged `singleBottle` (the member −20 % applies to it, never the −15 %). */
  singleBottleLine: boolean;
  taxable: boolean;
}

/** Which rule a line's discount comes from: the member −20 % or −15 %, or the discovery −10 %. */
type DiscountKind = "singleBottle" | "payNow" | "discovery";

/** One benefit's discounts: per row (pre-tax cents) and their kinds, and their sum. */
interface Discounts {
  benefit: PriceBenefit;
  perRow: number[];
  kinds: (DiscountKind | null)[];
  total: bigint;
}

/**
 * The member discounts (docs/product.md#members): −20 % on each single-bottle shop line, rounded per line; −15 %
 * on the pay-now subtotal of the other lines once the whole pay-now subtotal reaches the threshold,
 * computed once, rounded, and split over those lines by largest remainder.
 */
function memberDiscountsOf(rows: readonly Row[], agencyFees: number, boutique: number): Discounts {
  const perRow = rows.map(() => 0);
  const kinds: (DiscountKind | null)[] = rows.map(() => null);
  rows.forEach((r, i) => {
    if (!r.singleBottleLine) return;
    perRow[i] = percentOf(r.out.boutique, MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE);
    kinds[i] = "singleBottle";
  });
  if (BigInt(agencyFees) + BigInt(boutique) >= BigInt(MEMBER_PAY_NOW_THRESHOLD_CENTS)) {
    const eligible = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.out.section !== "RESERVED" && !r.singleBottleLine);
    const weights = eligible.map(({ r }) => r.out.agencyFees + r.out.boutique);
    const shares = allocateProportionally(percentOf(toSafeCents(sum(weights)), MEMBER_PAY_NOW_DISCOUNT_RATE), weights);
    eligible.forEach(({ i }, k) => {
      perRow[i] = shares[k] ?? 0;
      kinds[i] = "payNow";
    });
  }
  return { benefit: "MEMBER", perRow, kinds, total: sum(perRow) };
}

/**
 * The discovery subscriber's preferential prices (decision 048): −10 % on the agency fees of the
 * private-import lines, computed once on their sum, rounded half up, and split over those lines by
 * largest remainder. Shop lines and the liquor board's part are not discounted.
 */
function discoveryDiscountsOf(rows: readonly Row[]): Discounts {
  const perRow = rows.map(() => 0);
  const kinds: (DiscountKind | null)[] = rows.map(() => null);
  const agency = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.out.section === "AGENCY");
  const weights = agency.map(({ r }) => r.out.agencyFees);
  const shares = allocateProportionally(percentOf(toSafeCents(sum(weights)), DISCOVERY_AGENCY_FEES_DISCOUNT_RATE), weights);
  agency.forEach(({ i }, k) => {
    perRow[i] = shares[k] ?? 0;
    kinds[i] = "discovery";
  });
  return { benefit: "DISCOVERY", perRow, kinds, total: sum(perRow) };
}

/** What would be paid now with these discounts: the pay-now subtotal less them, plus its taxes. */
function payNowOf(province: Province, rows: readonly Row[], agencyFees: number, boutique: number, discounts: Discounts): bigint {
  const taxableBase = rows.reduce(
    (acc, r, i) => (r.taxable ? acc + BigInt(r.out.agencyFees + r.out.boutique - (discounts.perRow[i] ?? 0)) : acc),
    0n,
  );
  const taxes = computeTaxes(province, toSafeCents(taxableBase));
  return BigInt(agencyFees) + BigInt(boutique) - discounts.total + BigInt(totalTax(taxes));
}

/**
 * Prices a cart: docs/product.md#cart-summary cart summary (agency fees, SAQ/LCBO fees, boutique,
 * GST, QST, HST, pay now, pay at SAQ/LCBO, total), following docs/product.md#cart-summary "Money".
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
 * Member discounts (docs/product.md#members), only when `isMember`:
 * - −20 % on each SHOP line with `singleBottle`, rounded half up per line.
 * - −15 % on the pay-now subtotal of the lines WITHOUT the −20 % (agency fees of
 *   AGENCY lines + boutique of the other SHOP lines), once the whole pay-now
 *   subtotal BEFORE discounts (all agency fees + all boutique) reaches 50 000
 *   cents (≥). Computed once on that subtotal and rounded half up, then split
 *   over its lines by the largest-remainder method (shares add up exactly), so
 *   each line knows its discount and its taxable base.
 * - Discounts reduce the taxable base.
 *
 * Discovery subscribers' preferential prices (decision 048), only when
 * `isDiscoverySubscriber`: −10 % on the agency fees of the AGENCY lines, from the
 * first case, computed once on their sum, rounded half up, split by largest
 * remainder. Shop lines and the liquor board's part are not discounted.
 *
 * A customer holding both gets ONE benefit, the better for this cart: the one
 * leaving the lower amount to pay now, taxes included (the liquor board's part
 * is the same with either); on a tie, the membership. `priceBenefit` says which
 * applied (null when none lowered the cart).
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
 *   discounts) the taxable single-bottle, pay-now and discovery discounts. The larger of
 *   taxable agency fees and taxable boutique (agency fees on a tie) takes
 *   T − the other shares instead of its own rounded share, so
 *   `display.agencyFees + display.boutique − display.memberDiscounts.singleBottle
 *   − display.memberDiscounts.payNow − display.discoveryDiscount === payNow` exactly.
 *
 * @param input `{ province: 'QC'|'ON', taxMode: 'IN'|'OUT', isMember, isDiscoverySubscriber?, lines: PricingLine[] }`
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
  const isDiscoverySubscriber = input.isDiscoverySubscriber ?? false;

  // 1. Line amounts. `rows` pairs each input line with its breakdown.
  const rows: Row[] = input.lines.map((src, i) => {
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
    return { out, singleBottleLine: src.section === "SHOP" && src.singleBottle, taxable: !src.zeroRated };
  });
  const lines = rows.map((r) => r.out);

  const agencyFees = toSafeCents(sum(lines.map((l) => l.agencyFees)), "agencyFees");
  const liquorBoardFees = toSafeCents(sum(lines.map((l) => l.liquorBoardPart)), "liquorBoardFees");
  const boutique = toSafeCents(sum(lines.map((l) => l.boutique)), "boutique");

  // 2. Price benefits: each one the customer holds, then the better one (decision 048).
  const candidates: Discounts[] = [];
  if (isMember) candidates.push(memberDiscountsOf(rows, agencyFees, boutique));
  if (isDiscoverySubscriber) candidates.push(discoveryDiscountsOf(rows));
  let chosen: Discounts | null = null;
  let chosenPayNow = 0n;
  for (const candidate of candidates) {
    if (candidate.total === 0n) continue;
    const payNowWith = payNowOf(province, rows, agencyFees, boutique, candidate);
    // Strictly lower: on a tie the first candidate (the membership) stays.
    if (chosen === null || payNowWith < chosenPayNow) {
      chosen = candidate;
      chosenPayNow = payNowWith;
    }
  }
  rows.forEach((r, i) => {
    r.out.memberDiscount = chosen?.perRow[i] ?? 0;
  });
  const kindOf = (i: number): DiscountKind | null => (chosen && (chosen.perRow[i] ?? 0) > 0 ? (chosen.kinds[i] ?? null) : null);
  const discountOfKind = (kind: DiscountKind, taxableOnly: boolean) =>
    toSafeCents(sum(rows.filter((r, i) => kindOf(i) === kind && (!taxableOnly || r.taxable)).map((r) => r.out.memberDiscount)));
  const singleBottleDiscount = discountOfKind("singleBottle", false);
  const payNowDiscount = discountOfKind("payNow", false);
  const discoveryDiscount = discountOfKind("discovery", false);

  // 3. Taxable bases, per part, zero-rated lines excluded.
  const taxable = rows.filter((r) => r.taxable);
  const taxableAgency = toSafeCents(sum(taxable.map((r) => r.out.agencyFees)));
  const taxableBoutique = toSafeCents(sum(taxable.map((r) => r.out.boutique)));
  const taxableSingleBottle = discountOfKind("singleBottle", true);
  const taxablePayNowDiscount = discountOfKind("payNow", true);
  const taxableDiscovery = discountOfKind("discovery", true);
  const payNowTaxable = toSafeCents(
    BigInt(taxableAgency) +
      BigInt(taxableBoutique) -
      BigInt(taxableSingleBottle) -
      BigInt(taxablePayNowDiscount) -
      BigInt(taxableDiscovery),
  );
  const liquorBoardTaxable = toSafeCents(sum(taxable.map((r) => r.out.liquorBoardPart)));

  // 4. Taxes once per part.
  const payNowTaxes = computeTaxes(province, payNowTaxable);
  const liquorBoardTaxes = computeTaxes(province, liquorBoardTaxable);
  const payNowTax = totalTax(payNowTaxes);

  const payNow = toSafeCents(
    BigInt(agencyFees) +
      BigInt(boutique) -
      BigInt(singleBottleDiscount) -
      BigInt(payNowDiscount) -
      BigInt(discoveryDiscount) +
      BigInt(payNowTax),
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
    const discoveryShare = share(taxableDiscovery);
    const discountShares = singleShare + payNowShare + discoveryShare;
    let agencyShare: number;
    let boutiqueShare: number;
    if (taxableBoutique > taxableAgency) {
      agencyShare = share(taxableAgency);
      boutiqueShare = payNowTax - agencyShare + discountShares;
    } else {
      boutiqueShare = share(taxableBoutique);
      agencyShare = payNowTax - boutiqueShare + discountShares;
    }
    display = {
      agencyFees: agencyFees + agencyShare,
      liquorBoardFees: payAtLiquorBoard,
      boutique: boutique + boutiqueShare,
      memberDiscounts: { singleBottle: singleBottleDiscount + singleShare, payNow: payNowDiscount + payNowShare },
      discoveryDiscount: discoveryDiscount + discoveryShare,
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
    priceBenefit: chosen?.benefit ?? null,
    memberDiscounts: { singleBottle: singleBottleDiscount, payNow: payNowDiscount },
    discoveryDiscount,
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
 * The discount of the whole cart, before taxes, as one benefit gives it: the member's or the
 * discovery subscriber's price benefit (integer cents).
 */
export function priceBenefitDiscount(summary: Pick<CartSummary, "memberDiscounts" | "discoveryDiscount">): number {
  return summary.memberDiscounts.singleBottle + summary.memberDiscounts.payNow + summary.discoveryDiscount;
}

/**
 * A line's amount as the cart shows it in a tax mode (docs/product.md#tax-display): its pre-tax amount from
 * {@link summarizeCart}'s breakdown (agency fees + liquor-board part, boutique, or the reserved
 * value), with the province's taxes on the line total when `taxMode` is `IN` (zero-rated lines
 * carry none). Integer cents. Display only: the summary's taxes are computed per part, so these
 * may differ from the summary's tax lines by rounding.
 */
export function lineDisplayTotal(line: CartLineBreakdown, options: { province: Province; taxMode: TaxMode; zeroRated: boolean }): number {
  const beforeTax = line.agencyFees + line.liquorBoardPart + line.boutique + line.reservedValue;
  return options.taxMode === "IN" ? priceTaxIn(beforeTax, options.province, options.zeroRated) : beforeTax;
}
