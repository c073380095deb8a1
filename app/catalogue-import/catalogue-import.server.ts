/**
 * The catalogue import (decision 020): a CSV of product inventories checked by a dry
 * run, then applied in one transaction.
 *
 * - {@link checkCatalogueFile}: reads and validates every line, compares it with the database
 *   (created / changed / unchanged / refused) and stores the file with its report in
 *   `catalogue_imports` (CHECKED, or REFUSED when any line or the file itself is refused: then
 *   the report only, not the file). Nothing else is written.
 * - {@link confirmCatalogueImport}: in one transaction (imports serialised by an advisory lock),
 *   runs the dry run again on the stored file; when its result differs from the report the staff
 *   confirmed (another import or a sale moved a row), nothing is applied, the new report is stored
 *   and returned (a 409 for the page). Otherwise it upserts the products and product inventories
 *   with multi-row statements, recomputes `priceTaxInCents` with the pricing module's
 *   `priceTaxIn`, marks the import APPLIED and writes one audit row; after the commit the
 *   in-process caches of counts and facets are emptied.
 */
import { createHash } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { clearDatabaseCaches } from "~/cache.server";
import { lockCatalogueWrites } from "~/catalogue/catalogue-write-lock.server";
import { writeProductInventories, writeProducts } from "~/catalogue/catalogue-writer.server";
import { compactFacetCounts } from "~/catalogue/products.server";
import { getReferenceData, type ReferenceData } from "~/catalogue/reference.server";
import { productSlug } from "~/catalogue/seed/demo-catalogue";
import { grapeLookup, WINE_FACT_FIELDS, type WineFacts } from "~/catalogue/wine-facts";
import { replaceProductGrapes, wineFactColumns } from "~/catalogue/wine-facts.server";
import type { Database } from "~/db/client.server";
import {
  type FieldChange,
  type ImportReport,
  type LineOutcome,
  type Refusal,
  REPORT_LINES_SHOWN,
  type ReportLine,
} from "~/db/import-report";
import {
  catalogueImports,
  grapeVarieties,
  productGrapes,
  productInventories,
  productListing,
  products,
  providerOrigins,
  providers,
} from "~/db/schema";
import { priceTaxIn, ZERO_RATED_PRODUCT_TYPES } from "~/pricing/taxes";
import type { CatalogueImportStatus, InventoryCode } from "~/vocabulary";
import { readCatalogueCsv } from "./csv-reader";
import {
  FACT_COLUMNS,
  factValue,
  type ImportLine,
  type InventoryInfo,
  type LineReference,
  PRODUCT_FIELDS,
  productFieldMismatch,
  validateLine,
} from "./import-format";

/** Rows per multi-row statement (products have 12 columns: 12,000 parameters, under PostgreSQL's 65,535). */
const BATCH = 1000;
/** Puids per lookup. */
const LOOKUP_BATCH = 5000;
/**
 * Rows written by an import from which the catalogue's tables are vacuumed and analysed at once
 * after the commit: 100,000 re-priced inventories leave as many dead rows and stale statistics,
 * and the catalogue's queries ran slower until autovacuum came by (`npm run bench` on PostgreSQL:
 * global search p95 250 ms right after the import, 35 ms after a VACUUM ANALYZE of the whole
 * database). The product list's search table is among them: its index-only scans read the table
 * again for every row written since its last vacuum (decision 022).
 */
const VACUUM_AFTER_ROWS = 1000;

type ExistingProduct = {
  id: number;
  puid: string;
  slug: string;
  nameFr: string;
  nameEn: string;
  producerSlug: string;
  typeCode: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  zeroRated: boolean;
  /** Its wine facts, grapes included (decision 036). */
  facts: WineFacts;
};
type ExistingInventory = {
  id: number;
  productId: number;
  inventoryCode: InventoryCode;
  priceCents: number;
  agencyFeeCents: number;
  quantity: number;
  availabilityStatus: string;
};

/** A product inventory the apply writes: new, or an existing one whose fields change. */
interface InventoryWrite {
  line: ImportLine;
  /** The product's zero-rated flag after the import. */
  zeroRated: boolean;
  /** The id of the product inventory the line changes; none for a new one. */
  existingId?: number;
}

/** A product the apply writes: new, or an existing one whose fields change. */
interface ProductWrite {
  puid: string;
  slug: string;
  line: ImportLine;
  zeroRated: boolean;
  isNew: boolean;
}

/** The dry run: the report, and what the apply would write. */
interface DryRun {
  report: ImportReport;
  status: Extract<CatalogueImportStatus, "CHECKED" | "REFUSED">;
  products: ProductWrite[];
  /** Created or changed product inventories. */
  inventories: InventoryWrite[];
  /** Existing products whose zero-rated flag changes (their other inventories are re-taxed). */
  zeroRatedChanged: Map<string, boolean>;
}

/**
 * Dry run of a file against the database: validates every line, then compares it
 * with the current rows. Reads only.
 * @param csvText the file's text (UTF-8)
 * @returns the report (counts, the first lines, a fingerprint of every line's outcome) and the
 *   writes the apply would make
 */
async function dryRunCatalogue(db: Database, csvText: string, reference?: ReferenceData): Promise<DryRun> {
  const file = readCatalogueCsv(csvText);
  const hash = createHash("sha256");
  const counts: Record<LineOutcome, number> = { created: 0, changed: 0, unchanged: 0, refused: 0 };
  const listed: ReportLine[] = [];
  const result: DryRun = {
    report: { lines: 0, counts, newProducts: 0, fileErrors: file.fileErrors, shown: [], notShown: 0, fingerprint: "" },
    status: "CHECKED",
    products: [],
    inventories: [],
    zeroRatedChanged: new Map(),
  };
  hash.update(JSON.stringify(file.fileErrors));

  const ref = await lineReference(
    db,
    reference ?? (await getReferenceData(db)),
    file.rows.map((r) => (r.cells.producer ?? "").trim()),
  );
  // Validate, then check the lines against each other.
  type Checked = { line: number; productPuid: string; inventoryPuid: string; value?: ImportLine; reasons: Refusal[] };
  const checked: Checked[] = [];
  for (const bad of file.badLines) checked.push({ line: bad.line, productPuid: "", inventoryPuid: "", reasons: [bad.reason] });
  for (const row of file.rows) {
    const outcome = validateLine(row.cells, row.line, ref.lines);
    const productPuid = (row.cells.product_puid ?? "").trim();
    const inventoryPuid = (row.cells.inventory_puid ?? "").trim();
    checked.push(
      outcome.ok
        ? { line: row.line, productPuid, inventoryPuid, value: outcome.value, reasons: [] }
        : { line: row.line, productPuid, inventoryPuid, reasons: outcome.reasons },
    );
  }
  checked.sort((a, b) => a.line - b.line);
  const firstOfInventory = new Map<string, number>();
  const firstOfProduct = new Map<string, ImportLine>();
  const codesOfProduct = new Map<string, Map<string, number>>();
  for (const c of checked) {
    const v = c.value;
    if (!v) continue;
    const earlier = firstOfInventory.get(v.inventoryPuid);
    if (earlier !== undefined) c.reasons.push({ key: "duplicateInventoryPuid", params: { line: earlier } });
    else firstOfInventory.set(v.inventoryPuid, v.line);
    const first = firstOfProduct.get(v.productPuid);
    if (!first) firstOfProduct.set(v.productPuid, v);
    else {
      const field = productFieldMismatch(first, v);
      if (field) c.reasons.push({ key: "productDiffers", params: { line: first.line, field } });
    }
    const codes = codesOfProduct.get(v.productPuid) ?? new Map<string, number>();
    codesOfProduct.set(v.productPuid, codes);
    const sameCode = codes.get(v.inventoryCode);
    if (sameCode !== undefined && earlier === undefined)
      c.reasons.push({ key: "duplicateInventoryCode", params: { line: sameCode, inventory: v.inventoryCode } });
    else codes.set(v.inventoryCode, v.line);
  }

  // Compare with the database.
  const valid = checked.filter((c) => c.value && c.reasons.length === 0).map((c) => c.value!);
  const existing = await loadExisting(db, valid);
  const writtenProducts = new Set<string>();
  // New products' slugs (puid → slug), and which puid of the file has each slug first: two puids
  // that slugify alike (`ab1`/`AB1`, `A.1`/`A_1`) would give two products one slug.
  const newSlugs = new Map<string, string>();
  const slugOwners = new Map<string, string>();
  for (const v of valid) {
    if (existing.products.has(v.productPuid) || newSlugs.has(v.productPuid)) continue;
    const slug = productSlug(ref.producerNames.get(v.providerId) ?? "", v.nameFr, v.vintage, v.productPuid);
    newSlugs.set(v.productPuid, slug);
    if (!slugOwners.has(slug)) slugOwners.set(slug, v.productPuid);
  }
  const takenSlugs = await existingSlugs(db, [...newSlugs.values()]);

  for (const c of checked) {
    const v = c.value;
    let outcome: LineOutcome = "refused";
    let changes: FieldChange[] = [];
    let newProduct = false;
    if (v && c.reasons.length === 0) {
      const product = existing.products.get(v.productPuid);
      const inventory = existing.inventories.get(v.inventoryPuid);
      if (inventory && (!product || inventory.productId !== product.id)) {
        c.reasons.push({ key: "inventoryOfOtherProduct", params: { puid: v.inventoryPuid } });
      } else if (inventory && inventory.inventoryCode !== v.inventoryCode) {
        c.reasons.push({ key: "inventoryCodeChanges", params: { from: inventory.inventoryCode, to: v.inventoryCode } });
      } else if (!inventory && product && existing.codeTaken.has(`${product.id}:${v.inventoryCode}`)) {
        c.reasons.push({
          key: "inventoryTaken",
          params: { inventory: v.inventoryCode, puid: existing.codeTaken.get(`${product.id}:${v.inventoryCode}`)! },
        });
      } else if (!product) {
        const slug = newSlugs.get(v.productPuid)!;
        if (takenSlugs.has(slug) || slugOwners.get(slug) !== v.productPuid) c.reasons.push({ key: "slugTaken", params: { slug } });
      }
      if (c.reasons.length === 0) {
        const zeroRated = v.zeroRated ?? product?.zeroRated ?? false;
        if (product) changes = productChanges(product, v);
        if (inventory) changes.push(...inventoryChanges(inventory, v));
        newProduct = !product;
        outcome = !inventory ? "created" : changes.length > 0 ? "changed" : "unchanged";
        if (!writtenProducts.has(v.productPuid) && (!product || productChanges(product, v).length > 0)) {
          writtenProducts.add(v.productPuid);
          result.products.push({
            puid: v.productPuid,
            slug: product?.slug ?? newSlugs.get(v.productPuid)!,
            line: v,
            zeroRated,
            isNew: !product,
          });
          if (product && zeroRated !== product.zeroRated) result.zeroRatedChanged.set(v.productPuid, zeroRated);
        }
        if (outcome !== "unchanged" || (product && zeroRated !== product.zeroRated))
          result.inventories.push({ line: v, zeroRated, existingId: inventory?.id });
      }
    }
    if (c.reasons.length > 0) outcome = "refused";
    counts[outcome] += 1;
    const line: ReportLine = { line: c.line, productPuid: c.productPuid, inventoryPuid: c.inventoryPuid, outcome };
    if (outcome === "created") line.newProduct = newProduct;
    if (outcome === "changed") line.changes = changes;
    if (outcome === "refused") line.reasons = c.reasons;
    hash.update(JSON.stringify(line));
    if (outcome !== "unchanged") listed.push(line);
  }
  const order: Record<LineOutcome, number> = { refused: 0, created: 1, changed: 2, unchanged: 3 };
  listed.sort((a, b) => order[a.outcome] - order[b.outcome] || a.line - b.line);
  result.report.lines = checked.length;
  result.report.newProducts = result.products.filter((p) => p.isNew).length;
  result.report.shown = listed.slice(0, REPORT_LINES_SHOWN);
  result.report.notShown = Math.max(0, listed.length - REPORT_LINES_SHOWN);
  result.report.fingerprint = hash.digest("hex");
  result.status = counts.refused > 0 || file.fileErrors.length > 0 ? "REFUSED" : "CHECKED";
  if (result.status === "REFUSED") {
    result.products = [];
    result.inventories = [];
  }
  return result;
}

/** The columns of a stored import the page shows: not its file (up to 30 MB), which only the confirmation reads. */
const viewColumns = {
  id: catalogueImports.id,
  fileName: catalogueImports.fileName,
  status: catalogueImports.status,
  report: catalogueImports.report,
  createdAt: catalogueImports.createdAt,
  appliedAt: catalogueImports.appliedAt,
};

/** A stored import as the page shows it. */
export interface CatalogueImportView {
  id: number;
  fileName: string;
  status: CatalogueImportStatus;
  report: ImportReport;
  createdAt: string;
  appliedAt: string | null;
}

/**
 * Dry run of an uploaded file, stored with its report. Nothing but the
 * `catalogue_imports` row is written; a REFUSED import does not keep its file (it can not be
 * confirmed: staff uploads a fixed one).
 * @returns the stored import (status CHECKED or REFUSED)
 */
export async function checkCatalogueFile(
  db: Database,
  staff: Pick<StaffUser, "id">,
  file: { name: string; text: string },
): Promise<CatalogueImportView> {
  const run = await dryRunCatalogue(db, file.text);
  const [row] = await db
    .insert(catalogueImports)
    .values({
      staffId: staff.id,
      fileName: file.name.slice(0, 200),
      csv: run.status === "REFUSED" ? "" : file.text,
      status: run.status,
      report: run.report,
    })
    .returning(viewColumns);
  return toView(row!);
}

/** A stored import, or null when there is none with this id. */
export async function readCatalogueImport(db: Database, id: number): Promise<CatalogueImportView | null> {
  const [row] = await db.select(viewColumns).from(catalogueImports).where(eq(catalogueImports.id, id));
  return row ? toView(row) : null;
}

/** The latest imports, newest first, without their reports' lines (the upload page lists them). */
export async function recentCatalogueImports(db: Database, limit = 10): Promise<Omit<CatalogueImportView, "report">[]> {
  const rows = await db
    .select({
      id: viewColumns.id,
      fileName: viewColumns.fileName,
      status: viewColumns.status,
      createdAt: viewColumns.createdAt,
      appliedAt: viewColumns.appliedAt,
    })
    .from(catalogueImports)
    .orderBy(desc(catalogueImports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), appliedAt: r.appliedAt?.toISOString() ?? null }));
}

/** What confirming an import did. */
export type ConfirmOutcome =
  | { kind: "applied"; import: CatalogueImportView }
  /** Already applied (a second click, a reload): nothing done again. */
  | { kind: "alreadyApplied"; import: CatalogueImportView }
  /** Its dry run refused it: it can not be applied. */
  | { kind: "refused"; import: CatalogueImportView }
  /** The database moved since the dry run: nothing applied; the new report is stored and returned. */
  | { kind: "stale"; import: CatalogueImportView }
  | { kind: "notFound" };

/**
 * Applies a checked import: one transaction, all or nothing; one import at a time.
 * @param staff the staff user confirming (the audit row's actor)
 * @param expectedFingerprint the fingerprint of the report the staff saw; when given and different
 *   from the stored one, the import is stale too
 * @returns what happened; `stale` when the dry run run again no longer gives the report confirmed
 * @throws database errors only (the transaction is rolled back)
 */
export async function confirmCatalogueImport(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  id: number,
  expectedFingerprint?: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  // Read outside the transaction: its queries run in parallel, which one transaction's connection can not.
  const reference = await getReferenceData(db);
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    // One import at a time, and never beside another bulk writer of the catalogue.
    await lockCatalogueWrites(tx);
    const [row] = await tx
      .select({ ...viewColumns, csv: catalogueImports.csv })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, id))
      .for("update");
    if (!row) return { kind: "notFound" };
    if (row.status === "APPLIED") return { kind: "alreadyApplied", import: toView(row) };
    if (row.status === "REFUSED") return { kind: "refused", import: toView(row) };
    const stored = row.report;
    const run = await dryRunCatalogue(tx, row.csv, reference);
    if (
      run.report.fingerprint !== stored.fingerprint ||
      (expectedFingerprint !== undefined && expectedFingerprint !== stored.fingerprint)
    ) {
      const [updated] = await tx
        .update(catalogueImports)
        .set({ status: run.status, report: run.report, ...(run.status === "REFUSED" ? { csv: "" } : {}) })
        .where(eq(catalogueImports.id, id))
        .returning(viewColumns);
      return { kind: "stale", import: toView(updated!) };
    }
    await applyDryRun(tx, run, reference);
    const [updated] = await tx
      .update(catalogueImports)
      .set({ status: "APPLIED", appliedAt: now })
      .where(eq(catalogueImports.id, id))
      .returning(viewColumns);
    const { created, changed, unchanged } = run.report.counts;
    await recordStaffChange(tx, {
      actor: staff,
      action: "catalogue.imported",
      entity: "catalogue_import",
      entityId: id,
      before: { status: row.status },
      after: {
        status: "APPLIED",
        fileName: row.fileName,
        lines: run.report.lines,
        created,
        changed,
        unchanged,
        newProducts: run.report.newProducts,
      },
      now,
    });
    return { kind: "applied", import: toView(updated!) };
  });
  if (outcome.kind === "applied") {
    clearDatabaseCaches(db);
    const { created, changed } = outcome.import.report.counts;
    // VACUUM cannot run inside a transaction: after the commit, before staff sees the result.
    if (created + changed >= VACUUM_AFTER_ROWS) {
      await db.execute(sql`vacuum (analyze) ${products}, ${productInventories}, ${productListing}`);
      await compactFacetCounts(db);
    }
  }
  return outcome;
}

/** A line's scalar wine facts (its grapes go to `product_grapes`): only those whose column the file has. */
function scalarFacts(line: ImportLine): Partial<Omit<WineFacts, "grapes">> {
  const { grapes: _grapes, ...facts } = line.facts;
  return facts;
}

/** The fact columns of `products` a dry run's file carries (an upsert refreshes only those). */
function factColumnsOf(run: DryRun): (keyof typeof wineFactColumns)[] {
  const present = new Set<string>();
  for (const p of run.products) for (const key of Object.keys(p.line.facts)) present.add(key);
  return WINE_FACT_FIELDS.filter((field) => present.has(field));
}

/** Orders a file's writes producer by producer, each producer's in the file's order. */
const byProducer = (a: { line: ImportLine }, b: { line: ImportLine }) => a.line.providerId - b.line.providerId;

/**
 * Orders a file's product inventory writes: the existing ones first, by id, the order in which
 * every stock change locks them (`lockInventories`), so that an import and a checkout never wait
 * on each other in a cycle; then the new ones, producer by producer.
 */
const inLockOrder = (a: InventoryWrite, b: InventoryWrite) =>
  (a.existingId ?? Number.MAX_SAFE_INTEGER) - (b.existingId ?? Number.MAX_SAFE_INTEGER) || byProducer(a, b);

/**
 * Writes a dry run's products and product inventories with multi-row upserts. New rows go producer
 * by producer: a producer's rows then sit side by side in the tables, and a text search reads few
 * of their pages (decision 022), however the file mixes its producers. Changed product inventories
 * go by id (see {@link inLockOrder}); their ids already follow the order their producers were
 * written in.
 */
async function applyDryRun(tx: Database, run: DryRun, reference: ReferenceData): Promise<void> {
  const productWrites = run.products.toSorted(byProducer);
  const inventoryWrites = run.inventories.toSorted(inLockOrder);
  const newProviderIds = [...new Set(run.products.filter((p) => p.isNew).map((p) => p.line.providerId))];
  const origins = await mainOrigins(tx, newProviderIds);
  const productIds = await writeProducts(
    tx,
    productWrites.map((p) => ({
      puid: p.puid,
      slug: p.slug,
      nameFr: p.line.nameFr,
      nameEn: p.line.nameEn,
      providerId: p.line.providerId,
      typeCode: p.line.typeCode,
      vintage: p.line.vintage,
      volumeMl: p.line.volumeMl,
      uvc: p.line.uvc,
      zeroRated: p.zeroRated,
      countryId: origins.get(p.line.providerId)?.countryId ?? null,
      regionId: origins.get(p.line.providerId)?.regionId ?? null,
      ...scalarFacts(p.line),
    })),
    {
      batchSize: BATCH,
      onExisting: ["nameFr", "nameEn", "providerId", "typeCode", "vintage", "volumeMl", "uvc", "zeroRated", ...factColumnsOf(run)],
    },
  );
  // The grapes of the products written whose file has the `grapes` column (decision 036).
  const grapeRows = productWrites.flatMap((p) =>
    p.line.facts.grapes ? [{ productId: productIds.get(p.puid)!, grapes: p.line.facts.grapes }] : [],
  );
  if (grapeRows.length > 0) await replaceProductGrapes(tx, grapeRows, new Map(reference.grapes.map((g) => [g.code, g.id])));
  const missing = [...new Set(run.inventories.map((i) => i.line.productPuid).filter((puid) => !productIds.has(puid)))];
  for (let i = 0; i < missing.length; i += LOOKUP_BATCH) {
    const rows = await tx
      .select({ id: products.id, puid: products.puid })
      .from(products)
      .where(inArray(products.puid, missing.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) productIds.set(r.puid, r.id);
  }
  await writeProductInventories(
    tx,
    inventoryWrites.map(({ line, zeroRated }) => ({
      productId: productIds.get(line.productPuid)!,
      inventoryCode: line.inventoryCode,
      puid: line.inventoryPuid,
      priceCents: line.priceCents,
      agencyFeeCents: line.agencyFeeCents,
      priceTaxInCents: priceTaxIn(line.priceCents, line.province, zeroRated),
      quantity: line.quantity,
      availabilityStatus: line.availabilityStatus,
    })),
    { batchSize: BATCH, onExisting: ["priceCents", "agencyFeeCents", "priceTaxInCents", "quantity", "availabilityStatus"] },
  );
  await retaxOtherInventories(tx, run, productIds, reference);
}

/**
 * Products whose zero-rated flag changed: their inventories the file does not name get their
 * tax-inclusive price recomputed, in multi-row `UPDATE … FROM (VALUES …)` statements.
 */
async function retaxOtherInventories(tx: Database, run: DryRun, productIds: Map<string, number>, reference: ReferenceData): Promise<void> {
  if (run.zeroRatedChanged.size === 0) return;
  const ids = [...run.zeroRatedChanged.keys()].map((puid) => productIds.get(puid)!);
  const named = new Set(run.inventories.map((i) => i.line.inventoryPuid));
  const { inventoryByCode } = reference;
  const prices: { id: number; cents: number }[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await tx
      .select({
        id: productInventories.id,
        puid: productInventories.puid,
        priceCents: productInventories.priceCents,
        inventoryCode: productInventories.inventoryCode,
        zeroRated: products.zeroRated,
      })
      .from(productInventories)
      .innerJoin(products, eq(products.id, productInventories.productId))
      .where(inArray(productInventories.productId, ids.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) {
      if (!named.has(r.puid))
        prices.push({ id: r.id, cents: priceTaxIn(r.priceCents, inventoryByCode.get(r.inventoryCode)!.province, r.zeroRated) });
    }
  }
  for (let i = 0; i < prices.length; i += BATCH) {
    const values = sql.join(
      prices.slice(i, i + BATCH).map((p) => sql`(${p.id}::integer, ${p.cents}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${productInventories} set ${sql.identifier(productInventories.priceTaxInCents.name)} = v.cents
      from (values ${values}) as v(id, cents)
      where ${productInventories.id} = v.id`);
  }
}

/** A producer's first origin (country, region), which a product it makes is given when created. */
async function mainOrigins(tx: Database, providerIds: number[]): Promise<Map<number, { countryId: number; regionId: number | null }>> {
  if (providerIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([providerOrigins.providerId], {
      providerId: providerOrigins.providerId,
      countryId: providerOrigins.countryId,
      regionId: providerOrigins.regionId,
    })
    .from(providerOrigins)
    .where(inArray(providerOrigins.providerId, providerIds))
    .orderBy(providerOrigins.providerId, providerOrigins.countryId, providerOrigins.regionId);
  return new Map(rows.map((r) => [r.providerId, { countryId: r.countryId, regionId: r.regionId }]));
}

/** The inventories, product types and the file's producers. */
async function lineReference(
  db: Database,
  reference: ReferenceData,
  producerSlugs: string[],
): Promise<{ lines: LineReference; producerNames: Map<number, string> }> {
  const slugs = [...new Set(producerSlugs.filter((s) => s !== ""))];
  const producerIds = new Map<string, number>();
  const producerNames = new Map<number, string>();
  for (let i = 0; i < slugs.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ id: providers.id, slug: providers.slug, name: providers.name })
      .from(providers)
      .where(inArray(providers.slug, slugs.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) {
      producerIds.set(r.slug, r.id);
      producerNames.set(r.id, r.name);
    }
  }
  const inventories = new Map<string, InventoryInfo>(reference.inventories.map((i) => [i.code, i]));
  return {
    lines: {
      inventories,
      typeCodes: reference.known.typeCodes,
      producerIds,
      zeroRatedTypes: ZERO_RATED_PRODUCT_TYPES,
      grapes: grapeLookup(reference.grapes),
    },
    producerNames,
  };
}

/** The file's products and product inventories as they are now, and which inventory codes its products already hold. */
async function loadExisting(db: Database, lines: ImportLine[]) {
  const productPuids = [...new Set(lines.map((l) => l.productPuid))];
  const inventoryPuids = lines.map((l) => l.inventoryPuid);
  const productsByPuid = new Map<string, ExistingProduct>();
  for (let i = 0; i < productPuids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({
        id: products.id,
        puid: products.puid,
        slug: products.slug,
        nameFr: products.nameFr,
        nameEn: products.nameEn,
        producerSlug: providers.slug,
        typeCode: products.typeCode,
        vintage: products.vintage,
        volumeMl: products.volumeMl,
        uvc: products.uvc,
        zeroRated: products.zeroRated,
        ...wineFactColumns,
      })
      .from(products)
      .innerJoin(providers, eq(providers.id, products.providerId))
      .where(inArray(products.puid, productPuids.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) {
      const { id, puid, slug, nameFr, nameEn, producerSlug, typeCode, vintage, volumeMl, uvc, zeroRated, ...facts } = r;
      productsByPuid.set(puid, {
        ...{ id, puid, slug, nameFr, nameEn, producerSlug, typeCode, vintage, volumeMl, uvc, zeroRated },
        facts: { ...facts, grapes: [] },
      });
    }
  }
  // Their grapes, when the file has the column (decision 036).
  if (lines.some((l) => l.facts.grapes !== undefined)) {
    const byId = new Map([...productsByPuid.values()].map((p) => [p.id, p]));
    const ids = [...byId.keys()];
    for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
      const rows = await db
        .select({ productId: productGrapes.productId, code: grapeVarieties.code, sharePercent: productGrapes.sharePercent })
        .from(productGrapes)
        .innerJoin(grapeVarieties, eq(grapeVarieties.id, productGrapes.grapeId))
        .where(inArray(productGrapes.productId, ids.slice(i, i + LOOKUP_BATCH)))
        .orderBy(productGrapes.productId, productGrapes.position, grapeVarieties.code);
      for (const r of rows) byId.get(r.productId)!.facts.grapes.push({ code: r.code, sharePercent: r.sharePercent });
    }
  }
  const inventoryColumns = {
    id: productInventories.id,
    puid: productInventories.puid,
    productId: productInventories.productId,
    inventoryCode: productInventories.inventoryCode,
    priceCents: productInventories.priceCents,
    agencyFeeCents: productInventories.agencyFeeCents,
    quantity: productInventories.quantity,
    availabilityStatus: productInventories.availabilityStatus,
  };
  const inventoriesByPuid = new Map<string, ExistingInventory>();
  for (let i = 0; i < inventoryPuids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select(inventoryColumns)
      .from(productInventories)
      .where(inArray(productInventories.puid, inventoryPuids.slice(i, i + LOOKUP_BATCH)));
    for (const { puid, ...inventory } of rows) inventoriesByPuid.set(puid, inventory);
  }
  // Inventory codes held by the existing products under another puid: `productId:code` → puid.
  const codeTaken = new Map<string, string>();
  const productIds = [...productsByPuid.values()].map((p) => p.id);
  for (let i = 0; i < productIds.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ puid: productInventories.puid, productId: productInventories.productId, inventoryCode: productInventories.inventoryCode })
      .from(productInventories)
      .where(inArray(productInventories.productId, productIds.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) codeTaken.set(`${r.productId}:${r.inventoryCode}`, r.puid);
  }
  return { products: productsByPuid, inventories: inventoriesByPuid, codeTaken };
}

/** Slugs among `slugs` already used by a product. */
async function existingSlugs(db: Database, slugs: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < slugs.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, slugs.slice(i, i + LOOKUP_BATCH)));
    for (const r of rows) taken.add(r.slug);
  }
  return taken;
}

/**
 * The product fields a line changes ({@link PRODUCT_FIELDS}; an empty `zero_rated` changes nothing),
 * then the wine facts whose column the file has (decision 036; grapes compared as their canonical
 * cell, `pinot-noir:85|gamay:15`).
 */
function productChanges(p: ExistingProduct, v: ImportLine): FieldChange[] {
  const changes: FieldChange[] = PRODUCT_FIELDS.filter(
    (field) => (field !== "zeroRated" || v.zeroRated !== null) && p[field] !== v[field],
  ).map((field) => ({ field, from: p[field], to: v[field] }));
  for (const field of Object.values(FACT_COLUMNS)) {
    if (v.facts[field] === undefined) continue;
    const from = factValue(p.facts, field);
    const to = factValue(v.facts, field);
    if (from !== to) changes.push({ field, from: from === "" ? null : from, to: to === "" ? null : to });
  }
  return changes;
}

/** The product inventory fields a line changes. */
function inventoryChanges(i: ExistingInventory, v: ImportLine): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: string, from: FieldChange["from"], to: FieldChange["to"]) => {
    if (from !== to) changes.push({ field, from, to });
  };
  compare("priceCents", i.priceCents, v.priceCents);
  compare("agencyFeeCents", i.agencyFeeCents, v.agencyFeeCents);
  compare("quantity", i.quantity, v.quantity);
  compare("availability", i.availabilityStatus, v.availabilityStatus);
  return changes;
}

function toView(row: Pick<typeof catalogueImports.$inferSelect, keyof typeof viewColumns>): CatalogueImportView {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    report: row.report,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}
