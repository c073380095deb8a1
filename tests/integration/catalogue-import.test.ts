/**
 * The catalogue import through its route `/agence/import`: the dry run counts and
 * writes nothing; the confirmation creates and changes rows in one go, with the tax-inclusive
 * price recomputed per province, an audit row and fresh counts on /products; a file with one bad
 * line is refused whole and names the line; a confirmation after the catalogue moved is a 409
 * with the new report; staff only (404 to a customer and a guest).
 */
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "~/db/import-report";
import { auditLog, catalogueImports, productInventories, products, providers } from "~/db/schema";
import { requestContext } from "~/http/request-context";
import { priceTaxIn } from "~/pricing/taxes";
import { action as importAction, loader as importLoader } from "~/routes/agence.import";
import { loader as productsLoader } from "~/routes/products";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let staffCookie: string;
let customerCookie: string;
let staffId: number;
/** A product inventory of the demo catalogue with its product and producer, as a file's line has them. */
type LineFields = Awaited<ReturnType<typeof inventoryLines>>[number];
/** An existing private-import product inventory of the demo catalogue, with its product and producer. */
let existing: LineFields;

/** The demo catalogue's non-zero-rated private-import product inventories, as lines, by id. */
function inventoryLines() {
  return testDb.db
    .select({
      id: productInventories.id,
      productPuid: products.puid,
      inventoryPuid: productInventories.puid,
      producer: providers.slug,
      providerId: providers.id,
      nameFr: products.nameFr,
      nameEn: products.nameEn,
      typeCode: products.typeCode,
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      priceCents: productInventories.priceCents,
      agencyFeeCents: productInventories.agencyFeeCents,
      quantity: productInventories.quantity,
      availability: productInventories.availabilityStatus,
    })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(and(eq(productInventories.inventoryCode, "IP"), eq(products.zeroRated, false)))
    .orderBy(productInventories.id);
}

const HEADER =
  "product_puid,inventory_puid,name_fr,name_en,producer,type,vintage,volume_ml,uvc,inventory,price,agency_fee,quantity,availability";

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  const { db } = testDb;
  await seedDemoAccounts(db, "development");
  const [qc, , staff] = await Promise.all(DEMO_ACCOUNTS.map((a) => verifyCredentials(db, a.email, a.password)));
  staffId = staff!.id;
  const session = async (id: number) => (await startUserSession(db, new Request("http://shop.test/"), id)).split(";")[0]!;
  staffCookie = await session(staff!.id);
  customerCookie = await session(qc!.id);
  const [row] = await inventoryLines().limit(1);
  existing = row!;
});
afterAll(async () => {
  await testDb?.close();
});

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A product inventory's line (by default the existing one's), with some cells changed. */
function existingLine(changes: { price?: string; quantity?: string } = {}, e: LineFields = existing): string {
  return [
    e.productPuid,
    e.inventoryPuid,
    `"${e.nameFr}"`,
    `"${e.nameEn}"`,
    e.producer,
    e.typeCode,
    e.vintage ?? "",
    e.volumeMl ?? "",
    e.uvc,
    "IP",
    changes.price ?? dollars(e.priceCents),
    dollars(e.agencyFeeCents),
    changes.quantity ?? e.quantity,
    e.availability,
  ].join(",");
}

let clients = 0;
type ActionOutcome = {
  status: number;
  location: string | null;
  data: {
    view: { id: number; status: string; report: ImportReport } | null;
    conflict: boolean;
    upload?: { error?: Record<string, string[]> };
  } | null;
};

/** Posts a form to the route's action as a client of its own, with a session cookie when given. */
async function post(body: FormData, cookie?: string, path = "/agence/import"): Promise<ActionOutcome> {
  const args = (await routeArgs(testDb.db, path, { init: { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} } })) as {
    context: { set(k: unknown, v: unknown): void };
  };
  args.context.set(requestContext, { nonce: "", clientAddress: `203.0.113.${++clients}` });
  try {
    const result = (await importAction(args as never)) as unknown as { data: ActionOutcome["data"]; init?: { status?: number } };
    return { status: result.init?.status ?? 200, location: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const response = thrown as { type?: string; init?: { status?: number } };
    if (response?.type === "DataWithResponseInit") return { status: response.init?.status ?? 500, location: null, data: null };
    throw thrown;
  }
}

function uploadForm(csv: string, name = "catalogue.csv"): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([csv], name, { type: "text/csv" }));
  return form;
}

function confirmForm(id: number, fingerprint: string): FormData {
  const form = new FormData();
  form.set("intent", "confirm");
  form.set("importId", String(id));
  form.set("fingerprint", fingerprint);
  return form;
}

/** Uploads a file as staff and reads the report page it lands on. */
async function upload(csv: string) {
  const result = await post(uploadForm(csv), staffCookie);
  expect(result.status).toBe(303);
  expect(result.location).toMatch(/^\/agence\/import\?id=\d+$/);
  const page = (await importLoader(await routeArgs(testDb.db, result.location!, { init: { headers: { Cookie: staffCookie } } }))) as {
    view: { id: number; status: string; report: ImportReport };
  };
  // The page reads the report, never the stored file (up to 30 MB).
  expect(page.view).not.toHaveProperty("csv");
  return page.view;
}

async function productCount(): Promise<number> {
  return (await testDb.db.select({ id: products.id }).from(products)).length;
}

describe("a valid file", () => {
  const puid = "IMPTEST01";
  const csv = [
    HEADER,
    `${puid},${puid}-IP,Zorblanc d’essai,Zorblanc test,${"PRODUCER"},VIN,2022,750,12,IP,"24,95",5.00,24,AVAILABLE`,
    `${puid},${puid}-PI,Zorblanc d’essai,Zorblanc test,${"PRODUCER"},VIN,2022,750,12,PI,24.95,5,12,UPCOMING`,
    "EXISTING_CHANGED",
  ];

  it("dry run: counts each outcome and writes nothing but the import", async () => {
    const file = csv
      .map((l) =>
        l
          .replaceAll("PRODUCER", existing.producer)
          .replace(
            "EXISTING_CHANGED",
            existingLine({ price: dollars(existing.priceCents + 100), quantity: String(existing.quantity + existing.uvc) }),
          ),
      )
      .join("\n");
    const before = await productCount();
    const view = await upload(file);
    expect(view.status).toBe("CHECKED");
    expect(view.report.counts).toEqual({ created: 2, changed: 1, unchanged: 0, refused: 0 });
    expect(view.report.newProducts).toBe(1);
    const changed = view.report.shown.find((l) => l.outcome === "changed")!;
    expect(changed.line).toBe(4);
    expect(changed.changes).toEqual([
      { field: "priceCents", from: existing.priceCents, to: existing.priceCents + 100 },
      { field: "quantity", from: existing.quantity, to: existing.quantity + existing.uvc },
    ]);
    expect(await productCount()).toBe(before);
    const [inventory] = await testDb.db.select().from(productInventories).where(eq(productInventories.puid, existing.inventoryPuid));
    expect(inventory!.priceCents).toBe(existing.priceCents);
  });

  it("confirm: creates and changes the rows, taxes each province, writes one audit row, and /products shows the product", async () => {
    const { db } = testDb;
    const [stored] = await db.select().from(catalogueImports).where(eq(catalogueImports.status, "CHECKED"));
    const report = stored!.report;
    // Counted before the import: the cached facet counts must not hide the new product afterwards.
    const listBefore = (await productsLoader(await routeArgs(db, "/products?t=zorblanc"))) as { pagination: { total: number } };
    expect(listBefore.pagination.total).toBe(0);

    const result = await post(confirmForm(stored!.id, report.fingerprint), staffCookie, `/agence/import?id=${stored!.id}`);
    expect(result).toMatchObject({ status: 303, location: `/agence/import?id=${stored!.id}` });

    const [product] = await db.select().from(products).where(eq(products.puid, puid));
    expect(product).toMatchObject({
      nameFr: "Zorblanc d’essai",
      nameEn: "Zorblanc test",
      vintage: 2022,
      volumeMl: 750,
      uvc: 12,
      typeCode: "VIN",
      zeroRated: false,
    });
    expect(product!.slug).toMatch(/-zorblanc-d-essai-2022-imptest01$/);
    const rows = await db
      .select()
      .from(productInventories)
      .where(eq(productInventories.productId, product!.id))
      .orderBy(productInventories.puid);
    // QC: 2495 + GST 124.75 → 125 + QST 248.88 → 249 = 2869; ON: 2495 + HST 324.35 → 324 = 2819.
    expect(rows.map((r) => [r.puid, r.priceCents, r.agencyFeeCents, r.priceTaxInCents, r.quantity, r.availabilityStatus])).toEqual([
      [`${puid}-IP`, 2495, 500, 2869, 24, "AVAILABLE"],
      [`${puid}-PI`, 2495, 500, 2819, 12, "UPCOMING"],
    ]);
    const [changed] = await db.select().from(productInventories).where(eq(productInventories.puid, existing.inventoryPuid));
    expect(changed).toMatchObject({ priceCents: existing.priceCents + 100, quantity: existing.quantity + existing.uvc });
    expect(changed!.priceTaxInCents).toBe(priceTaxIn(existing.priceCents + 100, "QC", false));

    const [view] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, stored!.id));
    expect(view!.status).toBe("APPLIED");
    expect(view!.appliedAt).toBeInstanceOf(Date);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "catalogue_import"), eq(auditLog.entityId, String(stored!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staffId,
      action: "catalogue.imported",
      after: { status: "APPLIED", created: 2, changed: 1, unchanged: 0, newProducts: 1 },
    });

    const list = (await productsLoader(await routeArgs(db, "/products?t=zorblanc"))) as {
      items: { puid: string; channels: { inventoryCode: string }[] }[];
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(1);
    expect(list.items.flatMap((i) => i.channels.map((c) => c.inventoryCode))).toEqual(["IP"]);

    // A second confirmation (a reload, a double click) changes nothing.
    expect(await post(confirmForm(stored!.id, report.fingerprint), staffCookie)).toMatchObject({ status: 303 });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(stored!.id))),
    ).toHaveLength(1);
  });

  it("the same file again: every line is unchanged", async () => {
    const view = await upload(
      [HEADER, existingLine({ price: dollars(existing.priceCents + 100), quantity: String(existing.quantity + existing.uvc) })].join("\n"),
    );
    expect(view.report.counts).toEqual({ created: 0, changed: 0, unchanged: 1, refused: 0 });
    expect(view.report.shown).toEqual([]);
  });
});

describe("a file that mixes its producers", () => {
  it("writes its products and product inventories producer by producer, each in the file's order", async () => {
    const { db } = testDb;
    const producers = await db.select({ id: providers.id, slug: providers.slug }).from(providers).orderBy(asc(providers.id)).limit(2);
    const [first, second] = producers;
    // The later producer first, then the two in turn.
    const line = (producer: { slug: string }, n: number) =>
      `IMPMIX${n},IMPMIX${n}-IP,Mêlé ${n},Mixed ${n},${producer.slug},VIN,2021,750,12,IP,20,4,12,AVAILABLE`;
    const view = await upload([HEADER, line(second!, 1), line(first!, 2), line(second!, 3), line(first!, 4)].join("\n"));
    expect(view.report.counts.created).toBe(4);
    expect(await post(confirmForm(view.id, view.report.fingerprint), staffCookie)).toMatchObject({ status: 303 });
    // Ids follow the order of writing.
    const written = async (table: typeof products | typeof productInventories) =>
      (await db.select({ puid: table.puid }).from(table).where(like(table.puid, "IMPMIX%")).orderBy(asc(table.id))).map((r) => r.puid);
    expect(await written(products)).toEqual(["IMPMIX2", "IMPMIX4", "IMPMIX1", "IMPMIX3"]);
    expect(await written(productInventories)).toEqual(["IMPMIX2-IP", "IMPMIX4-IP", "IMPMIX1-IP", "IMPMIX3-IP"]);
  });

  it("changes existing product inventories by id, the order every stock change locks them in, whatever their producers", async () => {
    const { db } = testDb;
    // Two product inventories whose ids run against their producers' order.
    const lines = (await inventoryLines()).filter((l) => l.inventoryPuid !== existing.inventoryPuid);
    const pairs = lines.flatMap((lower) =>
      lines.filter((l) => l.id > lower.id && l.providerId < lower.providerId).map((higher) => ({ lower, higher })),
    );
    expect(pairs.length).toBeGreaterThan(0);
    const { lower, higher } = pairs[0]!;
    // The order in which the import changes them, as the database sees it.
    await db.execute(sql`create table import_update_order (n serial, id integer)`);
    await db.execute(
      sql`create function record_import_update() returns trigger language plpgsql as $$ begin insert into import_update_order (id) values (new.id); return new; end $$`,
    );
    await db.execute(
      sql`create trigger record_import_update before update on product_inventories for each row execute function record_import_update()`,
    );
    try {
      const more = (e: LineFields) => existingLine({ quantity: String(e.quantity + e.uvc) }, e);
      // The file names the higher id first, and its producer comes first too.
      const view = await upload([HEADER, more(higher), more(lower)].join("\n"));
      expect(view.report.counts.changed).toBe(2);
      expect(await post(confirmForm(view.id, view.report.fingerprint), staffCookie)).toMatchObject({ status: 303 });
      const recorded = (await db.execute(sql`select id from import_update_order order by n`)) as { rows: { id: number }[] };
      expect(recorded.rows.map((r) => r.id)).toEqual([lower.id, higher.id]);
    } finally {
      await db.execute(sql`drop trigger record_import_update on product_inventories`);
      await db.execute(sql`drop function record_import_update()`);
      await db.execute(sql`drop table import_update_order`);
    }
  });
});

describe("a file with one bad line", () => {
  it("is refused whole, names the line and its reason, imports nothing, and can not be confirmed", async () => {
    const before = await productCount();
    const csv = [
      HEADER,
      `IMPTEST02,IMPTEST02-IP,Bon,Good,${existing.producer},VIN,,750,12,IP,20,4,12,AVAILABLE`,
      `IMPTEST03,IMPTEST03-IP,Mauvais,Bad,${existing.producer},VIN,,750,12,IP,"24,999",4,12,AVAILABLE`,
    ].join("\r\n");
    const view = await upload(csv);
    expect(view.status).toBe("REFUSED");
    expect(view.report.counts).toMatchObject({ created: 1, refused: 1 });
    expect(view.report.shown[0]).toEqual({
      line: 3,
      productPuid: "IMPTEST03",
      inventoryPuid: "IMPTEST03-IP",
      outcome: "refused",
      reasons: [{ key: "moneyDecimals", params: { column: "price", value: "24,999" } }],
    });
    const [stored] = await testDb.db.select({ csv: catalogueImports.csv }).from(catalogueImports).where(eq(catalogueImports.id, view.id));
    expect(stored!.csv).toBe("");
    const result = await post(confirmForm(view.id, view.report.fingerprint), staffCookie);
    expect(result.status).toBe(409);
    expect(result.data?.view?.status).toBe("REFUSED");
    expect(await productCount()).toBe(before);
    expect(await testDb.db.select().from(products).where(eq(products.puid, "IMPTEST02"))).toEqual([]);
  });

  it("refuses an unknown producer and a file without a needed column", async () => {
    const view = await upload([HEADER, `IMPTEST04,IMPTEST04-IP,A,A,nobody-at-all,VIN,,750,12,IP,20,4,12,AVAILABLE`].join("\n"));
    expect(view.report.shown[0]?.reasons).toEqual([{ key: "unknownProducer", params: { column: "producer", value: "nobody-at-all" } }]);
    const noColumn = await upload(`${HEADER.replace(",availability", "")}\nX,X-IP,A,A,b,VIN,,750,12,IP,20,4,12\n`);
    expect(noColumn.status).toBe("REFUSED");
    expect(noColumn.report.fileErrors).toEqual([{ key: "missingColumn", params: { column: "availability" } }]);
  });
});

describe("a stale confirmation", () => {
  it("answers 409 with the new report when the catalogue moved since the dry run, and applies nothing", async () => {
    const { db } = testDb;
    const [now] = await db.select().from(productInventories).where(eq(productInventories.puid, existing.inventoryPuid));
    const view = await upload(
      [HEADER, existingLine({ price: dollars(now!.priceCents + 500), quantity: String(now!.quantity) })].join("\n"),
    );
    expect(view.report.counts.changed).toBe(1);
    // Meanwhile a sale takes a case.
    await db
      .update(productInventories)
      .set({ quantity: now!.quantity - existing.uvc })
      .where(eq(productInventories.id, now!.id));

    const result = await post(confirmForm(view.id, view.report.fingerprint), staffCookie);
    expect(result.status).toBe(409);
    expect(result.data?.conflict).toBe(true);
    expect(result.data?.view?.report.shown[0]?.changes).toEqual([
      { field: "priceCents", from: now!.priceCents, to: now!.priceCents + 500 },
      { field: "quantity", from: now!.quantity - existing.uvc, to: now!.quantity },
    ]);
    const [after] = await db.select().from(productInventories).where(eq(productInventories.id, now!.id));
    expect(after!.priceCents).toBe(now!.priceCents);
    // The new report is stored: confirming it now applies it.
    const fresh = result.data!.view!.report.fingerprint;
    expect(fresh).not.toBe(view.report.fingerprint);
    expect(await post(confirmForm(view.id, fresh), staffCookie)).toMatchObject({ status: 303 });
    const [applied] = await db.select().from(productInventories).where(eq(productInventories.id, now!.id));
    expect(applied).toMatchObject({ priceCents: now!.priceCents + 500, quantity: now!.quantity });
  });

  it("refuses a confirmation of a report older than the stored one", async () => {
    const view = await upload([HEADER, existingLine({ quantity: "0" })].join("\n"));
    const result = await post(confirmForm(view.id, "0".repeat(64)), staffCookie);
    expect(result.status).toBe(409);
    expect(result.data?.conflict).toBe(true);
  });
});

describe("the documented sample and the zero-rated flag", () => {
  it("accepts docs/catalogue-import-sample.csv as it is", async () => {
    const { readFileSync } = await import("node:fs");
    const view = await upload(readFileSync(new URL("../../docs/catalogue-import-sample.csv", import.meta.url), "utf8"));
    expect(view.report.fileErrors).toEqual([]);
    expect(view.report.shown.filter((l) => l.outcome === "refused")).toEqual([]);
    expect(view.status).toBe("CHECKED");
    expect(view.report.counts.created).toBe(4);
    expect(view.report.newProducts).toBe(3);
  });

  it("re-taxes a product's other inventories when its zero-rated flag changes", async () => {
    const { db } = testDb;
    // A taxed FOODS product sold in two shops or more.
    const foods = await db
      .select({ productId: products.id, puid: products.puid })
      .from(products)
      .innerJoin(productInventories, eq(productInventories.productId, products.id))
      .where(and(eq(products.typeCode, "FOODS"), eq(products.zeroRated, false)));
    const counts = new Map<string, number>();
    for (const f of foods) counts.set(f.puid, (counts.get(f.puid) ?? 0) + 1);
    const puid = [...counts].find(([, n]) => n >= 2)?.[0];
    expect(puid).toBeDefined();
    const [row] = await db
      .select({ product: products, inventory: productInventories, producer: providers.slug })
      .from(products)
      .innerJoin(productInventories, eq(productInventories.productId, products.id))
      .innerJoin(providers, eq(providers.id, products.providerId))
      .where(eq(products.puid, puid!))
      .orderBy(productInventories.id)
      .limit(1);
    const p = row!.product;
    const i = row!.inventory;
    const csv = `${HEADER},zero_rated\n${[p.puid, i.puid, `"${p.nameFr}"`, `"${p.nameEn}"`, row!.producer, "FOODS", p.vintage ?? "", p.volumeMl ?? "", p.uvc, i.inventoryCode, dollars(i.priceCents), dollars(i.agencyFeeCents), i.quantity, i.availabilityStatus, "true"].join(",")}\n`;
    const view = await upload(csv);
    expect(view.report.shown[0]?.changes).toEqual([{ field: "zeroRated", from: false, to: true }]);
    expect(await post(confirmForm(view.id, view.report.fingerprint), staffCookie)).toMatchObject({ status: 303 });
    const after = await db.select().from(productInventories).where(eq(productInventories.productId, p.id));
    expect(after.length).toBeGreaterThanOrEqual(2);
    // Zero-rated: the tax-inclusive price is the price, on the line of the file and on the others.
    for (const r of after) expect(r.priceTaxInCents).toBe(r.priceCents);
  });
});

describe("the form", () => {
  it("asks for a file (400, nothing stored)", async () => {
    const imports = (await testDb.db.select().from(catalogueImports)).length;
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File([], ""));
    const result = await post(form, staffCookie);
    expect(result.status).toBe(400);
    expect(result.data?.upload?.error?.file).toEqual(["catalogueImport.errors.fileRequired"]);
    expect(await testDb.db.select().from(catalogueImports)).toHaveLength(imports);
  });

  it("answers 404 for an unknown or malformed import id", async () => {
    const load = async (path: string) =>
      thrownResponse(async () => importLoader(await routeArgs(testDb.db, path, { init: { headers: { Cookie: staffCookie } } })));
    expect((await load("/agence/import?id=999999")).status).toBe(404);
    expect((await load("/agence/import?id=abc")).status).toBe(404);
    expect((await load("/agence/import?id=2147483648")).status).toBe(404);
  });

  it("refuses a confirmation naming an id beyond the table's integers (400, not a database error)", async () => {
    const result = await post(confirmForm(2_147_483_648, "0".repeat(64)), staffCookie);
    expect(result.status).toBe(400);
  });
});

describe("new products whose slugs would be the same", () => {
  it("refuses the later puid with slugTaken in the dry run, so the confirmation never meets the unique slug", async () => {
    const line = (puid: string) => `${puid},${puid}-IP,Jumeau d’essai,Twin test,${existing.producer},VIN,2021,750,12,IP,20,4,12,AVAILABLE`;
    const view = await upload([HEADER, line("IMPSLUG.1"), line("IMPSLUG_1"), line("impslug2"), line("IMPSLUG2")].join("\n"));
    expect(view.status).toBe("REFUSED");
    expect(view.report.counts).toEqual({ created: 2, changed: 0, unchanged: 0, refused: 2 });
    const refused = view.report.shown.filter((l) => l.outcome === "refused");
    expect(refused.map((l) => [l.line, l.productPuid, l.reasons?.[0]?.key])).toEqual([
      [3, "IMPSLUG_1", "slugTaken"],
      [5, "IMPSLUG2", "slugTaken"],
    ]);
    expect(refused[0]!.reasons![0]!.params?.slug).toMatch(/-jumeau-d-essai-2021-impslug-1$/);
    expect(await testDb.db.select().from(products).where(like(products.puid, "IMPSLUG%"))).toEqual([]);
  });
});

describe("all or nothing", () => {
  it("writes nothing when the apply fails on a line after the first 1,000", async () => {
    const { db } = testDb;
    const lines = Array.from({ length: 1200 }, (_, n) => {
      const puid = `IMPBULK${String(n + 1).padStart(4, "0")}`;
      return `${puid},${puid}-IP,Lot ${n + 1},Batch ${n + 1},${existing.producer},VIN,2020,750,12,IP,20,4,12,AVAILABLE`;
    });
    const view = await upload([HEADER, ...lines].join("\n"));
    expect(view.status).toBe("CHECKED");
    expect(view.report.counts.created).toBe(1200);
    // The database refuses one product inventory of the second batch of 1,000.
    await db.execute(
      sql`create function refuse_import_test() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    );
    await db.execute(
      sql`create trigger refuse_import_test before insert on product_inventories for each row when (new.puid = 'IMPBULK1100-IP') execute function refuse_import_test()`,
    );
    try {
      await expect(post(confirmForm(view.id, view.report.fingerprint), staffCookie)).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_import_test on product_inventories`);
      await db.execute(sql`drop function refuse_import_test()`);
    }
    expect(await db.select().from(products).where(like(products.puid, "IMPBULK%"))).toEqual([]);
    expect(await db.select().from(productInventories).where(like(productInventories.puid, "IMPBULK%"))).toEqual([]);
    const [stored] = await db.select({ status: catalogueImports.status }).from(catalogueImports).where(eq(catalogueImports.id, view.id));
    expect(stored!.status).toBe("CHECKED");
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(view.id))),
    ).toEqual([]);
  });

  it("vacuums and analyses the catalogue's tables once a large file is applied (1,000 rows or more), the facet counts rewritten compactly", async () => {
    const { db } = testDb;
    // The oldest of the tables' last vacuum or analyse: it moves only when every table was vacuumed.
    const lastVacuum = async () => {
      const [row] = await db
        .select({ at: sql<string | null>`min(coalesce(greatest(last_vacuum, last_analyze), '-infinity'))::text` })
        .from(sql`pg_stat_user_tables`)
        .where(sql`relname in ('product_inventories', 'products', 'product_listing', 'product_facet_counts')`);
      return row?.at ?? null;
    };
    const before = await lastVacuum();
    const facetCountsFile = async () =>
      (await db.select({ file: sql<string>`pg_relation_filenode('product_facet_counts')::text` }).from(sql`(select 1) as one`))[0]?.file;
    const countsFileBefore = await facetCountsFile();
    const lines = Array.from({ length: 1000 }, (_, n) => {
      const puid = `IMPVAC${String(n + 1).padStart(4, "0")}`;
      return `${puid},${puid}-IP,Vac ${n + 1},Vac ${n + 1},${existing.producer},VIN,2020,750,12,IP,20,4,12,AVAILABLE`;
    });
    const view = await upload([HEADER, ...lines].join("\n"));
    expect(await post(confirmForm(view.id, view.report.fingerprint), staffCookie)).toMatchObject({ status: 303 });
    expect(await lastVacuum()).not.toBe(before);
    expect(await lastVacuum()).not.toBe("-infinity");
    // The facet counts, rewritten by each of the import's statements, were rewritten compactly (a new file).
    expect(await facetCountsFile()).not.toBe(countsFileBefore);
  });
});

describe("staff only", () => {
  it("answers 404 to a customer and to a guest, for the page and the forms", async () => {
    for (const cookie of [customerCookie, undefined]) {
      const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
      expect((await thrownResponse(async () => importLoader(await routeArgs(testDb.db, "/agence/import", { init })))).status).toBe(404);
      const result = await post(uploadForm(`${HEADER}\n`), cookie);
      expect(result.status).toBe(404);
    }
  });
});
