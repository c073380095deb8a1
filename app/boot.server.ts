/**
 * Server start-up: validate the configuration, open the database, apply migrations,
 * load reference data and, on an empty database, the demo catalogue. Runs once when the server
 * build is imported, before the first request is accepted.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import { clearCachesOnCatalogueChanges } from "~/cache.server";
import { seedDemoCarousels } from "~/carousels/seed-demo-carousels.server";
import { seedDemoCatalogue } from "~/catalogue/seed/demo-catalogue";
import { seedReferenceData } from "~/catalogue/seed/reference-data";
import { seedContentPages } from "~/content/content-pages.server";
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from "~/db/client.server";
import { products } from "~/db/schema";
import { getEnv } from "~/env.server";
import { shareRateLimitsThrough } from "~/http/rate-limit.server";
import { seedDemoAccounts } from "~/users/demo-accounts.server";

let handle: DatabaseHandle | undefined;
/** Stops this process's listening for catalogue changes (closing the database). */
let stopCatalogueNotices: (() => Promise<void>) | undefined;
let booting: Promise<DatabaseHandle> | undefined;

/** Boots once; later calls return the same database. Exits the process with one line on failure. */
export function bootServer(): Promise<DatabaseHandle> {
  booting ??= (async () => {
    const env = getEnv();
    const started = performance.now();
    try {
      handle = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { pgliteDir: env.pgliteDir });
    } catch (error) {
      console.error(`Cannot open the database: ${(error as Error).message}`);
      process.exit(1);
    }
    try {
      await handle.migrate();
    } catch (error) {
      const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message.split("\n")[0];
      console.error(`Cannot apply the database migrations: ${cause}`);
      process.exit(1);
    }
    await seedReferenceData(handle.db);
    // Revision 1 of each help and content page, from content/pages, when the page has none (decision 046).
    await seedContentPages(handle.db);
    if (env.seedDemo && (await isCatalogueEmpty(handle.db))) {
      const seeding = performance.now();
      const counts = await seedDemoCatalogue(handle.db, { photos: env.seedDemoPhotos && { cacheDir: env.demoArtDir } });
      const photos = counts.photos ? `, ${counts.photos.drawn} photos drawn, ${counts.photos.cached} from ${env.demoArtDir}` : "";
      console.log(
        `Demo catalogue loaded: ${counts.providers} producers, ${counts.products} products${photos} (${Math.round(performance.now() - seeding)} ms).`,
      );
    }
    // Demo articles: upserted by slug, so a database seeded before them gets them too.
    if (env.seedDemo) await seedDemoBlogs(handle.db);
    // Demo carousels (home selection per province…): made once, then left as staff arrange them.
    if (env.seedDemo) await seedDemoCarousels(handle.db);
    // Demo logins (README), never in production.
    if (env.seedDemo && env.nodeEnv !== "production") {
      const created = await seedDemoAccounts(handle.db, env.nodeEnv);
      if (created > 0) console.log(`Demo logins created: ${created} (see the README).`);
    }
    // Several processes may share one PostgreSQL: each empties its caches when any changes the catalogue.
    try {
      stopCatalogueNotices = await clearCachesOnCatalogueChanges(handle);
    } catch (error) {
      console.error(`Cannot listen for catalogue changes: ${(error as Error).message}`);
      process.exit(1);
    }
    // Their rate limits must count together.
    if (handle.kind === "postgres") shareRateLimitsThrough(handle.db);
    const where = handle.kind === "postgres" ? "PostgreSQL" : `PGlite at ${env.pgliteDir}`;
    console.log(`Database ready (${where}) in ${Math.round(performance.now() - started)} ms.`);
    return handle;
  })();
  return booting;
}

async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/** The booted database's handle (listening, closing); throws before {@link bootServer} finished. */
export function getDatabaseHandle(): DatabaseHandle {
  if (!handle) throw new Error("The database is not open yet: bootServer() must finish first.");
  return handle;
}

/** The booted database; throws if called before {@link bootServer} finished (a developer error). */
export function getDatabase(): Database {
  if (!handle) throw new Error("The database is not open yet: bootServer() must finish first.");
  return handle.db;
}

/**
 * Closes the database once in-flight requests are done (graceful shutdown): PGlite
 * flushes and closes its files, the PostgreSQL pool ends its connections. Safe to call twice.
 */
export async function closeDatabase(): Promise<void> {
  const closing = handle;
  handle = undefined;
  await stopCatalogueNotices?.();
  stopCatalogueNotices = undefined;
  if (closing) await closing.close();
}

/** The time stamp of this release's last migration (Drizzle's journal), read once. */
let lastMigrationMillis: number | undefined;

/**
 * Whether the process can serve pages (`/readyz`, docs/decisions/029-no-client-caused-5xx-and-database-outages.md):
 * the database answers one cheap query within `timeoutMs`, and the last migration of this release
 * is applied (Drizzle records each applied migration with its journal time stamp). False on any
 * error, during start-up and after shutdown began; never throws.
 */
export async function isDatabaseReady(timeoutMs = 2_000): Promise<boolean> {
  const current = handle;
  if (!current) return false;
  lastMigrationMillis ??= Math.max(
    ...(
      JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] }
    ).entries.map((e) => e.when),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const check = current.db
    .execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`)
    .then((result) => Number((result as { rows: { latest: unknown }[] }).rows[0]?.latest ?? 0) >= lastMigrationMillis!)
    .catch(() => false);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
