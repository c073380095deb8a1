/**
 * What step 2 of the checkout asks for (docs/product.md#checkout delivery information, "branch and boutique
 * orders are separate lists; boutique products are pick-up only"): a liquor-store branch for
 * private-import lines, a pick-up boutique of the province for shop lines, nothing for reserved
 * lines (nothing to deliver yet). Pure; shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import type { CartSection, InventoryCode, Province } from "~/vocabulary";

/** The boutiques where shop items are picked up, free (docs/product.md#boutiques): Montreal and Quebec City; Toronto. */
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

/** What step 2 must ask for, decided by the cart's sections. */
export interface DeliveryNeeds {
  /** Private-import lines: a liquor-store branch (docs/product.md#checkout). */
  branch: boolean;
  /** Shop lines: a pick-up boutique of the province. */
  boutique: boolean;
  /** The boutiques the shopper may choose. */
  boutiques: readonly InventoryCode[];
}

/**
 * Step 2: delivery. A branch when the cart holds private import ('Veuillez sélectionner une
 * branche'), a boutique of the province when it holds shop items.
 */
export function deliverySchema(needs: DeliveryNeeds) {
  const branchId = z
    .number({ message: "checkout.errors.branchRequired" })
    .int("checkout.errors.branchRequired")
    .min(1, "checkout.errors.branchRequired")
    .max(MAX_ROW_ID, "checkout.errors.branchRequired");
  const boutiqueCode = z.enum(needs.boutiques.length ? (needs.boutiques as [InventoryCode, ...InventoryCode[]]) : ["STORE_MTL"], {
    message: "checkout.errors.boutiqueRequired",
  });
  return z.object({
    intent: z.literal("delivery"),
    branchId: needs.branch ? branchId : branchId.optional(),
    boutiqueCode: needs.boutique ? boutiqueCode : boutiqueCode.optional(),
  });
}
export type DeliveryForm = z.infer<ReturnType<typeof deliverySchema>>;
