/**
 * The liquor-store branches a private-import order is picked up at (docs/product.md#checkout Branch): SAQ in
 * Quebec, LCBO in Ontario, searched by city, name or postal code, ignoring accents and case.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { branches } from "~/db/schema";
import type { Province } from "~/vocabulary";

export type Branch = typeof branches.$inferSelect;

/** Longest search text kept; anything longer is cut. */
export const BRANCH_QUERY_MAX_LENGTH = 80;

/**
 * The province's branches matching a search, by city then name; every branch when `query` is
 * blank. "montreal" finds Montréal, "h3a1t5" and "H3A 1T5" find the same postal code.
 * @param query free text typed by the shopper (trimmed, at most {@link BRANCH_QUERY_MAX_LENGTH}).
 */
export async function searchBranches(db: Database, province: Province, query: string): Promise<Branch[]> {
  const text = query.trim().slice(0, BRANCH_QUERY_MAX_LENGTH);
  const conditions = [eq(branches.province, province)];
  if (text) {
    const pattern = containsPattern(text);
    const compact = containsPattern(text.replace(/\s+/g, ""));
    conditions.push(
      or(
        sql`cuvee_unaccent(${branches.city}) ilike cuvee_unaccent(${pattern})`,
        sql`cuvee_unaccent(${branches.name}) ilike cuvee_unaccent(${pattern})`,
        sql`cuvee_unaccent(${branches.street}) ilike cuvee_unaccent(${pattern})`,
        sql`replace(${branches.postalCode}, ' ', '') ilike ${compact}`,
      )!,
    );
  }
  return db
    .select()
    .from(branches)
    .where(and(...conditions))
    .orderBy(asc(branches.city), asc(branches.name));
}

/** A branch of the province by id, or null (unknown id, or a branch of the other province). */
export async function getBranch(db: Database, province: Province, id: number): Promise<Branch | null> {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.province, province)))
    .limit(1);
  return row ?? null;
}

/** One line naming a branch as orders keep it: "SAQ Atwater — 1455, rue Peel, Montréal H3A 1T5". */
export function branchLabel(branch: Pick<Branch, "name" | "street" | "city" | "postalCode">): string {
  return `${branch.name} — ${branch.street}, ${branch.city} ${branch.postalCode}`;
}
