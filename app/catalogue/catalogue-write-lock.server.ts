/**
 * The catalogue's bulk writers take turns (migration 0013, decision 022): the catalogue import, the
 * demo and synthetic catalogues, and a change of an inventory's province or default flag by the
 * reference data. A listing row copies its inventory's settings when its product inventory is
 * inserted; a settings change made meanwhile, not yet committed, could neither be seen by that copy
 * nor see the new row itself, and the row would keep the old settings. Both sides take this lock
 * before any lock on the catalogue's rows, so it cannot deadlock with the row locks that checkouts
 * and the listing's triggers take; checkouts, which only update existing product
 * inventories, do not need it (the settings change locks those rows).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** The advisory lock's key (the import's own lock before migration 0013, so imports still take turns). */
const CATALOGUE_WRITE_LOCK = 7_020_004;

/**
 * Waits for the catalogue's other bulk writers and holds the lock until the transaction ends.
 * @param tx a transaction (the lock is transaction-level: on a bare connection it would end at once)
 */
export async function lockCatalogueWrites(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_WRITE_LOCK})`);
}
