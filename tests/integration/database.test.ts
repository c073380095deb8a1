/**
 * The migrations and the extensions they need work on whichever database is selected:
 * in-memory PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (see test-database.ts).
 * Independent of the seeds: the rows it needs are inserted here.
 */
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productTypes, providers } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "none" });
  const { db } = testDb;
  await db.insert(productTypes).values({ code: "VIN", nameFr: "Vin", nameEn: "Wine", isAlcohol: true });
  const [provider] = await db
    .insert(providers)
    .values({ slug: "domaine-de-la-pepiere", name: "Domaine de la Pépière" })
    .returning({ id: providers.id });
  await db.insert(products).values([
    {
      puid: "TEST-1",
      slug: "muscadet-clos-des-briords",
      nameFr: "Muscadet Clos des Briords, Pépière",
      nameEn: "Muscadet Clos des Briords, Pépière",
      descriptionFr: "Un blanc vif et salin des bords de Loire.",
      descriptionEn: "A lively, saline white from the Loire.",
      typeCode: "VIN",
      providerId: provider!.id,
    },
    {
      puid: "TEST-2",
      slug: "cotes-du-rhone",
      nameFr: "Côtes du Rhône",
      nameEn: "Côtes du Rhône",
      typeCode: "VIN",
      providerId: provider!.id,
    },
  ]);
});

afterAll(async () => {
  await testDb?.close();
});

describe("database", () => {
  it("runs on the database selected by the environment", () => {
    expect(testDb.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("has the unaccent and pg_trgm extensions", async () => {
    const result = await testDb.db.execute(sql`select extname from pg_extension where extname in ('unaccent', 'pg_trgm') order by extname`);
    // PGlite and node-postgres both answer { rows }.
    const { rows } = result as { rows: { extname: string }[] };
    expect(rows.map((r) => r.extname)).toEqual(["pg_trgm", "unaccent"]);
  });

  it("finds an accented French name without its accents (generated search_fr column)", async () => {
    const found = await testDb.db
      .select({ slug: products.slug })
      .from(products)
      .where(sql`${products.searchFr} @@ plainto_tsquery('french', cuvee_unaccent(${"pepiere"}))`);
    expect(found).toEqual([{ slug: "muscadet-clos-des-briords" }]);
  });

  it("stems and unaccents English searches too (generated search_en column)", async () => {
    const found = await testDb.db
      .select({ slug: products.slug })
      .from(products)
      .where(sql`${products.searchEn} @@ plainto_tsquery('english', cuvee_unaccent(${"Cotes"}))`);
    expect(found).toEqual([{ slug: "cotes-du-rhone" }]);
  });

  it("ranks trigram similarity (pg_trgm) for misspelled names", async () => {
    const found = await testDb.db
      .select({ slug: products.slug })
      .from(products)
      .where(sql`${products.nameFr} % ${"Muscadet Clos des Briord"}`)
      .orderBy(asc(products.id));
    expect(found).toEqual([{ slug: "muscadet-clos-des-briords" }]);
  });
});
