/**
 * The one writer of the catalogue's rows — producers (`providers`) and their origins, products and
 * their attributes, product inventories — used by the demo seed (./seed/demo-catalogue), the
 * synthetic generator (./seed/synthetic, `npm run catalogue:generate`) and the catalogue import
 * (~/catalogue-import/catalogue-import.server). Each writes multi-row statements of `batchSize`
 * rows, in the order given (the order rows are stored in: decision 022 writes a producer's rows
 * side by side), inside the caller's transaction, which holds `lockCatalogueWrites` first.
 *
 * A caller says how a row already there is met ({@link OnExisting}): `"insert"`, a plain INSERT
 * (a duplicate key fails and rolls the caller back: the generator writes a fresh catalogue), or
 * the columns an upsert refreshes on its key (`ON CONFLICT (key) DO UPDATE SET col = excluded.col`:
 * the seed refreshes every column it owns, the import only those a file carries).
 */
import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productAttributes, productInventories, products, providerOrigins, providers } from "~/db/schema";
import { excludedValues } from "~/db/upsert";

/** A producer row to write (its key: `slug`). */
export type ProviderWrite = typeof providers.$inferInsert;
/** A producer's origin (country, region) to write. */
export type ProviderOriginWrite = typeof providerOrigins.$inferInsert;
/** A product row to write (its key: `puid`). */
export type ProductWrite = typeof products.$inferInsert;
/** A product's attribute (colour, farming…) to write. */
export type ProductAttributeWrite = typeof productAttributes.$inferInsert;
/** A product inventory row to write (its key: `puid`); money in integer cents. */
export type ProductInventoryWrite = typeof productInventories.$inferInsert;

/** How a row whose key is already there is met: a plain INSERT (fails), or the columns refreshed. */
export type OnExisting<Column extends string> = "insert" | readonly Column[];

/** Batches of at most `size` items, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes producers by slug.
 * @returns each written producer's id by slug
 */
export async function writeProviders(
  tx: Database,
  rows: readonly ProviderWrite[],
  options: { batchSize: number; onExisting: OnExisting<Extract<keyof ProviderWrite, string>> },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunk(rows, options.batchSize)) {
    const insert = tx.insert(providers).values(batch);
    const { onExisting } = options;
    const written = await (
      onExisting === "insert" ? insert : insert.onConflictDoUpdate({ target: providers.slug, set: excludedValues(providers, onExisting) })
    ).returning({ id: providers.id, slug: providers.slug });
    for (const r of written) ids.set(r.slug, r.id);
  }
  return ids;
}

/**
 * Writes producers' origins. With `replaceFor`, the origins of those producers are deleted first
 * (one statement), so that the rows given become their only ones.
 */
export async function writeProviderOrigins(
  tx: Database,
  rows: readonly ProviderOriginWrite[],
  options: { batchSize: number; replaceFor?: readonly number[] },
): Promise<void> {
  if (options.replaceFor) await tx.delete(providerOrigins).where(inArray(providerOrigins.providerId, [...options.replaceFor]));
  for (const batch of chunk(rows, options.batchSize)) await tx.insert(providerOrigins).values(batch);
}

/**
 * Writes products by puid.
 * @returns each written product's id by puid
 */
export async function writeProducts(
  tx: Database,
  rows: readonly ProductWrite[],
  options: { batchSize: number; onExisting: OnExisting<Extract<keyof ProductWrite, string>> },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunk(rows, options.batchSize)) {
    const insert = tx.insert(products).values(batch);
    const { onExisting } = options;
    const written = await (
      onExisting === "insert" ? insert : insert.onConflictDoUpdate({ target: products.puid, set: excludedValues(products, onExisting) })
    ).returning({ id: products.id, puid: products.puid });
    for (const r of written) ids.set(r.puid, r.id);
  }
  return ids;
}

/**
 * Writes products' attributes. With `replaceFor`, the attributes of those products are deleted
 * first (in batches of 1,000 ids) and an attribute given twice is written once (`ON CONFLICT DO
 * NOTHING`); without, a plain INSERT.
 */
export async function writeProductAttributes(
  tx: Database,
  rows: readonly ProductAttributeWrite[],
  options: { batchSize: number; replaceFor?: readonly number[] },
): Promise<void> {
  const { replaceFor } = options;
  if (replaceFor) {
    for (const ids of chunk(replaceFor, 1000)) await tx.delete(productAttributes).where(inArray(productAttributes.productId, ids));
  }
  for (const batch of chunk(rows, options.batchSize)) {
    const insert = tx.insert(productAttributes).values(batch);
    await (replaceFor ? insert.onConflictDoNothing() : insert);
  }
}

/** Writes product inventories by puid. */
export async function writeProductInventories(
  tx: Database,
  rows: readonly ProductInventoryWrite[],
  options: { batchSize: number; onExisting: OnExisting<Extract<keyof ProductInventoryWrite, string>> },
): Promise<void> {
  for (const batch of chunk(rows, options.batchSize)) {
    const insert = tx.insert(productInventories).values(batch);
    const { onExisting } = options;
    await (onExisting === "insert"
      ? insert
      : insert.onConflictDoUpdate({ target: productInventories.puid, set: excludedValues(productInventories, onExisting) }));
  }
}

/**
 * Fresh statistics of the catalogue's tables after a bulk write, so that the planner sees their new
 * sizes at once (cheap; ANALYZE is transactional).
 */
export async function analyzeCatalogue(tx: Database): Promise<void> {
  await tx.execute(sql`analyze providers, products, product_inventories, product_attributes`);
}
