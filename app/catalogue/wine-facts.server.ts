/**
 * Reading and writing a product's wine facts (decision 036): the fact columns of `products` and its
 * rows of `product_grapes` (the grapes of the reference list `grape_varieties`, in the label's
 * order, with their share). Used by the product page, the catalogue import and the staff product
 * editor. Units and limits: `wine-facts.ts`.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { grapeVarieties, productGrapes, products } from "~/db/schema";
import { localized } from "~/lib/localized";
import type { Locale } from "~/vocabulary";
import { chunk } from "./catalogue-writer.server";
import { getReferenceData, type GrapeVariety } from "./reference.server";
import { type GrapeShare, type NamedGrapeShare, WINE_FACT_FIELDS, type WineFacts } from "./wine-facts";

/** The columns of `products` holding the scalar facts, by fact name. */
export const wineFactColumns = {
  alcoholPercent: products.alcoholPercent,
  residualSugarGramsPerLitre: products.residualSugarGramsPerLitre,
  appellation: products.appellation,
  designation: products.designation,
  tastingNotesFr: products.tastingNotesFr,
  tastingNotesEn: products.tastingNotesEn,
  foodPairingsFr: products.foodPairingsFr,
  foodPairingsEn: products.foodPairingsEn,
  servingTemperatureMinC: products.servingTemperatureMinC,
  servingTemperatureMaxC: products.servingTemperatureMaxC,
  ageingPotentialYears: products.ageingPotentialYears,
  saqCode: products.saqCode,
  lcboCode: products.lcboCode,
} satisfies Record<(typeof WINE_FACT_FIELDS)[number], unknown>;

/** The reference list of grapes, ordered by code (read from the cached reference data). */
export async function readGrapeVarieties(db: Database): Promise<GrapeVariety[]> {
  return (await getReferenceData(db)).grapes;
}

/** A product's facts, with its grapes named in `locale`. */
export interface ProductWineFacts {
  facts: WineFacts;
  /** The grapes of `facts.grapes`, in the same order, with their names in the page's language. */
  grapes: NamedGrapeShare[];
}

/**
 * Reads a product's wine facts and its grapes (in the label's order, named in `locale`).
 * @returns null when there is no product with this id
 */
export async function readWineFacts(db: Database, productId: number, locale: Locale): Promise<ProductWineFacts | null> {
  const [[row], grapeRows] = await Promise.all([
    db.select(wineFactColumns).from(products).where(eq(products.id, productId)),
    db
      .select({
        code: grapeVarieties.code,
        name: localized(locale, grapeVarieties.nameFr, grapeVarieties.nameEn),
        sharePercent: productGrapes.sharePercent,
      })
      .from(productGrapes)
      .innerJoin(grapeVarieties, eq(grapeVarieties.id, productGrapes.grapeId))
      .where(eq(productGrapes.productId, productId))
      .orderBy(asc(productGrapes.position), asc(grapeVarieties.code)),
  ]);
  if (!row) return null;
  return {
    facts: { ...row, grapes: grapeRows.map(({ code, sharePercent }) => ({ code, sharePercent })) },
    grapes: grapeRows,
  };
}

/** What {@link saveWineFacts} did. */
export type SaveWineFactsResult = { ok: true } | { ok: false; unknownGrapes: string[] };

/**
 * Writes a product's wine facts, all of them: the fact columns of `products` and its grapes
 * (replaced by `facts.grapes`, positions in their order), in one transaction (a savepoint inside
 * the caller's). Values are written as given: validate them first (`wineFactsFormSchema`, the
 * import's line check). The product's `version` is left to the caller (the staff editor checks and
 * raises it in its own transaction).
 * @returns `{ ok: false, unknownGrapes }` when a grape code is not in the reference list: nothing
 *   is written
 * @throws the database's errors (a share outside 1–100 breaks the table's check)
 */
export async function saveWineFacts(db: Database, productId: number, facts: WineFacts): Promise<SaveWineFactsResult> {
  const grapeIds = new Map((await getReferenceData(db)).grapes.map((g) => [g.code, g.id]));
  const unknownGrapes = facts.grapes.map((g) => g.code).filter((code) => !grapeIds.has(code));
  if (unknownGrapes.length > 0) return { ok: false, unknownGrapes };
  await db.transaction(async (tx) => {
    const values = Object.fromEntries(WINE_FACT_FIELDS.map((field) => [field, facts[field]]));
    await tx.update(products).set(values).where(eq(products.id, productId));
    await replaceProductGrapes(tx, [{ productId, grapes: facts.grapes }], grapeIds);
  });
  return { ok: true };
}

/**
 * Replaces the grapes of several products: deletes theirs (1,000 products per statement), then
 * inserts the new ones with multi-row statements, each product's in the order given (`position`
 * 0, 1, …). Runs inside the caller's transaction (the import's, {@link saveWineFacts}'s).
 * `replace: false` skips the delete, for products just created (the synthetic catalogue).
 * @param grapeIds grape id by code (every code given must be there)
 * @throws Error on a code missing from `grapeIds`; the database's errors
 */
export async function replaceProductGrapes(
  tx: Database,
  rows: readonly { productId: number; grapes: readonly GrapeShare[] }[],
  grapeIds: ReadonlyMap<string, number>,
  options: { replace: boolean } = { replace: true },
): Promise<void> {
  if (options.replace) {
    for (const ids of chunk(
      rows.map((r) => r.productId),
      1000,
    )) {
      await tx.delete(productGrapes).where(inArray(productGrapes.productId, ids));
    }
  }
  const values = rows.flatMap((r) =>
    r.grapes.map((g, position) => {
      const grapeId = grapeIds.get(g.code);
      if (grapeId === undefined) throw new Error(`Unknown grape variety ${g.code}`);
      return { productId: r.productId, grapeId, sharePercent: g.sharePercent, position };
    }),
  );
  for (const batch of chunk(values, 2000)) await tx.insert(productGrapes).values(batch);
}
