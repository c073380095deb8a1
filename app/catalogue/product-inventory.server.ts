/**
 * Reads the product-inventory read model ({@link ProductInventoryView}, ./product-inventory): the
 * one list of columns every reader selects, and the query of a product's channels.
 */
import { asc, type Column, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { inventories, productInventories } from "~/db/schema";
import type { ProductInventoryView } from "./product-inventory";

/**
 * The columns of a {@link ProductInventoryView}, to spread into a Drizzle `select` (or to nest
 * under one key) of a query that joins `product_inventories` with `inventories` on the code.
 */
export const productInventoryColumns = {
  productInventoryId: productInventories.id,
  inventoryCode: productInventories.inventoryCode,
  province: inventories.province,
  channelKind: inventories.channelKind,
  salesUnit: inventories.salesUnit,
  purchasable: inventories.purchasable,
  priceCents: productInventories.priceCents,
  priceTaxInCents: productInventories.priceTaxInCents,
  agencyFeeCents: productInventories.agencyFeeCents,
  quantity: productInventories.quantity,
  availabilityStatus: productInventories.availabilityStatus,
} satisfies Record<keyof ProductInventoryView, Column>;

/** What a selection of {@link productInventoryColumns} reads: must be the view, field by field. */
type ReadShape = { [K in keyof typeof productInventoryColumns]: (typeof productInventoryColumns)[K]["_"]["data"] };
// Compile-time proof that the columns read the declared view, no more and no less.
const sameShape: [ReadShape, ProductInventoryView] extends [ProductInventoryView, ReadShape] ? true : never = true;
void sameShape;

/**
 * The product inventories of a product with their inventory, in the inventories' display order
 * (`inventories.position`: QC first, then ON), each with its product-inventory puid, the city of
 * its shop and its liquor-board code.
 */
export async function readProductInventories(
  db: Database,
  productId: number,
): Promise<(ProductInventoryView & { puid: string; city: string | null; liquorBoardCode: string | null })[]> {
  return db
    .select({
      ...productInventoryColumns,
      puid: productInventories.puid,
      city: inventories.city,
      liquorBoardCode: productInventories.liquorBoardCode,
    })
    .from(productInventories)
    .innerJoin(inventories, eq(inventories.code, productInventories.inventoryCode))
    .where(eq(productInventories.productId, productId))
    .orderBy(asc(inventories.position));
}
