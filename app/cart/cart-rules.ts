/**
 * Cart rules that decide whether the cart can go to checkout (SPEC §5), and the bridge from cart
 * lines to the pricing module. Pure.
 */
import type { PricingLine } from "~/pricing/cart-summary";
import type { CartLine } from "./cart.server";

export type CheckoutBlocker = "stock" | "alcohol-needs-food";

/** Largest quantity one line may hold (cases or units); anything above is refused as invalid. */
export const MAX_LINE_QUANTITY = 999;

type RuleLine = Pick<CartLine, "section" | "quantity" | "uvc" | "stock" | "isAlcohol" | "typeCode">;

/**
 * Whether a line asks for more than the stock (SPEC §5): cases × uvc bottles for private import,
 * units for the shop; reserved lines wait for stock and never do.
 */
export function lineExceedsStock(line: Pick<CartLine, "section" | "quantity" | "uvc" | "stock">): boolean {
  const needed = line.section === "AGENCY" ? line.quantity * line.uvc : line.quantity;
  return line.section !== "RESERVED" && needed > line.stock;
}

/**
 * What keeps the cart from checkout (SPEC §5):
 * - "stock": a line asks for more than is in stock ('The quantity added for this product isn't
 *   available, please, remove the product or reduce the quantity');
 * - "alcohol-needs-food": alcohol bought in the shop must come with a food item (licence law).
 */
export function checkoutBlockers(lines: readonly RuleLine[]): CheckoutBlocker[] {
  const blockers: CheckoutBlocker[] = [];
  if (lines.some(lineExceedsStock)) blockers.push("stock");
  const shop = lines.filter((l) => l.section === "SHOP");
  if (shop.some((l) => l.isAlcohol) && !shop.some((l) => l.typeCode === "FOODS")) blockers.push("alcohol-needs-food");
  return blockers;
}


/**
 * Cart lines as the pricing module's input. A shop line of an alcoholic product in a container
 * (volume known) is a single bottle for the member −20 % (SPEC §6).
 */
export function toPricingLines(lines: readonly CartLine[]): PricingLine[] {
  return lines.map((line) => ({
    id: String(line.productInventoryId),
    section: line.section,
    quantity: line.quantity,
    uvc: line.uvc,
    priceCents: line.priceCents,
    agencyFeeCents: line.section === "AGENCY" ? line.agencyFeeCents : 0,
    zeroRated: line.zeroRated,
    isAlcohol: line.isAlcohol,
    singleBottle: line.section === "SHOP" && line.isAlcohol && line.volumeMl !== null,
  }));
}
