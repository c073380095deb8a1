/**
 * The database side of the lookups by id and puid (docs/decisions/051-listing-filters-and-lookups.md):
 * which product or producer an id or a puid names, as the slug its canonical URL carries.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productInventories, products, providers } from "~/db/schema";
import type { ProductLookup } from "./lookups";

/** A product found by a lookup: its slug, and the channel to show first when the lookup named one. */
export interface FoundProduct {
  slug: string;
  /** The product inventory the lookup named (`?id=`, a product inventory's puid), else null. */
  productInventoryId: number | null;
}

/**
 * The product a lookup names: by the product's id; by a product inventory's id (that channel);
 * by a puid, the product's first, else a product inventory's (that channel).
 * @returns null when nothing has that id or puid (an id of 0 or an empty puid: nothing)
 */
export async function findProduct(db: Database, lookup: ProductLookup): Promise<FoundProduct | null> {
  switch (lookup.by) {
    case "productId": {
      if (lookup.id < 1) return null;
      const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, lookup.id)).limit(1);
      return row ? { slug: row.slug, productInventoryId: null } : null;
    }
    case "productInventoryId": {
      if (lookup.id < 1) return null;
      return productOfInventory(db, eq(productInventories.id, lookup.id));
    }
    case "puid": {
      if (!lookup.puid) return null;
      const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.puid, lookup.puid)).limit(1);
      if (row) return { slug: row.slug, productInventoryId: null };
      return productOfInventory(db, eq(productInventories.puid, lookup.puid));
    }
  }
}

async function productOfInventory(db: Database, where: ReturnType<typeof eq>): Promise<FoundProduct | null> {
  const [row] = await db
    .select({ slug: products.slug, productInventoryId: productInventories.id })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** The slug of the producer with this id, or null. */
export async function findProviderSlug(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ slug: providers.slug }).from(providers).where(eq(providers.id, id)).limit(1);
  return row?.slug ?? null;
}
