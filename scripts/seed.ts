/**
 * Loads the reference data (inventories, product types, attributes, origins, liquor-store
 * branches, subscription plans), the first revision of each help and content page, and, into a
 * database without products, the demo catalogue, and outside production the demo logins: what `npm start` does at boot, without starting the server.
 *
 *   npm run seed
 *
 * The database is the app's: PostgreSQL when DATABASE_URL is set, otherwise PGlite at
 * `${DATA_DIR ?? 'data'}/pglite` (stop the server first: PGlite allows one process).
 * Safe to run again: reference data is upserted, and a catalogue already there is kept.
 */
import { seedDemoBlogs } from "../app/blogs/seed/seed-demo-blogs.server";
import { seedDemoCarousels } from "../app/carousels/seed-demo-carousels.server";
import { seedDemoCatalogue } from "../app/catalogue/seed/demo-catalogue";
import { seedReferenceData } from "../app/catalogue/seed/reference-data";
import { seedContentPages } from "../app/content/content-pages.server";
import { openDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema";
import { parseEnv } from "../app/env.server";
import { seedDemoAccounts } from "../app/users/demo-accounts.server";

async function main(): Promise<number> {
  const env = parseEnv(process.env);
  if ("error" in env) {
    console.error(env.error);
    return 1;
  }
  const handle = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { pgliteDir: env.pgliteDir });
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    const pages = await seedContentPages(handle.db);
    if (pages > 0) console.log(`Content pages loaded from content/pages: ${pages}.`);
    const [existing] = await handle.db.select({ id: products.id }).from(products).limit(1);
    if (existing) {
      console.log("Reference data loaded; the database already has a catalogue, kept as it is.");
    } else {
      const counts = await seedDemoCatalogue(handle.db, { photos: env.seedDemoPhotos && { cacheDir: env.demoArtDir } });
      const photos = counts.photos ? `, ${counts.photos.drawn} photos drawn, ${counts.photos.cached} from ${env.demoArtDir}` : "";
      console.log(`Reference data and demo catalogue loaded: ${counts.providers} producers, ${counts.products} products${photos}.`);
    }
    if (env.seedDemo) console.log(`Demo articles loaded: ${await seedDemoBlogs(handle.db)}.`);
    if (env.seedDemo) console.log(`Demo carousels created: ${await seedDemoCarousels(handle.db)}.`);
    if (env.seedDemo && env.nodeEnv !== "production") {
      console.log(`Demo logins created: ${await seedDemoAccounts(handle.db, env.nodeEnv)} (see the README).`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Seeding failed: ${error.message}`);
    process.exit(1);
  },
);
