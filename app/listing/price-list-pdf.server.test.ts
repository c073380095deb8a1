/**
 * The price list drawing from rows given directly, without a database: columns,
 * headings repeated on the pages a producer spans, page numbers, French money, and a long list drawn
 * page by page while the event loop keeps turning.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ListingRun, ProductListItem } from "~/catalogue/products.server";
import { pdfMappedCharacters, pdfPages } from "../../tests/support/pdf-text";
import { withVisitorDefaults } from "./listing-options";
import { type PriceListInput, renderPriceListPdf } from "./price-list-pdf.server";

const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function item(id: number, overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    productInventoryId: id,
    inventoryCode: "IP",
    province: "QC",
    channelKind: "PRIVATE_IMPORT",
    salesUnit: "CASE",
    purchasable: true,
    zeroRated: false,
    priceCents: 2000,
    priceTaxInCents: 2300,
    agencyFeeCents: 300,
    quantity: 1234,
    availabilityStatus: "AVAILABLE",
    productId: id,
    puid: `P${id}`,
    slug: `wine-${id}`,
    name: `Vin numéro ${id}`,
    vintage: 2020,
    volumeMl: 750,
    uvc: 12,
    typeCode: "VIN",
    providerName: "Domaine Test",
    providerSlug: "domaine-test",
    countryCode: "FR",
    regionName: null,
    colorCode: null,
    ...overrides,
  };
}

async function* batchesOf(runs: ListingRun[][]): AsyncGenerator<ListingRun[]> {
  yield* runs;
}

function input(runs: ListingRun[][], overrides: Partial<PriceListInput> = {}): PriceListInput {
  return {
    locale: "fr-CA",
    options: withVisitorDefaults({}, { taxMode: "IN", province: "QC" }),
    filterLines: ["Région : Québec"],
    shopName: "Cuvée",
    date: new Date("2026-03-02T15:00:00Z"),
    batches: batchesOf(runs),
    ...overrides,
  };
}

const group = (providerId: number, providerName: string, count: number) => ({
  countryCode: "FR",
  countryName: "France",
  providerId,
  providerName,
  count,
});

describe("renderPriceListPdf", () => {
  it("draws the rows with the price in the tax mode, the case price, French money and page numbers", async () => {
    const runs = [
      [
        {
          group: group(1, "Domaine Test", 2),
          items: [item(1), item(2, { salesUnit: "UNIT", inventoryCode: "MERCH_MTL", priceCents: 123456, priceTaxInCents: 141941 })],
        },
      ],
    ];
    const pdf = await renderPriceListPdf(input(runs));
    const [text] = (await pdfPages(pdf.bytes)).map(spaced);
    expect(pdf.rows).toBe(2);
    expect(text).toContain("Domaine Test — France");
    expect(text).toContain("Vin numéro 1 2020 750 ml 12 Importation privée 23,00 $");
    // The case price: 12 × 20,00 $ = 240,00 $ before taxes, × 1,14975 = 275,94 $.
    expect(text).toContain("caisse 275,94 $");
    expect(text).toContain("Boutique Montréal 1 419,41 $");
    expect(text).toContain("2 mars 2026");
    expect(text).toContain("Page 1 de 1");
    expect(text).not.toContain("Quantité");
    // The no-break spaces of French amounts are drawn as themselves.
    const drawn = await pdfMappedCharacters(pdf.bytes);
    expect(drawn.has("\u00a0") || drawn.has("\u202f")).toBe(true);
  });

  it("repeats a producer's heading on each page it spans, marked as continued", async () => {
    const items = Array.from({ length: 120 }, (_, i) => item(i + 1));
    const pdf = await renderPriceListPdf(
      input(
        [
          [{ group: group(1, "Domaine Long", 120), items: items.slice(0, 60) }],
          [{ group: group(1, "Domaine Long", 120), items: items.slice(60) }],
        ],
        {
          options: { ...withVisitorDefaults({}, { taxMode: "OUT", province: "QC" }), showQuantity: true },
        },
      ),
    );
    const pages = (await pdfPages(pdf.bytes)).map(spaced);
    expect(pages.length).toBeGreaterThan(2);
    expect(pdf.pages).toBe(pages.length);
    expect(pages[0]).toContain("Domaine Long — France\n");
    for (const [i, page] of pages.entries()) {
      if (i > 0) expect(page).toContain("Domaine Long — France · suite");
      expect(page).toContain(`Page ${i + 1} de ${pages.length}`);
      expect(page).toContain("Prix avant taxes");
      expect(page).toContain("Quantité");
    }
    expect(pages.join("\n")).toContain("1 234");
    expect(pages.join("\n")).toContain("Vin numéro 120 ");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPage(0).getSize()).toEqual({ width: 841.89, height: 595.28 });
  });

  it("stops at its row limit, says so, and reads no further batch", async () => {
    let batchesRead = 0;
    async function* counted(): AsyncGenerator<ListingRun[]> {
      for (let b = 0; b < 5; b++) {
        batchesRead++;
        yield [{ group: group(b, `Producteur ${b}`, 2), items: [item(b * 2 + 1), item(b * 2 + 2)] }];
      }
    }
    const pdf = await renderPriceListPdf(input([], { batches: counted(), maxRows: 3 }));
    const text = (await pdfPages(pdf.bytes)).map(spaced).join("\n");
    expect(pdf).toMatchObject({ rows: 3, truncated: true });
    expect(text).toContain("Vin numéro 3 ");
    expect(text).not.toContain("Vin numéro 4 ");
    expect(text).toContain("Liste arrêtée aux 3 premiers produits : précisez les filtres pour voir la suite.");
    expect(batchesRead).toBe(2);
    // Exactly at the limit: nothing is cut, nothing is said.
    const whole = await renderPriceListPdf(input([[{ group: group(1, "Domaine Test", 2), items: [item(1), item(2)] }]], { maxRows: 2 }));
    expect(whole.truncated).toBe(false);
    expect((await pdfPages(whole.bytes)).join("\n")).not.toContain("Liste arrêtée");
  });

  it("draws 10,000 rows page by page, giving the event loop a turn between pages", async () => {
    const runs: ListingRun[][] = [];
    for (let b = 0; b < 10; b++) {
      runs.push(
        Array.from({ length: 10 }, (_, g) => ({
          group: group(b * 10 + g, `Producteur ${b * 10 + g}`, 100),
          items: Array.from({ length: 100 }, (_, i) => item(b * 1000 + g * 100 + i)),
        })),
      );
    }
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    let lastTick = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastTick);
      lastTick = now;
      ticks++;
    }, 20);
    delay.enable();
    const started = performance.now();
    const rss = process.memoryUsage().rss;
    const pdf = await renderPriceListPdf(input(runs));
    const ms = performance.now() - started;
    delay.disable();
    clearInterval(timer);
    longestGap = Math.max(longestGap, performance.now() - lastTick);
    console.log(
      `10,000 rows: ${ms.toFixed(0)} ms, ${pdf.pages} pages, ${(pdf.bytes.length / 1e6).toFixed(2)} MB, ` +
        `RSS +${((process.memoryUsage().rss - rss) / 1e6).toFixed(0)} MB, event loop max delay ${(delay.max / 1e6).toFixed(0)} ms, ` +
        `longest gap between ticks ${longestGap.toFixed(0)} ms`,
    );
    expect(pdf.rows).toBe(10_000);
    // Each font is named once per page, not once per text drawn (a page's resources grew by two
    // entries per drawText, making the file about twice as big and its saving stall).
    expect(pdf.bytes.length).toBeLessThan(1.5e6);
    // Timers ran while the list was drawn and saved: the work was cut in turns, none long.
    expect(ticks).toBeGreaterThan(ms / 20 / 4);
    expect(longestGap).toBeLessThan(250);
  }, 120_000);
});
