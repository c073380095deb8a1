import { describe, expect, it } from "vitest";
import { GRAPE_VARIETIES } from "~/catalogue/seed/grape-varieties";
import { grapeLookup } from "~/catalogue/wine-facts";
import { ZERO_RATED_PRODUCT_TYPES } from "~/pricing/taxes";
import { readCatalogueCsv } from "./csv-reader";
import { type InventoryInfo, type LineReference, productFieldMismatch, validateLine } from "./import-format";

const inventories = new Map<string, InventoryInfo>([
  ["IP", { code: "IP", province: "QC", channelKind: "PRIVATE_IMPORT", salesUnit: "CASE" }],
  ["SAQ", { code: "SAQ", province: "QC", channelKind: "LIQUOR_BOARD", salesUnit: "NONE" }],
  ["MERCH_TORONTO", { code: "MERCH_TORONTO", province: "ON", channelKind: "SHOP", salesUnit: "UNIT" }],
]);
const ref: LineReference = {
  inventories,
  typeCodes: new Set(["VIN", "FOODS", "GOODS"]),
  producerIds: new Map([["domaine-test", 7]]),
  zeroRatedTypes: ZERO_RATED_PRODUCT_TYPES,
  grapes: grapeLookup(GRAPE_VARIETIES),
};

const good = {
  product_puid: "X000001",
  inventory_puid: "X000001-IP",
  name_fr: "Cuvée d’essai",
  name_en: "Test cuvée",
  producer: "domaine-test",
  type: "VIN",
  vintage: "2022",
  volume_ml: "750",
  uvc: "12",
  inventory: "IP",
  price: "24,95",
  agency_fee: "5.50",
  quantity: "24",
  availability: "AVAILABLE",
};
const line = (overrides: Record<string, string | undefined>) => validateLine({ ...good, ...overrides }, 2, ref);
const reasons = (overrides: Record<string, string | undefined>) => {
  const result = line(overrides);
  return result.ok ? [] : result.reasons.map((r) => `${r.key}:${r.params?.column ?? ""}`);
};

describe("validateLine", () => {
  it("converts a good line to the database's units, with the inventory's province", () => {
    expect(line({})).toEqual({
      ok: true,
      value: {
        line: 2,
        productPuid: "X000001",
        inventoryPuid: "X000001-IP",
        nameFr: "Cuvée d’essai",
        nameEn: "Test cuvée",
        producerSlug: "domaine-test",
        providerId: 7,
        typeCode: "VIN",
        vintage: 2022,
        volumeMl: 750,
        uvc: 12,
        inventoryCode: "IP",
        province: "QC",
        priceCents: 2495,
        agencyFeeCents: 550,
        quantity: 24,
        availabilityStatus: "AVAILABLE",
        zeroRated: null,
        facts: {},
      },
    });
  });

  it("takes empty vintage, volume, uvc and fee as none, none, 1 and 0 outside private import", () => {
    const result = line({ inventory: "MERCH_TORONTO", vintage: "", volume_ml: "", uvc: "", agency_fee: "", type: "GOODS" });
    expect(result).toMatchObject({ ok: true, value: { vintage: null, volumeMl: null, uvc: 1, agencyFeeCents: 0, province: "ON" } });
  });

  it("refuses empty names and puids, and reports every problem of the line", () => {
    expect(reasons({ name_fr: "", name_en: " ", product_puid: "" })).toEqual([
      "required:product_puid",
      "required:name_fr",
      "required:name_en",
    ]);
    expect(reasons({ name_fr: "x".repeat(201) })).toEqual(["tooLong:name_fr"]);
    expect(reasons({ inventory_puid: "a b" })).toEqual(["puid:inventory_puid"]);
  });

  it("refuses unknown vocabularies: producer, type, inventory, availability", () => {
    expect(reasons({ producer: "nobody" })).toEqual(["unknownProducer:producer"]);
    expect(reasons({ type: "WINE" })).toEqual(["unknownType:type"]);
    expect(reasons({ inventory: "ip" })).toEqual(["unknownInventory:inventory"]);
    expect(reasons({ availability: "available" })).toEqual(["unknownAvailability:availability"]);
    expect(reasons({ availability: "SOLD_OUT" })).toEqual(["unknownAvailability:availability"]);
  });

  it("refuses numbers out of range or not whole", () => {
    expect(reasons({ vintage: "1850" })).toEqual(["range:vintage"]);
    expect(reasons({ vintage: "2022.5" })).toEqual(["range:vintage"]);
    expect(reasons({ volume_ml: "0" })).toEqual(["range:volume_ml"]);
    expect(reasons({ uvc: "0" })).toEqual(["range:uvc"]);
    expect(reasons({ quantity: "-1" })).toEqual(["range:quantity"]);
    expect(reasons({ quantity: "" })).toEqual(["required:quantity"]);
    expect(reasons({ price: "" })).toEqual(["required:price"]);
    expect(reasons({ price: "24.999" })).toEqual(["moneyDecimals:price"]);
    expect(reasons({ price: "$24" })).toEqual(["money:price"]);
    expect(reasons({ price: "1000000.01" })).toEqual(["moneyTooHigh:price"]);
  });

  it("applies the money and channel rules: fee ≤ price, fee only in private import, uvc for a case", () => {
    expect(reasons({ agency_fee: "30" })).toEqual(["feeAbovePrice:agency_fee"]);
    expect(reasons({ inventory: "SAQ", agency_fee: "1" })).toEqual(["feeOutsidePrivateImport:agency_fee"]);
    expect(reasons({ inventory: "SAQ", agency_fee: "0" })).toEqual([]);
    expect(reasons({ uvc: "" })).toEqual(["caseNeedsUvc:uvc"]);
  });

  it("reads zero_rated as true or false, for basic groceries only", () => {
    expect(line({ type: "FOODS", zero_rated: "TRUE", inventory: "MERCH_TORONTO", agency_fee: "" })).toMatchObject({
      ok: true,
      value: { zeroRated: true },
    });
    expect(line({ zero_rated: "false" })).toMatchObject({ ok: true, value: { zeroRated: false } });
    expect(reasons({ zero_rated: "true" })).toEqual(["zeroRatedType:zero_rated"]);
    expect(reasons({ zero_rated: "oui" })).toEqual(["boolean:zero_rated"]);
  });

  it("finds the product field two lines of one product disagree on", () => {
    const a = line({});
    const b = line({ inventory: "SAQ", inventory_puid: "X000001-SAQ", agency_fee: "" });
    const c = line({ inventory: "SAQ", inventory_puid: "X000001-SAQ", agency_fee: "", uvc: "6" });
    if (!a.ok || !b.ok || !c.ok) throw new Error("lines should be valid");
    expect(productFieldMismatch(a.value, b.value)).toBeNull();
    expect(productFieldMismatch(a.value, c.value)).toBe("uvc");
  });
});

describe("readCatalogueCsv", () => {
  const header =
    "product_puid,inventory_puid,name_fr,name_en,producer,type,vintage,volume_ml,uvc,inventory,price,agency_fee,quantity,availability";

  it("reads a UTF-8 file with a BOM, quoted cells and blank lines, with the file's line numbers", () => {
    const file = readCatalogueCsv(
      `\uFEFF${header}\r\nX1,X1-IP,"Cuvée, rouge",Red,d,VIN,,750,12,IP,"24,95",5,12,AVAILABLE\r\n\r\n X2 ,X2-IP,B,B,d,VIN,,750,12,IP,1,0,0,UPCOMING\r\n`,
    );
    expect(file.fileErrors).toEqual([]);
    expect(file.rows.map((r) => [r.line, r.cells.product_puid, r.cells.name_fr, r.cells.price])).toEqual([
      [2, "X1", "Cuvée, rouge", "24,95"],
      [4, "X2", "B", "1"],
    ]);
  });

  it("reads semicolon-separated files, where 24,95 needs no quotes", () => {
    const file = readCatalogueCsv(`${header.replaceAll(",", ";")}\nX1;X1-IP;A;A;d;VIN;;750;12;IP;24,95;5;12;AVAILABLE\n`);
    expect(file.rows[0]?.cells.price).toBe("24,95");
  });

  it("refuses the file for a missing, unknown or doubled column, no lines, or a broken quote", () => {
    expect(readCatalogueCsv(header.replace(",quantity", "")).fileErrors).toEqual([
      { key: "missingColumn", params: { column: "quantity" } },
    ]);
    expect(readCatalogueCsv(`${header},colour\n`).fileErrors).toEqual([{ key: "unknownColumn", params: { column: "colour" } }]);
    expect(readCatalogueCsv(`${header},price\n`).fileErrors).toEqual([{ key: "duplicateColumn", params: { column: "price" } }]);
    expect(readCatalogueCsv(`${header}\n`).fileErrors).toEqual([{ key: "noLines" }]);
    expect(readCatalogueCsv("").fileErrors).toEqual([{ key: "noHeader" }]);
    expect(readCatalogueCsv(`${header}\nX1,"oops\n`).fileErrors).toEqual([{ key: "unreadable", params: { line: 2 } }]);
    expect(readCatalogueCsv(`${header}\nCuv\uFFFDe\n`).fileErrors).toEqual([{ key: "notUtf8" }]);
  });

  it("reports a line with the wrong number of cells by its line number", () => {
    const file = readCatalogueCsv(`${header}\nX1,X1-IP\n`);
    expect(file.badLines).toEqual([{ line: 2, reason: { key: "columnCount", params: { expected: 14, found: 2 } } }]);
  });
});

describe("validateLine: wine facts (decision 036)", () => {
  const facts = (overrides: Record<string, string | undefined>) => {
    const result = line(overrides);
    if (!result.ok) throw new Error(JSON.stringify(result.reasons));
    return result.value.facts;
  };

  it("sets nothing for absent columns, and converts the columns present", () => {
    expect(facts({})).toEqual({});
    expect(
      facts({
        grapes: "Pinot Noir:85 | gamay:15%",
        alcohol_percent: "13,5",
        residual_sugar_g_l: "2.4",
        appellation: "Cheverny",
        designation: "AOP",
        tasting_notes_fr: "Cerise",
        serving_temp_min_c: "14",
        serving_temp_max_c: "16",
        ageing_potential_years: "8",
        saq_code: "12345678",
        lcbo_code: "",
      }),
    ).toEqual({
      grapes: [
        { code: "pinot-noir", sharePercent: 85 },
        { code: "gamay", sharePercent: 15 },
      ],
      alcoholPercent: 13.5,
      residualSugarGramsPerLitre: 2.4,
      appellation: "Cheverny",
      designation: "AOP",
      tastingNotesFr: "Cerise",
      servingTemperatureMinC: 14,
      servingTemperatureMaxC: 16,
      ageingPotentialYears: 8,
      saqCode: "12345678",
      lcboCode: null,
    });
  });

  it("finds grapes by code or by either name, accents and case ignored", () => {
    expect(facts({ grapes: "GEWURZTRAMINER|Grüner Veltliner|shiraz|Mourvedre" }).grapes).toEqual([
      { code: "gewurztraminer", sharePercent: null },
      { code: "gruner-veltliner", sharePercent: null },
      { code: "syrah", sharePercent: null },
      { code: "mourvedre", sharePercent: null },
    ]);
    expect(facts({ grapes: "" }).grapes).toEqual([]);
  });

  it("refuses unknown grapes, bad shares, shares over 100 and out-of-range numbers, each by its column", () => {
    expect(reasons({ grapes: "pinot-noir|cepage-imaginaire" })).toEqual(["grapeUnknown:grapes"]);
    expect(reasons({ grapes: "pinot-noir:0" })).toEqual(["grapeShare:grapes"]);
    expect(reasons({ grapes: "pinot-noir:101" })).toEqual(["grapeShare:grapes"]);
    expect(reasons({ grapes: "pinot-noir:12.5" })).toEqual(["grapeShare:grapes"]);
    expect(reasons({ grapes: "pinot-noir:60|gamay:50" })).toEqual(["grapeSharesOver100:grapes"]);
    expect(reasons({ grapes: "pinot-noir|Pinot Noir" })).toEqual(["grapeTwice:grapes"]);
    expect(reasons({ alcohol_percent: "101" })).toEqual(["decimal:alcohol_percent"]);
    expect(reasons({ alcohol_percent: "13.55" })).toEqual(["decimal:alcohol_percent"]);
    expect(reasons({ residual_sugar_g_l: "-1" })).toEqual(["decimal:residual_sugar_g_l"]);
    expect(reasons({ serving_temp_min_c: "31" })).toEqual(["range:serving_temp_min_c"]);
    expect(reasons({ serving_temp_min_c: "16", serving_temp_max_c: "8" })).toEqual(["temperatureOrder:serving_temp_max_c"]);
    expect(reasons({ ageing_potential_years: "1.5" })).toEqual(["range:ageing_potential_years"]);
    expect(reasons({ saq_code: "SAQ-1" })).toEqual(["boardCode:saq_code"]);
    expect(reasons({ appellation: "x".repeat(121) })).toEqual(["tooLong:appellation"]);
  });

  it("requires every line of a product to carry the same facts", () => {
    const a = line({ grapes: "gamay:100" });
    const b = line({ inventory_puid: "X000001-SAQ", inventory: "SAQ", agency_fee: "", grapes: "gamay" });
    if (!a.ok || !b.ok) throw new Error("lines refused");
    expect(productFieldMismatch(a.value, b.value)).toBe("grapes");
    expect(productFieldMismatch(a.value, a.value)).toBeNull();
  });
});
