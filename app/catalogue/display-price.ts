/**
 * Prices as the shopper sees them (docs/product.md#prices: prices include base price and agency fees; tax display
 * IN or OUT). Private import is sold by the full case, so its case price is shown beside the bottle.
 * Mode IN, the default, shows `priceTaxIn`: docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md.
 */
import { MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE } from "~/pricing/constants";
import { percentOf } from "~/pricing/money";
import { priceTaxIn } from "~/pricing/taxes";
import type { TaxMode } from "~/vocabulary";
import { type ProductInventoryView, soldByTheCase } from "./product-inventory";

/** A channel's prices (the read model's), with its product's zero rating and case size. */
export interface PricedChannel extends Pick<ProductInventoryView, "priceCents" | "priceTaxInCents" | "province" | "salesUnit"> {
  zeroRated: boolean;
  uvc: number;
}

export interface DisplayPrice {
  /** One bottle or unit, in the tax mode, in cents. */
  unitCents: number;
  /** The full case (uvc bottles) in the tax mode, for channels sold by the case; else null. */
  caseCents: number | null;
}

/**
 * The unit and case prices to display. The case price in IN mode is taxed on the case total (as
 * the cart does), not 12 × a rounded bottle price.
 */
export function displayPrice(channel: PricedChannel, taxMode: TaxMode): DisplayPrice {
  const unitCents = taxMode === "IN" ? channel.priceTaxInCents : channel.priceCents;
  if (!soldByTheCase(channel)) return { unitCents, caseCents: null };
  const caseBeforeTax = channel.priceCents * channel.uvc;
  return {
    unitCents,
    caseCents: taxMode === "IN" ? priceTaxIn(caseBeforeTax, channel.province, channel.zeroRated) : caseBeforeTax,
  };
}

/**
 * A member's price for one single bottle (docs/product.md#members: −20 %, taken before tax as the cart does),
 * in the tax mode, in cents. Only for items where the single-bottle discount applies
 * (`isSingleBottle` in the cart rules).
 */
export function memberUnitPrice(channel: Pick<PricedChannel, "priceCents" | "province" | "zeroRated">, taxMode: TaxMode): number {
  const beforeTax = channel.priceCents - percentOf(channel.priceCents, MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE);
  return taxMode === "IN" ? priceTaxIn(beforeTax, channel.province, channel.zeroRated) : beforeTax;
}
