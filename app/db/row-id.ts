/**
 * Row ids (docs/product.md#how-the-shop-is-built: `serial`/`integer` primary keys): the one bound of a PostgreSQL `integer`,
 * for forms, URLs and metadata that name a row. A number outside it names no row and is never
 * queried (PostgreSQL would refuse it: a 500). Shared with the browser (no imports).
 */

/** The largest row id (PostgreSQL `integer`). */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can name a row: a positive integer no larger than {@link MAX_ROW_ID}. */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;
}
