/**
 * Wine facts (decision 036): `saveWineFacts` writes a product's facts and grapes in one go and
 * refuses an unknown grape; the catalogue import's fact columns count each line as created,
 * changed, unchanged or refused and an absent column changes nothing; the grape facet of the
 * product list counts and filters, and the text search finds a wine by its grape's name, accents
 * ignored.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDatabaseCaches } from "~/cache.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { formatGrapeList, NO_WINE_FACTS, type WineFacts } from "~/catalogue/wine-facts";
import { readWineFacts, saveWineFacts } from "~/catalogue/wine-facts.server";
import { checkCatalogueFile, confirmCatalogueImport } from "~/catalogue-import/catalogue-import.server";
import { REQUIRED_COLUMNS } from "~/catalogue-import/import-format";
import { productGrapes, productInventories, products, providers, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let staff: { id: number; email: string };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  const [row] = await testDb.db
    .insert(users)
    .values({
      role: "staff",
      province: "QC",
      locale: "fr-CA",
      firstName: "Test",
      lastName: "Staff",
      email: "wine-facts-staff@test.invalid",
      passwordHash: "none",
    })
    .returning({ id: users.id, email: users.email });
  staff = row!;
});
afterAll(() => testDb?.close());

/** A demo product of a type, with its id, puid and first product inventory's line fields. */
async function demoProduct(typeCode: string, offset = 0) {
  const [row] = await testDb.db
    .select({
      id: products.id,
      puid: products.puid,
      nameFr: products.nameFr,
      nameEn: products.nameEn,
      producer: providers.slug,
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      inventoryPuid: productInventories.puid,
      inventoryCode: productInventories.inventoryCode,
      priceCents: productInventories.priceCents,
      agencyFeeCents: productInventories.agencyFeeCents,
      quantity: productInventories.quantity,
      availability: productInventories.availabilityStatus,
    })
    .from(products)
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(productInventories, eq(productInventories.productId, products.id))
    .where(and(eq(products.typeCode, typeCode), eq(productInventories.inventoryCode, "IP")))
    .orderBy(products.id)
    .limit(1)
    .offset(offset);
  return row!;
}

describe("saveWineFacts", () => {
  it("writes every fact and the grapes in the label's order, and reads them back named in each language", async () => {
    const product = await demoProduct("VIN", 3);
    const facts: WineFacts = {
      grapes: [
        { code: "syrah", sharePercent: 60 },
        { code: "grenache", sharePercent: 30 },
        { code: "mourvedre", sharePercent: null },
      ],
      alcoholPercent: 14.5,
      residualSugarGramsPerLitre: 2.4,
      appellation: "Côtes du Rhône",
      designation: "AOP",
      tastingNotesFr: "Garrigue et fruits noirs.",
      tastingNotesEn: "Garrigue and dark fruit.",
      foodPairingsFr: "Agneau.",
      foodPairingsEn: "Lamb.",
      servingTemperatureMinC: 15,
      servingTemperatureMaxC: 17,
      ageingPotentialYears: 8,
      saqCode: "12345678",
      lcboCode: null,
    };
    expect(await saveWineFacts(testDb.db, product.id, facts)).toEqual({ ok: true });
    const fr = await readWineFacts(testDb.db, product.id, "fr-CA");
    expect(fr?.facts).toEqual(facts);
    expect(fr?.grapes.map((g) => g.name)).toEqual(["Syrah", "Grenache", "Mourvèdre"]);
    const en = await readWineFacts(testDb.db, product.id, "en-US");
    expect(en?.grapes.map((g) => g.name)).toEqual(["Syrah (Shiraz)", "Grenache (Garnacha)", "Mourvèdre (Monastrell)"]);

    // Saving again replaces: fewer grapes, facts cleared.
    expect(await saveWineFacts(testDb.db, product.id, { ...NO_WINE_FACTS, grapes: [{ code: "syrah", sharePercent: 100 }] })).toEqual({
      ok: true,
    });
    expect((await readWineFacts(testDb.db, product.id, "fr-CA"))?.facts).toEqual({
      ...NO_WINE_FACTS,
      grapes: [{ code: "syrah", sharePercent: 100 }],
    });
  });

  it("refuses a grape missing from the reference list and writes nothing", async () => {
    const product = await demoProduct("VIN", 4);
    const before = await readWineFacts(testDb.db, product.id, "fr-CA");
    const result = await saveWineFacts(testDb.db, product.id, {
      ...NO_WINE_FACTS,
      alcoholPercent: 9,
      grapes: [
        { code: "pinot-noir", sharePercent: 50 },
        { code: "cepage-imaginaire", sharePercent: 50 },
      ],
    });
    expect(result).toEqual({ ok: false, unknownGrapes: ["cepage-imaginaire"] });
    expect(await readWineFacts(testDb.db, product.id, "fr-CA")).toEqual(before);
  });

  it("answers null for a product that does not exist", async () => {
    expect(await readWineFacts(testDb.db, 2_000_000_000, "fr-CA")).toBeNull();
  });
});

describe("the catalogue import's fact columns", () => {
  const FACT_HEADER = ["grapes", "alcohol_percent", "appellation", "serving_temp_min_c", "serving_temp_max_c", "saq_code"];
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  type Line = Awaited<ReturnType<typeof demoProduct>>;
  const cells = (p: Line, facts: string[]) =>
    [
      p.puid,
      p.inventoryPuid,
      `"${p.nameFr}"`,
      `"${p.nameEn}"`,
      p.producer,
      "VIN",
      p.vintage ?? "",
      p.volumeMl ?? "",
      p.uvc,
      "IP",
      dollars(p.priceCents),
      dollars(p.agencyFeeCents),
      p.quantity,
      p.availability,
      ...facts.map((f) => `"${f}"`),
    ].join(",");
  const file = (lines: string[], header = [...REQUIRED_COLUMNS, ...FACT_HEADER]) => `${header.join(",")}\n${lines.join("\n")}\n`;

  it("counts created, changed, unchanged and refused lines, refuses with the column named, then applies the facts", async () => {
    const changed = await demoProduct("VIN", 10);
    const unchanged = await demoProduct("VIN", 11);
    const refused = await demoProduct("VIN", 12);
    const current = (await readWineFacts(testDb.db, unchanged.id, "fr-CA"))!.facts;
    const unchangedFacts = [
      formatGrapeList(current.grapes),
      current.alcoholPercent === null ? "" : String(current.alcoholPercent),
      current.appellation ?? "",
      String(current.servingTemperatureMinC ?? ""),
      String(current.servingTemperatureMaxC ?? ""),
      current.saqCode ?? "",
    ];
    const newLine = [
      "WF000001",
      "WF000001-IP",
      "Cuvée des faits",
      "Facts cuvée",
      changed.producer,
      "VIN",
      2023,
      750,
      12,
      "IP",
      "30.00",
      "6.00",
      24,
      "AVAILABLE",
      '"Pinot Noir:85|gamay:15"',
      `"12,5"`,
      "Bourgogne",
      14,
      16,
      "",
    ].join(",");
    const good = [
      cells(changed, ["gamay:80|pinot-noir:20", "12.5", "Appellation d’essai", "13", "15", "99887766"]),
      cells(unchanged, unchangedFacts),
      newLine,
    ];
    const bad = cells(refused, ["Gamay:60|Cépage imaginaire:50", "101", "", "18", "12", "SAQ-1"]);

    const dryRun = await checkCatalogueFile(testDb.db, staff, { name: "facts.csv", text: file([...good, bad]) });
    expect(dryRun.status).toBe("REFUSED");
    expect(dryRun.report.counts).toEqual({ created: 1, changed: 1, unchanged: 1, refused: 1 });
    const refusedLine = dryRun.report.shown.find((l) => l.outcome === "refused")!;
    expect(refusedLine.reasons!.map((r) => `${r.key}:${String(r.params?.column)}`)).toEqual([
      "grapeUnknown:grapes",
      "decimal:alcohol_percent",
      "temperatureOrder:serving_temp_max_c",
      "boardCode:saq_code",
    ]);
    const changedLine = dryRun.report.shown.find((l) => l.outcome === "changed")!;
    expect(changedLine.changes!.map((c) => c.field)).toEqual(
      expect.arrayContaining(["grapes", "alcoholPercent", "appellation", "servingTemperatureMinC", "saqCode"]),
    );
    expect(changedLine.changes!.find((c) => c.field === "grapes")).toMatchObject({ to: "gamay:80|pinot-noir:20" });

    const checked = await checkCatalogueFile(testDb.db, staff, { name: "facts.csv", text: file(good) });
    expect(checked.status).toBe("CHECKED");
    expect(checked.report.counts).toEqual({ created: 1, changed: 1, unchanged: 1, refused: 0 });
    expect((await confirmCatalogueImport(testDb.db, staff, checked.id)).kind).toBe("applied");

    expect((await readWineFacts(testDb.db, changed.id, "fr-CA"))?.facts).toMatchObject({
      grapes: [
        { code: "gamay", sharePercent: 80 },
        { code: "pinot-noir", sharePercent: 20 },
      ],
      alcoholPercent: 12.5,
      appellation: "Appellation d’essai",
      servingTemperatureMinC: 13,
      servingTemperatureMaxC: 15,
      saqCode: "99887766",
    });
    expect((await readWineFacts(testDb.db, unchanged.id, "fr-CA"))?.facts).toEqual(current);
    const [created] = await testDb.db.select({ id: products.id }).from(products).where(eq(products.puid, "WF000001"));
    expect((await readWineFacts(testDb.db, created!.id, "en-US"))?.facts).toMatchObject({
      grapes: [
        { code: "pinot-noir", sharePercent: 85 },
        { code: "gamay", sharePercent: 15 },
      ],
      alcoholPercent: 12.5,
      appellation: "Bourgogne",
      saqCode: null,
    });

    // The same file again: every line unchanged.
    const again = await checkCatalogueFile(testDb.db, staff, { name: "facts.csv", text: file(good) });
    expect(again.report.counts).toEqual({ created: 0, changed: 0, unchanged: 3, refused: 0 });
  });

  it("changes no fact when the file has no fact column, and clears a fact whose cell is empty", async () => {
    const product = await demoProduct("VIN", 20);
    const before = (await readWineFacts(testDb.db, product.id, "fr-CA"))!.facts;
    expect(before.grapes.length).toBeGreaterThan(0);
    const repriced = { ...product, priceCents: product.priceCents + 100 };
    const withoutFacts = await checkCatalogueFile(testDb.db, staff, {
      name: "no-facts.csv",
      text: file([cells(repriced, [])], [...REQUIRED_COLUMNS]),
    });
    expect(withoutFacts.report.counts).toEqual({ created: 0, changed: 1, unchanged: 0, refused: 0 });
    expect((await confirmCatalogueImport(testDb.db, staff, withoutFacts.id)).kind).toBe("applied");
    expect((await readWineFacts(testDb.db, product.id, "fr-CA"))?.facts).toEqual(before);

    const cleared = await checkCatalogueFile(testDb.db, staff, {
      name: "clear.csv",
      text: file([cells(repriced, ["", ""])], [...REQUIRED_COLUMNS, "grapes", "alcohol_percent"]),
    });
    expect(cleared.report.counts.changed).toBe(1);
    expect((await confirmCatalogueImport(testDb.db, staff, cleared.id)).kind).toBe("applied");
    expect((await readWineFacts(testDb.db, product.id, "fr-CA"))?.facts).toEqual({ ...before, grapes: [], alcoholPercent: null });
  });
});

describe("the grape facet and the text search by grape", () => {
  const options = { province: "QC" as const, taxMode: "IN" as const, locale: "fr-CA" as const };
  const search = async (query: string, locale: "fr-CA" | "en-US" = "fr-CA") => {
    const reference = await getReferenceData(testDb.db);
    return searchProducts(testDb.db, reference, parseProductFilters(new URLSearchParams(query), reference.known), { ...options, locale });
  };
  /** Quebec's default list's product inventories whose product has the grape, counted in SQL. */
  const expectedCount = async (code: string) => {
    const result: unknown = await testDb.db.execute(sql`
      select count(distinct l.product_id)::integer as n from product_listing l
      where l.province = 'QC' and l.default_listed
        and exists (select 1 from product_grapes pg join grape_varieties g on g.id = pg.grape_id
                    where pg.product_id = l.product_id and g.code = ${code})`);
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };

  it("counts each grape's products (once each, whatever their channels), and filters the list by one or more grapes", async () => {
    clearDatabaseCaches(testDb.db);
    const all = await search("");
    const gamay = all.facets.grapes.find((g) => g.key === "gamay");
    expect(gamay?.count).toBe(await expectedCount("gamay"));
    expect(gamay!.count).toBeGreaterThan(0);

    const filtered = await search("grape=gamay");
    expect(filtered.pagination.total).toBe(gamay!.count);
    const gamayIds = new Set(
      (
        await testDb.db
          .select({ productId: productGrapes.productId })
          .from(productGrapes)
          .where(eq(productGrapes.grapeId, (await getReferenceData(testDb.db)).grapeByCode.get("gamay")!.id))
      ).map((r) => r.productId),
    );
    for (const item of filtered.items) expect(gamayIds.has(item.productId)).toBe(true);
    // The grape facet ignores its own filter: its siblings keep their counts.
    expect(filtered.facets.grapes).toEqual(all.facets.grapes);
    // Other facets are counted within the chosen grapes.
    const types = filtered.facets.types.reduce((n, t) => n + t.count, 0);
    expect(types).toBe(gamay!.count);

    const both = await search("grape=gamay&grape=pinot-noir");
    expect(both.pagination.total).toBeGreaterThan(gamay!.count);
    expect(both.pagination.total).toBeLessThanOrEqual(gamay!.count + (await expectedCount("pinot-noir")));
  });

  it("counts every grape as SQL does, with facet filters alone (kept counts) and with a text (counted rows)", async () => {
    const reference = await getReferenceData(testDb.db);
    const sqlCounts = async (where: ReturnType<typeof sql>) => {
      const result: unknown = await testDb.db.execute(sql`
        select g.code, count(distinct l.product_id)::integer as n from product_listing l
        join product_grapes pg on pg.product_id = l.product_id join grape_varieties g on g.id = pg.grape_id
        where ${where} group by g.code`);
      return Object.fromEntries((result as { rows: { code: string; n: number }[] }).rows.map((r) => [r.code, r.n]));
    };
    const asRecord = (facets: { key: string; count: number }[]) => Object.fromEntries(facets.map((f) => [f.key, f.count]));
    const fr = reference.countryByCode.get("FR")!.id;
    const red = reference.attributes.find((a) => a.typeCode === "PRODUCT_COLOR" && a.code === "red")!.id;
    clearDatabaseCaches(testDb.db);
    expect(asRecord((await search(`type=VIN&c=FR&a=${red}&grape=gamay`)).facets.grapes)).toEqual(
      await sqlCounts(sql`l.province = 'QC' and l.default_listed and l.type_code = 'VIN' and l.country_id = ${fr} and l.color_id = ${red}`),
    );
    expect(asRecord((await search("inventory=PI&inventory=SAQ")).facets.grapes)).toEqual(
      await sqlCounts(sql`l.inventory_code in ('PI', 'SAQ')`),
    );
    expect(asRecord((await search("max=30")).facets.grapes)).toEqual(
      await sqlCounts(sql`l.province = 'QC' and l.default_listed and l.price_tax_in_cents <= 3000`),
    );
  });

  it("finds a wine by its grape's name in either language, accents and case ignored", async () => {
    const product = await demoProduct("VIN", 30);
    await saveWineFacts(testDb.db, product.id, { ...NO_WINE_FACTS, grapes: [{ code: "gewurztraminer", sharePercent: null }] });
    clearDatabaseCaches(testDb.db);
    for (const [text, locale] of [
      ["Gewurztraminer", "fr-CA"],
      ["gewürztraminer", "fr-CA"],
      ["GEWURZ", "en-US"],
    ] as const) {
      const found = await search(`t=${encodeURIComponent(text)}`, locale);
      expect(found.items.map((i) => i.productId)).toContain(product.id);
    }
    const facet = (await search("t=Gewurztraminer")).facets.grapes.find((g) => g.key === "gewurztraminer");
    expect(facet?.count).toBeGreaterThan(0);
  });
});
