/**
 * Gives the first products of the Quebec /products list and their producers generated photos
 * (scripts/lib/sample-photos.ts), in the app's database: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite at `${DATA_DIR ?? 'data'}/pglite` (stop the server first: PGlite allows one
 * process). Migrates and loads the reference data and demo catalogue first when the database has
 * none. For measuring and testing pages with photos (scripts/lighthouse-photos.ts, the e2e server).
 *
 *   npx tsx scripts/sample-photos.ts [products=24] [producers=24]
 */
import { seedDemoCatalogue } from "../app/catalogue/seed/demo-catalogue";
import { seedReferenceData } from "../app/catalogue/seed/reference-data";
import { openDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema";
import { parseEnv } from "../app/env.server";
import { giveSamplePhotos } from "./lib/sample-photos";

async function main(): Promise<number> {
  const env = parseEnv(process.env);
  if ("error" in env) {
    console.error(env.error);
    return 1;
  }
  const count = Number(process.argv[2] ?? 24);
  const providerCount = Number(process.argv[3] ?? 24);
  const handle = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { pgliteDir: env.pgliteDir });
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    const [existing] = await handle.db.select({ id: products.id }).from(products).limit(1);
    // The demo catalogue with its drawn photos (decision 035), as the server's boot would seed it.
    if (!existing) await seedDemoCatalogue(handle.db, { photos: env.seedDemoPhotos && { cacheDir: env.demoArtDir } });
    const started = performance.now();
    const given = await giveSamplePhotos(handle.db, count, providerCount);
    console.log(
      `Sample photos: ${given.products.length} products, ${given.providers.length} producers (${Math.round(performance.now() - started)} ms).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
