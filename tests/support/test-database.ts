/**
 * A fresh, migrated database for one integration test file.
 *
 * Which server is used depends on the environment, so the same test runs on both (docs/product.md#how-the-shop-is-built):
 * - no `TEST_DATABASE_URL`: an in-memory PGlite (nothing to install, nothing left behind);
 * - `TEST_DATABASE_URL=postgres://user@host:port/admin_db`: a PostgreSQL server where that user
 *   may create databases. A uniquely named database `cuvee_test_<random>` is created on it and
 *   dropped again by `close()`. `npm test` points this at the throwaway cluster started by
 *   `scripts/ensure-postgres.sh`.
 *
 * @example
 *   let testDb: TestDatabase;
 *   beforeAll(async () => { testDb = await createTestDatabase({ seed: "reference" }); });
 *   afterAll(() => testDb.close());
 *   it("…", async () => { await testDb.db.select().from(products); });
 */
import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";

export type TestSeed = "none" | "reference" | "demo";

declare module "vitest" {
  export interface ProvidedContext {
    /** Per seed level, the PGlite dump file or the PostgreSQL template database to copy. */
    preparedDatabases?: Record<TestSeed, string>;
  }
}

export interface TestDatabase {
  db: Database;
  /** "pglite" or "postgres": which server this test file really runs on. */
  kind: "pglite" | "postgres";
  /** On PostgreSQL, the test database's URL (a test may open a second handle, as another process would). */
  url?: string;
  /** `LISTEN` on the database, as the server does ({@link DatabaseHandle.listen}); stop it before `close()`. */
  listen: DatabaseHandle["listen"];
  /** Closes the connection; on PostgreSQL also drops the test database. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * What to load after the migrations:
   * - `"none"` (default): empty tables, the test inserts what it needs;
   * - `"reference"`: `seedReferenceData` (product types, inventories, countries, regions…);
   * - `"demo"`: the reference data, then `seedDemoCatalogue` (the demo shop of `npm start`).
   */
  seed?: TestSeed;
  /**
   * With `seed: "demo"`, also the demo's drawn photos (every product a main photo, every producer
   * a photo and a logo), kept between runs in `data/demo-art` (gitignored): about a second once
   * drawn, a few minutes the first time on a machine. Off by default.
   */
  photos?: boolean;
}

/**
 * Creates a fresh database at the seed level asked for. Each level is prepared once per run by
 * `tests/support/prepared-databases.ts` (the integration project's global setup): a PGlite file
 * opens a copy of its dump, a PostgreSQL one is created from its template database. Without it
 * (photos asked for, or a run without the global setup) the migrations and the seed run here.
 * @throws when `TEST_DATABASE_URL` is set but the server cannot be reached or refuses
 *   `CREATE DATABASE`, or when a migration or seed fails (the database is then dropped).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const level = options.seed ?? "none";
  const prepared = options.photos ? undefined : inject("preparedDatabases")?.[level];
  if (!adminUrl) {
    const handle = await openDatabase(prepared ? { pgliteDump: await openAsBlob(prepared) } : {});
    const close = once(() => handle.close());
    try {
      if (!prepared) await migrateAndSeed(handle, level, options.photos ?? false);
    } catch (error) {
      await close();
      throw error;
    }
    return { db: handle.db, kind: handle.kind, listen: handle.listen, close };
  }

  const name = `cuvee_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${prepared ? ` TEMPLATE ${prepared}` : ""}`);
  const drop = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = databaseUrl(adminUrl, name);
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ url });
  } catch (error) {
    await drop();
    throw error;
  }
  const close = once(async () => {
    try {
      await handle.close();
    } finally {
      await drop();
    }
  });
  try {
    if (!prepared) await migrateAndSeed(handle, level, options.photos ?? false);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: handle.db, kind: handle.kind, url, listen: handle.listen, close };
}

/** Applies every migration, then loads the seed modules only when asked, so `seed: "none"` tests do not depend on them. */
export async function migrateAndSeed(handle: DatabaseHandle, level: TestSeed, photos = false): Promise<void> {
  await handle.migrate();
  if (level === "none") return;
  await seedLevel(handle.db, level === "demo" ? "reference" : level, photos);
  if (level === "demo") await seedLevel(handle.db, "demo", photos);
}

/**
 * Adds ONE level's data to a database holding the level below it (the global setup builds the
 * levels on one another): `"reference"` on migrated tables, `"demo"` on the reference data.
 */
export async function seedLevel(db: Database, level: Exclude<TestSeed, "none">, photos = false): Promise<void> {
  if (level === "reference") {
    const { seedReferenceData } = await import("~/catalogue/seed/reference-data");
    await seedReferenceData(db);
  } else {
    const { seedDemoCatalogue } = await import("~/catalogue/seed/demo-catalogue");
    await seedDemoCatalogue(db, { photos: photos && { cacheDir: path.resolve("data/demo-art") } });
  }
}

/** The admin URL with its database name replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the admin database with a short-lived connection. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
