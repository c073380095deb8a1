/**
 * Generates a large synthetic catalogue (docs/decisions/024-bench-and-several-processes.md bench) into the app's database.
 *
 *   npm run catalogue:generate -- --products 100000 [--seed 1] [--replace]
 *
 * The database is the app's: PostgreSQL when DATABASE_URL is set, otherwise PGlite at
 * `${DATA_DIR ?? 'data'}/pglite` (stop the dev server first: PGlite allows one process).
 * Migrations and reference data are applied first. A database that already has products is
 * refused unless --replace is given, which deletes the catalogue rows (producers, products,
 * product inventories, and cart lines pointing at them) before generating.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { compactFacetCounts } from "../app/catalogue/products.server";
import { seedReferenceData } from "../app/catalogue/seed/reference-data";
import { deleteCatalogue, generateSyntheticCatalogue } from "../app/catalogue/seed/synthetic";
import { openDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema";
import { parseEnv } from "../app/env.server";

const USAGE = "Usage: npm run catalogue:generate -- --products <N> [--seed <S>] [--replace]";

/** A failure explained in one line; thrown so `finally` still closes the database. */
class ScriptError extends Error {}

function fail(message: string): never {
  throw new ScriptError(message);
}

async function main(): Promise<void> {
  let values: { products?: string; seed?: string; replace?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        products: { type: "string" },
        seed: { type: "string" },
        replace: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = Number(values.products);
  if (!values.products || !Number.isSafeInteger(count) || count < 1 || count > 10_000_000) {
    fail(`--products must be a whole number between 1 and 10000000.\n${USAGE}`);
  }
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isSafeInteger(seed)) fail(`--seed must be a whole number.\n${USAGE}`);

  const env = parseEnv(process.env);
  if ("error" in env) fail(env.error);
  const where = env.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.pgliteDir}`;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { pgliteDir: env.pgliteDir });
  } catch (error) {
    fail(`Cannot open the database (${where}): ${(error as Error).message}`);
  }

  const started = performance.now();
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    const [{ n } = { n: 0 }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
    if (n > 0) {
      if (!values.replace) {
        fail(`The database (${where}) already has ${n} products. Run again with --replace to delete the catalogue first.`);
      }
      try {
        const deleted = await deleteCatalogue(handle.db);
        console.log(`Deleted the existing catalogue (${deleted} products).`);
      } catch (error) {
        fail(`Cannot delete the existing catalogue (other rows still reference it): ${(error as Error).message}`);
      }
    }

    console.log(`Generating ${count} products (seed ${seed}) into ${where}…`);
    const tty = process.stdout.isTTY;
    let lastReported = 0;
    const result = await generateSyntheticCatalogue(handle.db, {
      products: count,
      seed,
      onProgress: ({ products: done, total }) => {
        const pct = Math.floor((done / total) * 100);
        if (tty) process.stdout.write(`\r  ${done}/${total} products (${pct} %)`);
        else if (pct >= lastReported + 10 || done === total) {
          lastReported = pct - (pct % 10);
          console.log(`  ${done}/${total} products (${pct} %)`);
        }
      },
    });
    if (tty) process.stdout.write("\n");
    // A fresh catalogue's statistics and visibility map, as autovacuum would leave them: without
    // them the planner guesses and the product list's index-only scans read the table (decision 022).
    await handle.db.execute(sql`vacuum (analyze)`);
    await compactFacetCounts(handle.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Done in ${seconds} s: ${result.providers} producers, ${result.products} products, ` +
        `${result.productInventories} product inventories, ${result.productAttributes} product attributes.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ScriptError ? error.message : error instanceof Error ? `Generation failed: ${error.message}` : String(error),
  );
  process.exit(1);
});
