/**
 * A fresh, migrated database for one integration test file.
 *
 * Which server is used depends on the environment, so the same test runs on both (DESIGN §1):
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
import path from "node:path";
import pg from "pg";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";

export type TestSeed = "none" | "reference" | "demo";

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
 * Creates a fresh database, applies every migration and loads the seed asked for.
 * @throws when `TEST_DATABASE_URL` is set but the server cannot be reached or refuses
 *   `CREATE DATABASE`, or when a migration or seed fails (the database is then dropped).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
    const close = once(() => handle.close());
    try {
      await handle.migrate();
      await seed(handle.db, options.seed ?? "none", options.photos ?? false);
    } catch (error) {
      await close();
      throw error;
    }
    return { db: handle.db, kind: handle.kind, listen: handle.listen, close };
  }

  const name = `cuvee_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
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
    await handle.migrate();
    await seed(handle.db, options.seed ?? "none", options.photos ?? false);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: handle.db, kind: handle.kind, url, listen: handle.listen, close };
}

/** Loads the seed modules only when asked, so `seed: "none"` tests do not depend on them. */
async function seed(db: Database, level: TestSeed, photos: boolean): Promise<void> {
  if (level === "none") return;
  const { seedReferenceData } = await import("~/catalogue/seed/reference-data");
  await seedReferenceData(db);
  if (level === "demo") {
    const { seedDemoCatalogue } = await import("~/catalogue/seed/demo-catalogue");
    await seedDemoCatalogue(db, { photos: photos && { cacheDir: path.resolve("data/demo-art") } });
  }
}

/** The admin URL with its database name replaced by `name`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the admin database with a short-lived connection. */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
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
