/**
 * Cart rules that decide whether the cart can go to checkout (docs/product.md#checkout), and the bridge from cart
 * lines to the pricing module. Pure.
 */
import { soldByTheCase } from "~/catalogue/product-inventory";
import type { PricingLine } from "~/pricing/cart-summary";
import type { AvailabilityStatus, CartSection, ChannelKind } from "~/vocabulary";
import type { CartLine } from "./cart-types";

export type CheckoutBlocker = "stock" | "alcohol-needs-food" | "members-only";

/** Largest quantity one line may hold (cases or units); anything above is refused as invalid. */
export const MAX_LINE_QUANTITY = 999;

type RuleLine = Pick<CartLine, "section" | "quantity" | "uvc" | "stock" | "isAlcohol" | "typeCode"> &
  Partial<Pick<CartLine, "membersOnlyUntil">>;

/** The section a product inventory goes to: upcoming → reserved; private import → agency; else shop. */
export function sectionFor(channelKind: ChannelKind, availabilityStatus: AvailabilityStatus): CartSection {
  if (availabilityStatus === "UPCOMING") return "RESERVED";
  return channelKind === "PRIVATE_IMPORT" ? "AGENCY" : "SHOP";
}

/**
 * "Sold by the full case", named once (docs/product.md#cases; docs/product.md#prices Money): the bottles (or units) a line
 * holds — cases × uvc when {@link soldByTheCase}, else the quantity itself. Orders snapshot it.
 * @param line quantity in cases or units; uvc = bottles per case (≥ 1).
 */
export function bottlesOf(line: { section: CartSection; channelKind?: string; quantity: number; uvc: number }): number {
  return soldByTheCase(line) ? line.quantity * line.uvc : line.quantity;
}

/**
 * The inverse: how many full cases of `uvc` bottles a stock of bottles holds (a partial case
 * cannot be sold). @param stockBottles bottles in stock; uvc bottles per case (≥ 1).
 */
export function fullCasesIn(stockBottles: number, uvc: number): number {
  return Math.floor(stockBottles / Math.max(1, uvc));
}

/**
 * Whether a line asks for more than the stock (docs/product.md#cart): {@link bottlesOf} against the bottles or
 * units in stock; reserved lines wait for stock and never do.
 */
export function lineExceedsStock(line: Pick<CartLine, "section" | "quantity" | "uvc" | "stock">): boolean {
  return line.section !== "RESERVED" && bottlesOf(line) > line.stock;
}

/**
 * The largest quantity up to `quantity` that the stock allows (docs/product.md#cart): full cases of `uvc`
 * when sold by the case, else units; reserved lines are not limited by stock.
 * @returns a quantity between 0 and `quantity` (cases or units).
 */
export function largestQuantityInStock(line: Pick<CartLine, "section" | "quantity" | "uvc" | "stock">): number {
  if (line.section === "RESERVED") return line.quantity;
  const available = line.section === "AGENCY" ? fullCasesIn(line.stock, line.uvc) : line.stock;
  return Math.max(0, Math.min(line.quantity, available));
}

/**
 * What keeps the cart from checkout (docs/product.md#checkout):
 * - "stock": a line asks for more than is in stock ('The quantity added for this product isn't
 *   available, please, remove the product or reduce the quantity');
 * - "alcohol-needs-food": alcohol bought in the shop must come with a food item (licence law);
 * - "members-only": a line of a product allocated to members today, in a non-member's cart (added
 *   before the allocation began; decision 049).
 */
export function checkoutBlockers(lines: readonly RuleLine[]): CheckoutBlocker[] {
  const blockers: CheckoutBlocker[] = [];
  if (lines.some(lineExceedsStock)) blockers.push("stock");
  const shop = lines.filter((l) => l.section === "SHOP");
  if (shop.some((l) => l.isAlcohol) && !shop.some((l) => l.typeCode === "FOODS")) blockers.push("alcohol-needs-food");
  if (lines.some((l) => l.membersOnlyUntil)) blockers.push("members-only");
  return blockers;
}

/**
 * Whether the member −20 % on single bottles applies (docs/product.md#members "preferential prices (-20% for
 * members on single bottles)"): an alcoholic product in a container (volume known) bought by the
 * unit in the shop. Named once for the cart and the product page.
 */
export function isSingleBottle(item: { section: CartSection; isAlcohol: boolean; volumeMl: number | null }): boolean {
  return item.section === "SHOP" && item.isAlcohol && item.volumeMl !== null;
}

/** Cart lines as the pricing module's input ({@link isSingleBottle} for the member −20 %). */
export function toPricingLines(lines: readonly CartLine[]): PricingLine[] {
  return lines.map((line) => ({
    id: String(line.productInventoryId),
    section: line.section,
    // A reservation's value counts its bottles: cases × uvc when reserved by the case.
    quantity: line.section === "RESERVED" ? bottlesOf(line) : line.quantity,
    uvc: line.uvc,
    priceCents: line.priceCents,
    agencyFeeCents: line.section === "AGENCY" ? line.agencyFeeCents : 0,
    zeroRated: line.zeroRated,
    isAlcohol: line.isAlcohol,
    singleBottle: isSingleBottle(line),
  }));
}
