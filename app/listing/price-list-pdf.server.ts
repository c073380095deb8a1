/**
 * The price list as a PDF (docs/product.md#price-list `GET /listing`: "returns a PDF blob; like search plus showUvc,
 * showVintage, showVolume, showQuantity=false, showPrices, taxes (IN or OUT), region (QUEBEC or
 * ONTARIO), show default AVAILABLE_UPCOMING"; docs/product.md#price-list "PDF: A4 landscape";
 * docs/decisions/021-price-list-and-producers-pdf.md).
 *
 * The products of the /products filters, grouped by country and producer (a heading per producer
 * with its country), one row per product in a channel: name, vintage, volume, uvc, channel,
 * quantity, price — the optional columns as asked. Prices are the pricing module's display prices
 * (taxes in or out, the case price beside the bottle for what is sold by the case), formatted in
 * the visitor's language. Every page carries the logo, the title and the date, the column headers
 * and its number; the first also says which filters made the list.
 *
 * Built to stay light whatever the list's length: rows are read in batches
 * ({@link productListingBatches}), drawn page by page, and the event loop gets a turn after every
 * page and every batch; pdf-lib serializes with `objectsPerTick`.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { TFunction } from "i18next";
import type { PDFFont, PDFPage } from "pdf-lib";
import { displayPrice } from "~/catalogue/display-price";
import { parseProductFilters, type ProductFilters } from "~/catalogue/product-filters";
import { type ListingRun, productListingBatches, type ProductListItem } from "~/catalogue/products.server";
import { getReferenceData, type ReferenceData } from "~/catalogue/reference.server";
import type { Database } from "~/db/client.server";
import { channelNameKey } from "~/i18n/channel-names";
import { formatCount, formatLongDate, formatMoney, formatVolume } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import { SITE_NAME } from "~/lib/brand";
import type { Locale, Province, TaxMode } from "~/vocabulary";
import { availabilityOf, LISTING_REGIONS, type ListingOptions, parseListingOptions } from "./listing-options";
import {
  A4_LANDSCAPE,
  createListingDocument,
  describeOrigins,
  drawLogo,
  type Fonts,
  INK,
  MUTED,
  RULE,
  saveDocument,
  timestampSeconds,
  WINE,
} from "./pdf-kit.server";
import { priceListSlots, SlotsBusyError } from "./pdf-slots.server";

/** What one price list is drawn from. */
export interface PriceListInput {
  locale: Locale;
  options: ListingOptions;
  /** The filters that made the list, one phrase each ("Type : Vin"), written under the title. */
  filterLines: string[];
  /** The shop's name, in the logo and the document's author. */
  shopName: string;
  /** When the list was made (its date is printed). */
  date: Date;
  /** The list's rows, batch by batch, in order ({@link productListingBatches}). */
  batches: AsyncIterable<ListingRun[]>;
  /** The most product rows drawn; {@link PRICE_LIST_MAX_ROWS} unless a test says otherwise. */
  maxRows?: number;
}

/**
 * The most product rows one price list prints (decision 021): 10,000 rows take ~200 MB and a few
 * seconds to draw. A longer list stops there and says so on its last page (refine the filters),
 * so a public request for a 100,000-product catalogue never holds gigabytes.
 */
export const PRICE_LIST_MAX_ROWS = 10_000;

export interface PriceListPdf {
  bytes: Uint8Array<ArrayBuffer>;
  /** Product rows drawn. */
  rows: number;
  pages: number;
  /** More products matched than {@link PRICE_LIST_MAX_ROWS}: the list stopped there. */
  truncated: boolean;
}

const { width: PAGE_WIDTH, height: PAGE_HEIGHT } = A4_LANDSCAPE;
const MARGIN = 36;
const RIGHT = PAGE_WIDTH - MARGIN;
const FOOTER_HEIGHT = 22;
const BOTTOM = MARGIN + FOOTER_HEIGHT;
const SIZE = 8.5;
const LEADING = 11;
const HEADING_SIZE = 10;

type ColumnKey = "name" | "vintage" | "volume" | "uvc" | "channel" | "quantity" | "price";
interface Column {
  key: ColumnKey;
  /** Left edge, or right edge for right-aligned columns. */
  x: number;
  width: number;
  align: "left" | "right";
  header: string;
}

/** The table's columns for the options, left to right; the name takes the room the others leave. */
function columns(options: ListingOptions, t: TFunction): Column[] {
  const fixed: { key: ColumnKey; width: number; align: "left" | "right"; shown: boolean }[] = [
    { key: "vintage", width: 48, align: "left", shown: options.showVintage },
    { key: "volume", width: 52, align: "right", shown: options.showVolume },
    { key: "uvc", width: 40, align: "right", shown: options.showUvc },
    { key: "channel", width: 170, align: "left", shown: true },
    { key: "quantity", width: 56, align: "right", shown: options.showQuantity },
    { key: "price", width: 110, align: "right", shown: options.showPrices },
  ];
  const gap = 12;
  const shown = fixed.filter((c) => c.shown);
  const nameWidth = RIGHT - MARGIN - shown.reduce((sum, c) => sum + c.width + gap, 0);
  const result: Column[] = [{ key: "name", x: MARGIN, width: nameWidth, align: "left", header: t("listing.columns.name") }];
  let left = MARGIN + nameWidth + gap;
  for (const c of shown) {
    const header =
      c.key === "price" ? t(`listing.columns.price${options.taxes === "IN" ? "TaxIn" : "TaxOut"}`) : t(`listing.columns.${c.key}`);
    result.push({ key: c.key, x: c.align === "right" ? left + c.width : left, width: c.width, align: c.align, header });
    left += c.width + gap;
  }
  return result;
}

/** The cells of one row: lines of text for each column shown (hidden columns are not formatted). */
function cells(
  item: ProductListItem,
  columns: Column[],
  options: ListingOptions,
  locale: Locale,
  label: (item: ProductListItem) => string,
  casePrice: (price: string) => string,
): Partial<Record<ColumnKey, string[]>> {
  const cell = (key: ColumnKey): string[] => {
    switch (key) {
      case "name":
        return [item.name];
      case "vintage":
        return [item.vintage ? String(item.vintage) : "—"];
      case "volume":
        return [item.volumeMl ? formatVolume(item.volumeMl, locale) : "—"];
      case "uvc":
        return [String(item.uvc)];
      case "channel":
        return [label(item)];
      case "quantity":
        return [formatCount(item.quantity, locale)];
      case "price": {
        const price = displayPrice(item, options.taxes);
        return price.caseCents === null
          ? [formatMoney(price.unitCents, locale)]
          : [formatMoney(price.unitCents, locale), casePrice(formatMoney(price.caseCents, locale))];
      }
    }
  };
  const result: Partial<Record<ColumnKey, string[]>> = {};
  for (const column of columns) result[column.key] = cell(column.key);
  return result;
}

/** Writes the list top to bottom, adding pages with their header as it goes. */
class ListWriter {
  page!: PDFPage;
  /** The page's current font: set only when it changes (each `setFont` adds to the page's resources). */
  private font: PDFFont | null = null;
  y = 0;
  pages = 0;
  readonly date: string;

  constructor(
    private readonly doc: Awaited<ReturnType<typeof createListingDocument>>["doc"],
    private readonly fonts: Fonts,
    private readonly input: PriceListInput,
    private readonly t: TFunction,
    readonly columns: Column[],
  ) {
    this.date = formatLongDate(input.date.toISOString(), input.locale);
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK; align?: "left" | "right" } = {}): void {
    const size = options.size ?? SIZE;
    const bold = options.bold ?? false;
    const left = options.align === "right" ? x - this.fonts.width(value, size, bold) : x;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    if (font !== this.font) {
      this.page.setFont(font);
      this.font = font;
    }
    this.page.drawText(value, { x: left, y: this.y - size, size, color: options.color ?? INK });
  }

  rule(y = this.y): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.5, color: RULE });
  }

  /** A new page: logo, title and date; on the first, the filters; then the column headers. */
  newPage(): void {
    const { t, input, fonts } = this;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.font = null;
    this.pages++;
    this.y = PAGE_HEIGHT - MARGIN;
    drawLogo(this.page, fonts, input.shopName, MARGIN, this.y, 20);
    this.text(t("listing.title"), RIGHT, { size: 14, bold: true, align: "right", color: WINE });
    this.y -= 17;
    this.text(this.date, RIGHT, { size: SIZE, align: "right", color: MUTED });
    this.y -= 18;
    if (this.pages === 1) {
      for (const line of fonts.wrap(input.filterLines.join(" · "), RIGHT - MARGIN, SIZE)) {
        this.text(line, MARGIN, { color: MUTED });
        this.y -= LEADING;
      }
      this.y -= 6;
    }
    for (const column of this.columns) this.text(column.header, column.x, { bold: true, align: column.align });
    this.y -= LEADING + 2;
    this.rule();
    this.y -= 4;
  }

  /** Room for `height` points on this page, else a new page (returns whether one was started). */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  heading(run: ListingRun, continued: boolean): void {
    const { group } = run;
    const name = this.fonts.fit(group.providerName, RIGHT - MARGIN - 200, HEADING_SIZE, true);
    this.text(name, MARGIN, { size: HEADING_SIZE, bold: true, color: WINE });
    const after = [group.countryName ?? this.t("listing.noCountry"), continued ? this.t("listing.continued") : ""]
      .filter(Boolean)
      .join(" · ");
    this.text(` — ${after}`, MARGIN + this.fonts.width(name, HEADING_SIZE, true), { size: HEADING_SIZE, color: MUTED });
    this.y -= HEADING_SIZE + 6;
  }

  /** The lines of each cell of a row (the name wraps to two lines at most) and the row's height. */
  layout(cellLines: Partial<Record<ColumnKey, string[]>>): { lines: Map<ColumnKey, string[]>; height: number } {
    const lines = new Map<ColumnKey, string[]>();
    for (const column of this.columns) {
      const values = cellLines[column.key] ?? [];
      lines.set(
        column.key,
        column.key === "name"
          ? this.fonts.wrap(values[0]!, column.width, SIZE).slice(0, 2)
          : values.map((v, i) => this.fonts.fit(v, column.width, i === 0 ? SIZE : SIZE - 1)),
      );
    }
    return { lines, height: Math.max(...[...lines.values()].map((l) => l.length)) * LEADING + 2 };
  }

  row({ lines, height }: { lines: Map<ColumnKey, string[]>; height: number }): void {
    const top = this.y;
    for (const column of this.columns) {
      lines.get(column.key)!.forEach((value, i) => {
        this.y = top - i * LEADING;
        const secondary = i > 0 && column.key !== "name";
        this.text(value, column.x, { align: column.align, size: secondary ? SIZE - 1 : SIZE, color: secondary ? MUTED : INK });
      });
    }
    this.y = top - height;
  }
}

/**
 * Draws a price list.
 * @returns the PDF's bytes, the number of product rows and of pages.
 */
export async function renderPriceListPdf(input: PriceListInput): Promise<PriceListPdf> {
  const t = translatorFor(input.locale);
  const { doc, fonts } = await createListingDocument({ title: t("listing.title"), author: input.shopName, language: input.locale });
  doc.setCreationDate(input.date);
  const w = new ListWriter(doc, fonts, input, t, columns(input.options, t));
  w.newPage();
  // The channel column's few labels, translated once.
  const labels = new Map<string, string>();
  const channelLabel = (item: ProductListItem) => {
    const key = `${item.inventoryCode}:${item.availabilityStatus}`;
    let label = labels.get(key);
    if (label === undefined) {
      const channel = t(channelNameKey(item.inventoryCode));
      label = item.availabilityStatus === "UPCOMING" ? t("listing.upcoming", { channel }) : channel;
      labels.set(key, label);
    }
    return label;
  };
  const [caseBefore, caseAfter] = t("listing.casePrice", { price: "\u0000" }).split("\u0000");
  const casePrice = (price: string) => `${caseBefore ?? ""}${price}${caseAfter ?? ""}`;
  const maxRows = input.maxRows ?? PRICE_LIST_MAX_ROWS;
  let rows = 0;
  let truncated = false;
  let lastGroup: string | null = null;
  // Leaving the loop early ends the row scan too (the generator's return).
  list: for await (const batch of input.batches) {
    for (const run of batch) {
      if (rows === maxRows) {
        truncated = true;
        break list;
      }
      const key = `${run.group.providerId}:${run.group.countryCode ?? ""}`;
      if (key !== lastGroup) {
        // A heading keeps at least its first row with it.
        if (w.ensure(HEADING_SIZE + 6 + 2 * LEADING + 2)) await nextTurn();
        w.heading(run, false);
        lastGroup = key;
      }
      for (const item of run.items) {
        if (rows === maxRows) {
          truncated = true;
          break list;
        }
        const row = w.layout(cells(item, w.columns, input.options, input.locale, channelLabel, casePrice));
        if (w.ensure(row.height)) {
          w.heading(run, true);
          // A page is done: let other requests through before drawing the next.
          await nextTurn();
        }
        w.row(row);
        rows++;
      }
    }
    await nextTurn();
  }
  if (rows === 0) w.text(t("listing.empty"), MARGIN, { color: MUTED });
  if (truncated) {
    w.ensure(2 * LEADING);
    w.text(t("listing.truncated", { shown: formatCount(maxRows, input.locale) }), MARGIN, { color: WINE });
  }

  // Footers, once the page count is known; a turn every 50 pages.
  const pages = doc.getPages();
  const footerLeft = `${input.shopName} — ${t("listing.title")} — ${w.date}`;
  for (const [i, page] of pages.entries()) {
    const footer = t("listing.page", { page: i + 1, pages: pages.length });
    page.setFont(fonts.regular);
    page.drawText(footer, { x: RIGHT - fonts.width(footer, 8), y: MARGIN - 4, size: 8, color: MUTED });
    page.drawText(footerLeft, { x: MARGIN, y: MARGIN - 4, size: 8, color: MUTED });
    if (i % 50 === 49) await nextTurn();
  }
  return { bytes: await saveDocument(doc), rows, pages: pages.length, truncated };
}

/**
 * The filters of a list as phrases for the PDF's first page: the region and tax mode, what is shown,
 * then each /products filter in use (searched text, channels, types, countries, regions, attributes,
 * price range).
 */
function describeListing(
  filters: ProductFilters,
  options: ListingOptions,
  reference: ReferenceData,
  locale: Locale,
  t: TFunction,
): string[] {
  const list = (values: string[]) => values.join(", ");
  const money = (cents: number) => formatMoney(cents, locale);
  const phrases = [
    t("listing.describe.region", { region: t(`provinces.${LISTING_REGIONS[options.region]}`) }),
    ...(options.showPrices ? [t(options.taxes === "IN" ? "listing.describe.taxIn" : "listing.describe.taxOut")] : []),
    t(`listing.describe.show.${options.show}`),
  ];
  if (filters.text) phrases.push(t("listing.describe.text", { text: filters.text }));
  if (filters.inventories.length)
    phrases.push(t("listing.describe.channels", { values: list(filters.inventories.map((c) => t(channelNameKey(c)))) }));
  if (filters.types.length) phrases.push(t("listing.describe.types", { values: list(filters.types.map((c) => t(`types.${c}`))) }));
  phrases.push(...describeOrigins(filters, reference, locale, t));
  if (filters.maxCents !== null) {
    phrases.push(t("listing.describe.price", { min: money(filters.minCents ?? 0), max: money(filters.maxCents) }));
  }
  return phrases;
}

/**
 * The price list of a `/listing` query (docs/product.md#price-list), for a visitor.
 *
 * The product filters are read as /products reads them; the list covers the `region`'s province
 * (its default channels when none is asked for; channels of the other province asked for are
 * dropped), in the `taxes` mode, with the statuses of `show`.
 * @param params the query: /products filters and the options of {@link parseListingOptions}.
 * @param visitor the visitor's language, tax mode and province (the options' defaults).
 * Drawn in one of the process's {@link priceListSlots} (at most two lists at once).
 * @returns the file name (`liste-de-prix-1763884800.pdf`, `price-list-…` in English) and the PDF;
 *   or the refused options as i18n keys by parameter (the route answers 400); or `busy` when no
 *   slot freed in time (the route answers 503).
 */
export async function buildPriceList(
  db: Database,
  params: URLSearchParams,
  visitor: { locale: Locale; taxMode: TaxMode; province: Province },
  now: Date = new Date(),
): Promise<({ ok: true; fileName: string } & PriceListPdf) | { ok: false; errors: Record<string, string> } | { ok: false; busy: true }> {
  const parsed = parseListingOptions(params, visitor);
  if (!parsed.ok) return parsed;
  const { options } = parsed;
  const reference = await getReferenceData(db);
  const province = LISTING_REGIONS[options.region];
  const asked = parseProductFilters(params, reference.known);
  const filters: ProductFilters = {
    ...asked,
    inventories: asked.inventories.filter((code) => reference.inventoryByCode.get(code)?.province === province),
  };
  const t = translatorFor(visitor.locale);
  const draw = () =>
    renderPriceListPdf({
      locale: visitor.locale,
      options,
      filterLines: describeListing(filters, options, reference, visitor.locale, t),
      shopName: SITE_NAME,
      date: now,
      batches: productListingBatches(db, reference, filters, {
        province,
        taxMode: options.taxes,
        locale: visitor.locale,
        availability: availabilityOf(options.show),
      }),
    });
  let pdf: PriceListPdf;
  try {
    pdf = await priceListSlots.run(draw);
  } catch (error) {
    if (error instanceof SlotsBusyError) return { ok: false, busy: true };
    throw error;
  }
  return { ok: true, fileName: `${t("listing.fileName")}-${timestampSeconds(now)}.pdf`, ...pdf };
}
