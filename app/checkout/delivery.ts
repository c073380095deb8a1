/**
 * What step 2 of the checkout asks for (SPEC §2 delivery information, §4 "branch and boutique
 * orders are separate lists; boutique products are pick-up only"): a liquor-store branch for
 * private-import lines, a pick-up boutique of the province for shop lines, nothing for reserved
 * lines (nothing to deliver yet). Pure; shared with the browser.
 */
import type { CartSection, InventoryCode, Province } from "~/vocabulary";
import type { DeliveryNeeds } from "./checkout-forms";

/** The boutiques where shop items are picked up, free (SPEC §9): Montreal and Quebec City; Toronto. */
export const PICKUP_BOUTIQUES: Record<Province, readonly InventoryCode[]> = {
  QC: ["STORE_MTL", "STORE_QC"],
  ON: ["STORE_TORONTO"],
};

/** What the cart's sections ask of step 2 in a province. */
export function deliveryNeeds(lines: readonly { section: CartSection }[], province: Province): DeliveryNeeds {
  return {
    branch: lines.some((l) => l.section === "AGENCY"),
    boutique: lines.some((l) => l.section === "SHOP"),
    boutiques: PICKUP_BOUTIQUES[province],
  };
}
