/**
 * The price list and producers list PDFs (docs/product.md#price-list `GET /listing`, docs/product.md#producers producers
 * printing, PDF constants) through their routes, on the demo catalogue, read back as text with
 * pdf.js: the filtered products and only those, the chosen columns, tax-in and tax-out prices as the
 * pricing module says, the producer headings, the region; the producers PDF in A4 landscape with the
 * producers of the /providers page; bad options answered 400, never 500.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayPrice } from "~/catalogue/display-price";
import { parseProductFilters } from "~/catalogue/product-filters";
import { productListingBatches, type ProductListItem, searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { requestContext } from "~/http/request-context";
import { formatMoney } from "~/i18n/format";
import { PRICE_LIST_RETRY_AFTER_SECONDS, priceListSlots } from "~/listing/pdf-slots.server";
import type { Preferences } from "~/preferences/preferences";
import { loader as listingLoader } from "~/routes/listing";
import { loader as providersPdfLoader } from "~/routes/listing.providers";
import { loader as providersLoader } from "~/routes/providers";
import { routeArgs } from "../support/loader-context";
import { pdfPages, pdfText } from "../support/pdf-text";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
});
afterAll(() => testDb?.close());

/** pdf.js extracts every no-break space as a plain space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

let clients = 0;
/** Calls a PDF route's loader as one client among many (each call its own address: no rate limit met). */
async function get(loader: (args: never) => Promise<Response>, path: string, preferences: Partial<Preferences> = {}): Promise<Response> {
  const args = (await routeArgs(testDb.db, path, { preferences })) as {
    context: { set: (key: typeof requestContext, value: unknown) => void };
  };
  args.context.set(requestContext, { nonce: undefined, clientAddress: `198.51.100.${++clients}` });
  return loader(args as never);
}

async function pdf(path: string, preferences: Partial<Preferences> = {}) {
  const response = await get(listingLoader, path, preferences);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: spaced(await pdfText(bytes)) };
}

/**
 * Every channel row of a query's /products cards (all pages): the price list has a line per channel
 * of the list, the product list a card per product holding those channels (docs/decisions/040).
 */
async function allItems(query: string, preferences: Pick<Preferences, "province" | "taxMode" | "locale">): Promise<ProductListItem[]> {
  const reference = await getReferenceData(testDb.db);
  const items: ProductListItem[] = [];
  for (let page = 1; ; page++) {
    const filters = parseProductFilters(new URLSearchParams(`${query}&size=96&page=${page}`), reference.known);
    const result = await searchProducts(testDb.db, reference, filters, preferences);
    items.push(...result.items.flatMap(({ channels, ...product }) => channels.map((channel) => ({ ...product, ...channel }))));
    if (!result.pagination.hasNext) return items;
  }
}

const QC = { province: "QC", taxMode: "IN", locale: "fr-CA" } as const;

describe("GET /listing", () => {
  it("lists exactly the products of the /products filters, grouped under producer headings with their country", async () => {
    const expected = await allItems("type=VIN&c=FR", QC);
    expect(expected.length).toBeGreaterThan(10);
    const others = (await allItems("type=VIN", QC)).filter((i) => i.countryCode !== "FR");
    expect(others.length).toBeGreaterThan(0);

    const { response, text } = await pdf("/listing?type=VIN&c=FR");
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="liste-de-prix-\d{10}\.pdf"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(text).toContain("Liste de prix");
    expect(text).toContain("Types : Vin");
    expect(text).toContain("Pays : France");
    for (const item of expected) expect(text).toContain(spaced(item.name));
    const listed = new Set(expected.map((i) => i.name));
    for (const item of others.filter((o) => !listed.has(o.name)).slice(0, 10)) expect(text).not.toContain(item.name);
    for (const provider of new Set(expected.map((i) => i.providerName))) expect(text).toContain(`${spaced(provider)} — France`);
    // As many rows as /products counts: one line per row starts with a product name and holds its channel.
    const rows = expected.length;
    const channels = text.match(/Importation privée|SAQ|Cellier Montréal|Boutique Montréal/g) ?? [];
    expect(channels.length).toBe(rows);
    // Shopper-facing names only (docs/decisions/040).
    expect(text).not.toMatch(/Brouhh|MERCH_|STORE_|Magasin/);
  });

  it("shows the quantity column only when asked, and drops the columns turned off", async () => {
    const byDefault = await pdf("/listing?t=pepiere");
    expect(byDefault.text).toContain("Millésime");
    expect(byDefault.text).toContain("UVC");
    expect(byDefault.text).toContain("Format");
    expect(byDefault.text).toMatch(/\d ml\b/);
    expect(byDefault.text).not.toContain("Quantité");

    const noVolume = await pdf("/listing?t=pepiere&showVolume=false");
    expect(noVolume.text).not.toContain("Format");
    expect(noVolume.text).not.toMatch(/\d ml\b/);
    expect(noVolume.text).toContain("Millésime");

    const withQuantity = await pdf("/listing?t=pepiere&showQuantity=true&showVintage=false&showUvc=false");
    expect(withQuantity.text).toContain("Quantité");
    expect(withQuantity.text).not.toContain("Millésime");
    expect(withQuantity.text).not.toContain("UVC");
    // The form sends a hidden false before the ticked checkbox's true: the last value wins.
    const fromForm = await pdf("/listing?t=pepiere&showQuantity=false&showQuantity=true");
    expect(fromForm.text).toContain("Quantité");

    const noPrices = await pdf("/listing?t=pepiere&showPrices=false");
    expect(noPrices.text).not.toContain("Prix taxes incluses");
    expect(noPrices.text).not.toMatch(/\d,\d\d \$/);
  });

  it("prints the pricing module's tax-in or tax-out price, per the option, in the visitor's language", async () => {
    const [item] = (await allItems("t=pepiere", QC)).filter((i) => i.inventoryCode === "SAQ");
    expect(item).toBeDefined();
    const taxIn = formatMoney(displayPrice(item!, "IN").unitCents, "fr-CA");
    const taxOut = formatMoney(displayPrice(item!, "OUT").unitCents, "fr-CA");
    expect(taxIn).not.toBe(taxOut);

    const inText = (await pdf("/listing?t=pepiere&taxes=IN", { taxMode: "OUT" })).text;
    expect(inText).toContain("Prix taxes incluses");
    expect(inText).toContain(spaced(taxIn));
    const outText = (await pdf("/listing?t=pepiere&taxes=OUT")).text;
    expect(outText).toContain("Prix avant taxes");
    expect(outText).toContain(spaced(taxOut));
    // Without the option, the visitor's tax mode.
    expect((await pdf("/listing?t=pepiere", { taxMode: "OUT" })).text).toContain(spaced(taxOut));

    const english = await pdf("/listing?t=pepiere&taxes=OUT", { locale: "en-US" });
    expect(english.response.headers.get("Content-Disposition")).toMatch(/filename="price-list-\d{10}\.pdf"/);
    expect(english.text).toContain("Price list");
    expect(english.text).toContain(formatMoney(displayPrice(item!, "OUT").unitCents, "en-US"));
  });

  it("lists the region's channels: Ontario's with region=ONTARIO, whatever the visitor's province", async () => {
    const ontario = await allItems("type=VIN", { ...QC, province: "ON" });
    const { text } = await pdf("/listing?type=VIN&region=ONTARIO");
    expect(text).toContain("Région : Ontario");
    expect(text).not.toMatch(/\bSAQ\b|Boutique Montréal|Cellier Montréal|Brouhh/);
    expect(text).toMatch(/LCBO|consignation|Boutique Toronto/);
    const channels = text.match(/Importation privée \(consignation\)|LCBO|Boutique Toronto/g) ?? [];
    expect(channels.length).toBe(ontario.length);
    // A Quebec channel asked for is dropped from an Ontario list (its defaults are listed instead).
    expect((await pdf("/listing?type=VIN&region=ONTARIO&inventory=SAQ")).text).not.toMatch(/\bSAQ\b/);
    // The visitor's province by default.
    expect((await pdf("/listing?type=VIN", { province: "ON" })).text).toContain("Région : Ontario");
  });

  it("lists available and upcoming products by default, or one status when asked", async () => {
    const both = (await pdf("/listing?type=VIN")).text;
    const upcoming = (await pdf("/listing?type=VIN&show=UPCOMING")).text;
    const available = (await pdf("/listing?type=VIN&show=AVAILABLE")).text;
    expect(both).toContain("· à venir");
    expect(available).not.toContain("· à venir");
    const count = (text: string) => (text.match(/Importation privée|SAQ|Cellier Montréal|Boutique Montréal/g) ?? []).length;
    expect(count(upcoming)).toBeGreaterThan(0);
    expect(count(upcoming) + count(available)).toBe(count(both));
  });

  it("answers a bad option with a 400 and a localized message, and ignores malformed filters as /products does", async () => {
    for (const query of ["showQuantity=yes", "taxes=ALL", "region=MARS", "show=EVERYTHING", "showUvc="]) {
      const response = await get(listingLoader, `/listing?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
      expect(await response.text()).toContain("Options de la liste de prix non valides");
    }
    const english = await get(listingLoader, "/listing?region=MARS", { locale: "en-US" });
    expect(await english.text()).toContain("region: The region is QUEBEC or ONTARIO.");
    const { text } = await pdf("/listing?min=abc&max=-3&c=ZZZ&r=x&type=NOPE&page=0&sort=%00&t=%00pepiere");
    expect(text).toContain("Pépière");
  });

  it("answers 503 with Retry-After while the process already draws and queues as many lists as it may", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { concurrency, maxWaiting } = priceListSlots.options;
    const blockers = Promise.allSettled(Array.from({ length: concurrency + maxWaiting }, () => priceListSlots.run(() => held)));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(priceListSlots.running).toBe(concurrency);
      const busy = await get(listingLoader, "/listing?t=pepiere");
      expect(busy.status).toBe(503);
      expect(busy.headers.get("Retry-After")).toBe(String(PRICE_LIST_RETRY_AFTER_SECONDS));
      expect(busy.headers.get("Content-Type")).toContain("text/plain");
      expect(await busy.text()).toContain("D’autres listes de prix sont en cours de préparation");
      const english = await get(listingLoader, "/listing?t=pepiere", { locale: "en-US" });
      expect(await english.text()).toContain("Other price lists are being prepared");
    } finally {
      release();
    }
    // Every list already accepted was drawn once slots freed.
    expect((await blockers).map((b) => b.status)).toEqual(Array(concurrency + maxWaiting).fill("fulfilled"));
    // The slots freed, lists are drawn again.
    expect((await pdf("/listing?t=pepiere")).text).toContain("Pépière");
  });

  it("says so when nothing matches", async () => {
    expect((await pdf("/listing?t=zzzzzzzz")).text).toContain("Aucun produit ne correspond à ces filtres.");
  });
});

describe("productListingBatches", () => {
  it("reads the same rows in the same order whatever the batch size, each group in one stretch", async () => {
    const reference = await getReferenceData(testDb.db);
    const filters = parseProductFilters(new URLSearchParams(""), reference.known);
    const read = async (batchSize: number) => {
      const rows: { key: string; id: number }[] = [];
      let batches = 0;
      for await (const batch of productListingBatches(testDb.db, reference, filters, {
        ...QC,
        availability: ["AVAILABLE", "UPCOMING"],
        batchSize,
      })) {
        batches++;
        for (const run of batch) {
          for (const item of run.items) rows.push({ key: `${run.group.providerId}:${run.group.countryCode}`, id: item.productInventoryId });
        }
      }
      return { rows, batches };
    };
    const whole = await read(100_000);
    const small = await read(5);
    expect(whole.batches).toBe(1);
    expect(small.batches).toBeGreaterThan(whole.rows.length / 5 - 1);
    expect(small.rows).toEqual(whole.rows);
    expect(whole.rows.length).toBe((await allItems("", QC)).length);
    // Each group is contiguous.
    const seen = new Set<string>();
    whole.rows.forEach((row, i) => {
      if (i > 0 && whole.rows[i - 1]!.key === row.key) return;
      expect(seen.has(row.key)).toBe(false);
      seen.add(row.key);
    });
  });
});

describe("GET /listing/providers", () => {
  const page = async (query: string) => await providersLoader(await routeArgs(testDb.db, `/providers${query}`));

  it("is an A4 landscape PDF of the /providers page's producers, named by a timestamp in seconds", async () => {
    for (const query of ["", "?size=51", "?page=2", "?c=FR&size=52"]) {
      const data = await page(query);
      const names = data.groups.flatMap((g) => g.providers.map((p) => p.name));
      expect(names.length, query).toBeGreaterThan(0);
      const before = Math.floor(Date.now() / 1000);
      const response = await get(providersPdfLoader, `/listing/providers${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const fileName = /^inline; filename="(\d+)\.pdf"$/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
      expect(Number(fileName)).toBeGreaterThanOrEqual(before);
      expect(Number(fileName)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const document = await PDFDocument.load(bytes);
      for (const p of document.getPages()) {
        const { width, height } = p.getSize();
        expect(width).toBeCloseTo(841.89, 1);
        expect(height).toBeCloseTo(595.28, 1);
      }
      const pages = await pdfPages(bytes);
      const text = spaced(pages.join("\n"));
      // The logo header on every page.
      for (const pageText of pages) expect(pageText).toContain("Cuvée");
      // Every producer of the page, each once (long names are cut with an ellipsis).
      for (const name of names) expect(text, query).toContain(spaced(name).slice(0, 12));
      const counted = text.match(/\d+ produits? offerts?/g) ?? [];
      expect(counted.length, query).toBe(names.length);
      for (const group of data.groups) expect(text).toContain(group.countryName);
    }
  });

  it("paginates by height: more producers, more pages", async () => {
    const twenty = await PDFDocument.load(new Uint8Array(await (await get(providersPdfLoader, "/listing/providers")).arrayBuffer()));
    const fiftyTwo = await PDFDocument.load(
      new Uint8Array(await (await get(providersPdfLoader, "/listing/providers?size=52")).arrayBuffer()),
    );
    expect(fiftyTwo.getPageCount()).toBeGreaterThan(twenty.getPageCount());
  });

  it("ignores malformed filters as /providers does", async () => {
    const response = await get(providersPdfLoader, "/listing/providers?page=abc&size=7&c=%00&r=x&type=MARS&t=%00");
    expect(response.status).toBe(200);
    expect(await pdfText(new Uint8Array(await response.arrayBuffer()))).toContain("Producteurs");
  });
});
