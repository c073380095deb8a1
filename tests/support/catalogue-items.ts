/**
 * Product inventories of the demo catalogue that tests buy: the first one (by id) of an inventory
 * code and availability that has the stock, case size and product type a test needs.
 */
import { and, eq, gte, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productInventories, products, productTypes } from "~/db/schema";
import type { AvailabilityStatus, InventoryCode } from "~/vocabulary";

/** A product inventory: its id, bottles per case and stock (bottles or units). */
export type CatalogueItem = { id: number; uvc: number; stock: number };

/**
 * @param options.minCases stock of at least this many whole cases; `minUnits` of bottles or units;
 *   `minUvc` cases of at least this many bottles; `typeCode` one product type; `singleBottle` an
 *   alcoholic product in a container (the member −20 % applies); `exclude` ids to skip.
 * @throws when the demo catalogue has no such item (the test's premise is wrong).
 */
export async function findCatalogueItem(
  db: Database,
  code: InventoryCode,
  status: AvailabilityStatus,
  options: { minCases?: number; minUnits?: number; minUvc?: number; typeCode?: string; singleBottle?: boolean; exclude?: number[] } = {},
): Promise<CatalogueItem> {
  const conditions = [
    eq(productInventories.inventoryCode, code),
    eq(productInventories.availabilityStatus, status),
    gte(productInventories.quantity, sql`${options.minCases ?? 0} * ${products.uvc}`),
    gte(productInventories.quantity, options.minUnits ?? 0),
    gte(products.uvc, options.minUvc ?? 1),
  ];
  if (options.typeCode) conditions.push(eq(products.typeCode, options.typeCode as never));
  if (options.singleBottle) conditions.push(isNotNull(products.volumeMl), eq(productTypes.isAlcohol, true));
  if (options.exclude?.length) conditions.push(notInArray(productInventories.id, options.exclude));
  const [row] = await db
    .select({ id: productInventories.id, uvc: products.uvc, stock: productInventories.quantity })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(productTypes, eq(productTypes.code, products.typeCode))
    .where(and(...conditions))
    .orderBy(productInventories.id)
    .limit(1);
  if (!row) throw new Error(`the demo catalogue has no ${status} ${code} item matching ${JSON.stringify(options)}`);
  return row;
}
