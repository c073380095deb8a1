/**
 * The catalogue import's figure for `npm run bench` ("A 100,000-row file imports in
 * under a minute on PostgreSQL"). Writes a CSV of BENCH_IMPORT_ROWS lines (100,000 by default)
 * from the generated catalogue: existing product inventories with a new price and quantity, and 1 %
 * new products (puids `BENCHIMP…`), every line with the wine-fact columns (decision 036: grapes
 * with shares, alcohol, sugar, appellation, designation, notes, temperatures, ageing, SAQ code;
 * new values for every product, so each product and its grapes are rewritten: the worst case;
 * BENCH_IMPORT_FACTS=0 leaves them out), then runs the dry run and the apply of app/catalogue-import
 * directly against the bench database (no HTTP), and prints rows/s and seconds for each.
 *
 * The apply commits: the catalogue measured afterwards has the new prices and ~1 % more products.
 *
 * Also runnable alone on the app's database: `tsx scripts/lib/bench-import.ts` (DATABASE_URL or
 * the PGlite folder of DATA_DIR; a catalogue must be there, e.g. from `npm run catalogue:generate`).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { GRAPE_VARIETIES } from "../../app/catalogue/seed/grape-varieties";
import { checkCatalogueFile, confirmCatalogueImport } from "../../app/catalogue-import/catalogue-import.server";
import { REQUIRED_COLUMNS } from "../../app/catalogue-import/import-format";
import { openDatabase } from "../../app/db/client.server";
import { productInventories, products, providers, users } from "../../app/db/schema";
import { parseEnv } from "../../app/env.server";

/** What the import bench measured. */
export interface ImportFigures {
  rows: number;
  bytes: number;
  dryRunSeconds: number;
  applySeconds: number;
  counts: Record<string, number>;
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : `${v as number | string}`;
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The wine-fact columns the bench's file carries (decision 036). */
const FACT_COLUMNS = [
  "grapes",
  "alcohol_percent",
  "residual_sugar_g_l",
  "appellation",
  "designation",
  "tasting_notes_fr",
  "tasting_notes_en",
  "serving_temp_min_c",
  "serving_temp_max_c",
  "ageing_potential_years",
  "saq_code",
];

/**
 * A product's fact cells, the same on each of its lines: drawn from its puid and the run, so every
 * run changes every product's facts (a freshly generated catalogue's wines have grapes and alcohol
 * only: the bench's import rewrites them all either way).
 */
function factCells(puid: string, run: string): string[] {
  let h = 0;
  for (const c of `${run}${puid}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  const grape = (k: number) => GRAPE_VARIETIES[(h >>> k) % GRAPE_VARIETIES.length]!;
  const first = grape(0);
  const second = grape(7);
  const grapes = second.code === first.code ? `${first.nameEn}` : `${first.code}:70|${second.nameFr}:30`;
  return [
    grapes,
    `${11 + (h % 4)},${h % 10}`,
    `${(h % 40) / 10}`,
    "Appellation d’essai",
    "AOP",
    "Fruits rouges, épices douces.",
    "Red fruit, gentle spice.",
    "14",
    "17",
    String(3 + (h % 10)),
    String(10_000_000 + (h % 89_999_999)),
  ];
}

/**
 * Builds the file, then times the dry run and the apply, and prints one table.
 * @param env the environment of the bench's database (DATABASE_URL or DATA_DIR)
 * @throws when the database cannot be opened, has no catalogue, or the import is not applied
 */
export async function benchImport(env: NodeJS.ProcessEnv): Promise<ImportFigures> {
  const rowsWanted = Number(env.BENCH_IMPORT_ROWS ?? 100_000);
  if (!Number.isSafeInteger(rowsWanted) || rowsWanted < 1) throw new Error("BENCH_IMPORT_ROWS must be a positive whole number");
  const parsed = parseEnv(env);
  if ("error" in parsed) throw new Error(parsed.error);
  const handle = await openDatabase(parsed.databaseUrl ? { url: parsed.databaseUrl } : { pgliteDir: parsed.pgliteDir });
  try {
    const { db } = handle;
    const created = Math.max(1, Math.round(rowsWanted / 100));
    const list = await db
      .select({
        productPuid: products.puid,
        inventoryPuid: productInventories.puid,
        nameFr: products.nameFr,
        nameEn: products.nameEn,
        producer: providers.slug,
        typeCode: products.typeCode,
        vintage: products.vintage,
        volumeMl: products.volumeMl,
        uvc: products.uvc,
        inventoryCode: productInventories.inventoryCode,
        priceCents: productInventories.priceCents,
        agencyFeeCents: productInventories.agencyFeeCents,
        quantity: productInventories.quantity,
        availability: productInventories.availabilityStatus,
      })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .innerJoin(providers, eq(providers.id, products.providerId))
      .where(eq(products.zeroRated, false))
      .orderBy(productInventories.id)
      .limit(rowsWanted - created);
    if (list.length === 0) throw new Error("the bench database has no catalogue to import over");
    const withFacts = env.BENCH_IMPORT_FACTS !== "0";
    const run = randomBytes(3).toString("hex").toUpperCase();
    const facts = (puid: string) => (withFacts ? factCells(puid, run) : []);
    const lines: string[] = [[...REQUIRED_COLUMNS, ...(withFacts ? FACT_COLUMNS : [])].join(",")];
    for (const r of list) {
      lines.push(
        [
          r.productPuid,
          r.inventoryPuid,
          r.nameFr,
          r.nameEn,
          r.producer,
          r.typeCode,
          r.vintage,
          r.volumeMl,
          r.uvc,
          r.inventoryCode,
          dollars(r.priceCents + 100),
          dollars(r.agencyFeeCents),
          r.quantity + r.uvc,
          r.availability,
          ...facts(r.productPuid),
        ]
          .map(cell)
          .join(","),
      );
    }
    const producer = list[list.length - 1]!.producer;
    for (let n = 1; n <= created; n++) {
      const puid = `BENCHIMP${run}${String(n).padStart(6, "0")}`;
      lines.push(
        [
          puid,
          `${puid}-IP`,
          `Cuvée d’import ${n}`,
          `Import cuvée ${n}`,
          producer,
          "VIN",
          2023,
          750,
          12,
          "IP",
          "31,50",
          "7,25",
          24,
          "AVAILABLE",
          ...facts(puid),
        ]
          .map(cell)
          .join(","),
      );
    }
    const csv = `${lines.join("\n")}\n`;
    const rowCount = lines.length - 1;

    const [staff] = await db
      .insert(users)
      .values({
        role: "staff",
        province: "QC",
        locale: "fr-CA",
        firstName: "Bench",
        lastName: "Import",
        email: `bench-import-${run.toLowerCase()}@bench.invalid`,
        passwordHash: "none",
      })
      .returning({ id: users.id, email: users.email });

    console.log(
      `Catalogue import: ${rowCount} rows (${list.length} existing product inventories re-priced, ${created} new products${withFacts ? ", every product's wine facts and grapes rewritten" : ""}), ${(csv.length / 1e6).toFixed(1)} MB…`,
    );
    let started = performance.now();
    const checked = await checkCatalogueFile(db, staff!, { name: "bench.csv", text: csv });
    const dryRunSeconds = (performance.now() - started) / 1000;
    if (checked.status !== "CHECKED") throw new Error(`the bench file was refused: ${JSON.stringify(checked.report.shown.slice(0, 3))}`);
    started = performance.now();
    const outcome = await confirmCatalogueImport(db, staff!, checked.id);
    const applySeconds = (performance.now() - started) / 1000;
    if (outcome.kind !== "applied") throw new Error(`the bench import was not applied: ${outcome.kind}`);
    await db.delete(users).where(eq(users.id, staff!.id));

    const figures = { rows: rowCount, bytes: csv.length, dryRunSeconds, applySeconds, counts: checked.report.counts };
    const rate = (s: number) => Math.round(rowCount / s).toLocaleString("en-CA");
    console.log(
      `  dry run: ${dryRunSeconds.toFixed(1)} s (${rate(dryRunSeconds)} rows/s); ` +
        `apply (dry run again + writes, one transaction): ${applySeconds.toFixed(1)} s (${rate(applySeconds)} rows/s); ` +
        `created ${checked.report.counts.created}, changed ${checked.report.counts.changed}, unchanged ${checked.report.counts.unchanged} ` +
        `on ${handle.kind === "postgres" ? "PostgreSQL" : "PGlite"}`,
    );
    return figures;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchImport(process.env).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench-import failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
