/**
 * The `set` of an upsert that takes the proposed row's values: `ON CONFLICT … DO UPDATE SET
 * col = excluded.col` for each named column, with the SQL column names read from the Drizzle table,
 * so a seed lists the columns it refreshes once, by their TypeScript names.
 */
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * `{ key: excluded.<column of key> }` for each of `keys`, for `.onConflictDoUpdate({ target, set })`.
 * @param table a Drizzle table; `keys` its column properties (checked by the type).
 */
export function excludedValues<T extends PgTable, K extends keyof T["_"]["columns"] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)])) as Record<K, SQL>;
}
