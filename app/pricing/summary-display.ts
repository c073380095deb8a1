/**
 * The money summary as a shopper sees it (docs/product.md#cart-summary cart summary; docs/product.md#cart-summary "Money";
 * docs/decisions/042-money-shown-adds-up.md): which lines are shown, in which tax mode, and
 * which total each group of lines adds up to. Pure: integer cents in, integer cents out.
 *
 * The rule: every shown line belongs to one group, and a group's lines add up, to the cent, to
 * the subtotal shown under them; the subtotals add up to the total. Nothing shown is left out
 * of a sum and nothing summed is hidden. Views (cart, checkout, e-mails, order history) render
 * these rows as they are and never do arithmetic of their own.
 */
import { type PaymentPart, type PriceBenefit, TAX_CODES, type TaxCode, type TaxMode } from "~/vocabulary";
import { type CartSummary, priceBenefitDiscount } from "./cart-summary";
import { taxAmountOf, type TaxAmounts } from "./taxes";

/**
 * What a summary line is (its label): the member discount ("Rabais membre") or the discovery
 * subscriber's discount ("Rabais abonné découverte", decision 048) is a negative amount.
 */
export type SummaryRowKey = "agencyFees" | "boutique" | "memberDiscounts" | "discoveryDiscount" | "liquorBoardFees" | TaxCode;

/** One shown line, signed integer cents (the member discount is negative). */
export interface SummaryRow {
  key: SummaryRowKey;
  cents: number;
}

/** A group of lines and the subtotal they add up to: what is paid now, or at the SAQ/LCBO. */
export interface SummaryPart {
  part: PaymentPart;
  rows: SummaryRow[];
  /** `rows`' sum: pay now (PAY_NOW) or the estimate paid at the liquor board (LIQUOR_BOARD). */
  subtotal: number;
}

/** Result of {@link summaryForDisplay}. */
export interface SummaryForDisplay {
  taxMode: TaxMode;
  /** PAY_NOW always; LIQUOR_BOARD when there is anything to pay there (or private-import lines). */
  parts: SummaryPart[];
  /** The parts' subtotals summed. */
  total: number;
  /**
   * Tax mode IN only: the taxes included in the lines, both parts together, per tax code of the
   * province ("dont TPS …"). Informational, never a line of a sum. Empty in mode OUT.
   */
  includedTaxes: { code: TaxCode; cents: number }[];
}

/** The figures of a priced cart or of an order, integer cents. */
export interface SummaryFigures {
  taxMode: TaxMode;
  /** The province's tax codes, in display order (`['GST', 'QST']` or `['HST']`). */
  taxLines: readonly TaxCode[];
  /** Pre-tax, before discounts. */
  agencyFees: number;
  /** Pre-tax liquor-board part (the "SAQ fees" / "LCBO fees" line). */
  liquorBoardFees: number;
  /** Pre-tax, before discounts. */
  boutique: number;
  /** The price benefit's discount, pre-tax, as a positive amount (every member discount, or the discovery one). */
  memberDiscount: number;
  /**
   * Which benefit `memberDiscount` is (decision 048): its line reads "memberDiscounts" for MEMBER
   * (and for null, an order written before the column existed), "discoveryDiscount" for DISCOVERY.
   */
  priceBenefit: PriceBenefit | null;
  payNowTaxes: TaxAmounts;
  liquorBoardTaxes: TaxAmounts;
  /**
   * Mode IN: the same lines taxes included, allocated so that
   * `agencyFees + boutique − memberDiscount === payNow` (see `summarizeCart`'s `display`).
   * Ignored in mode OUT.
   */
  taxIncluded: { agencyFees: number; boutique: number; memberDiscount: number } | null;
  /** What the lines are about: shows the agency fees and the liquor-board part even at 0. */
  hasAgencyLines: boolean;
  /** Shows the boutique line even at 0. */
  hasShopLines: boolean;
}

const taxOf = taxAmountOf;
const sumOf = (rows: readonly SummaryRow[]): number => rows.reduce((acc, r) => acc + r.cents, 0);

/**
 * The summary to show, as groups of lines that add up (docs/decisions/042-money-shown-adds-up.md).
 *
 * Rule "the lines shown add up to the total shown, to the cent":
 * - Mode OUT (before taxes): PAY_NOW = agency fees + boutique − the member or discovery discount + each tax of the
 *   pay-now part; LIQUOR_BOARD = liquor-board part + each tax of that part. Taxes are the ones
 *   computed once per part (docs/product.md#cart-summary), so no rounding is introduced here.
 * - Mode IN (taxes included): PAY_NOW = agency fees + boutique − member discount, each taxes
 *   included — the member discount in the same mode as the lines it reduces. The pay-now taxes
 *   are spread over these lines by `summarizeCart` (each line's share rounded half up, the
 *   largest line taking what rounding left), so their sum is exactly pay now. LIQUOR_BOARD = the
 *   liquor-board part taxes included, which is its subtotal. The taxes themselves are shown as
 *   `includedTaxes`, a note outside every sum.
 * - total = PAY_NOW + LIQUOR_BOARD.
 * - Lines shown: agency fees when there are private-import lines or fees; boutique when there are
 *   shop lines or an amount; the discount (member or discovery, labelled by `priceBenefit`) when not 0; in mode OUT every tax of the province
 *   in each shown part. LIQUOR_BOARD when there are private-import lines or an amount.
 *
 * @returns signed integer cents (the member discount negative); every part's `subtotal` is its
 *   rows' sum and `total` the subtotals' sum.
 */
export function summaryForDisplay(figures: SummaryFigures): SummaryForDisplay {
  const taxIn = figures.taxMode === "IN";
  const lines = taxIn && figures.taxIncluded ? figures.taxIncluded : figures;
  const payNowRows: SummaryRow[] = [];
  if (figures.hasAgencyLines || figures.agencyFees !== 0) payNowRows.push({ key: "agencyFees", cents: lines.agencyFees });
  if (figures.hasShopLines || figures.boutique !== 0) payNowRows.push({ key: "boutique", cents: lines.boutique });
  if (figures.memberDiscount !== 0) {
    const key = figures.priceBenefit === "DISCOVERY" ? "discoveryDiscount" : "memberDiscounts";
    payNowRows.push({ key, cents: -lines.memberDiscount });
  }
  if (!taxIn) for (const code of figures.taxLines) payNowRows.push({ key: code, cents: taxOf(figures.payNowTaxes, code) });
  const parts: SummaryPart[] = [{ part: "PAY_NOW", rows: payNowRows, subtotal: sumOf(payNowRows) }];

  const boardTaxes = figures.taxLines.map((code) => ({ code, cents: taxOf(figures.liquorBoardTaxes, code) }));
  if (figures.hasAgencyLines || figures.liquorBoardFees !== 0) {
    const boardTax = boardTaxes.reduce((acc, t) => acc + t.cents, 0);
    const rows: SummaryRow[] = taxIn
      ? [{ key: "liquorBoardFees", cents: figures.liquorBoardFees + boardTax }]
      : [{ key: "liquorBoardFees", cents: figures.liquorBoardFees }, ...boardTaxes.map((t) => ({ key: t.code, cents: t.cents }))];
    parts.push({ part: "LIQUOR_BOARD", rows, subtotal: sumOf(rows) });
  }
  return {
    taxMode: figures.taxMode,
    parts,
    total: parts.reduce((acc, p) => acc + p.subtotal, 0),
    includedTaxes: taxIn
      ? figures.taxLines.map((code) => ({ code, cents: taxOf(figures.payNowTaxes, code) + taxOf(figures.liquorBoardTaxes, code) }))
      : [],
  };
}

/**
 * {@link summaryForDisplay} of a priced cart (`summarizeCart`), in the cart's tax mode. Its
 * subtotals and total equal the cart's `payNow`, `payAtLiquorBoard` and `total`.
 */
export function cartSummaryForDisplay(summary: CartSummary): SummaryForDisplay {
  const d = summary.display;
  return summaryForDisplay({
    taxMode: summary.taxMode,
    taxLines: summary.taxLines,
    agencyFees: summary.agencyFees,
    liquorBoardFees: summary.liquorBoardFees,
    boutique: summary.boutique,
    memberDiscount: priceBenefitDiscount(summary),
    priceBenefit: summary.priceBenefit,
    payNowTaxes: summary.payNowTaxes,
    liquorBoardTaxes: summary.liquorBoardTaxes,
    taxIncluded: d
      ? {
          agencyFees: d.agencyFees,
          boutique: d.boutique,
          memberDiscount: d.memberDiscounts.singleBottle + d.memberDiscounts.payNow + d.discoveryDiscount,
        }
      : null,
    hasAgencyLines: summary.lines.some((l) => l.section === "AGENCY"),
    hasShopLines: summary.lines.some((l) => l.section === "SHOP"),
  });
}

/**
 * {@link summaryForDisplay} of a placed order (its stored columns and tax rows), before taxes as
 * a receipt shows them: each part lists its own taxes, so the lines add up to the order's
 * `payNowCents` and `payAtLiquorBoardCents` as stored. Tax codes shown: those of the order's tax
 * rows (both parts), in GST, QST, HST order.
 */
export function orderSummaryForDisplay(
  order: {
    agencyFeesCents: number;
    liquorBoardFeesCents: number;
    boutiqueCents: number;
    memberDiscountCents: number;
    priceBenefit: PriceBenefit | null;
  },
  taxLines: readonly { part: PaymentPart; code: TaxCode; amountCents: number }[],
  sections: { hasAgencyLines: boolean; hasShopLines: boolean },
): SummaryForDisplay {
  const partTaxes = (part: PaymentPart): TaxAmounts => {
    const of = (code: TaxCode) => taxLines.filter((t) => t.part === part && t.code === code).reduce((acc, t) => acc + t.amountCents, 0);
    return { gst: of("GST"), qst: of("QST"), hst: of("HST") };
  };
  return summaryForDisplay({
    taxMode: "OUT",
    taxLines: TAX_CODES.filter((code) => taxLines.some((t) => t.code === code)),
    agencyFees: order.agencyFeesCents,
    liquorBoardFees: order.liquorBoardFeesCents,
    boutique: order.boutiqueCents,
    memberDiscount: order.memberDiscountCents,
    priceBenefit: order.priceBenefit,
    payNowTaxes: partTaxes("PAY_NOW"),
    liquorBoardTaxes: partTaxes("LIQUOR_BOARD"),
    taxIncluded: null,
    ...sections,
  });
}
