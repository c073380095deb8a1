/**
 * The producers list as a PDF (docs/product.md#producers producers listing: "Printing to PDF: A4 landscape preview
 * with a logo header"; docs/product.md#producers "PDF: A4 landscape, quality 2, pagination by height 1400, filename a
 * timestamp in seconds"; docs/decisions/021-price-list-and-producers-pdf.md).
 *
 * The producers of the /providers page being looked at (same filters, same page and page size,
 * same order and country groups), as cards: the producer's colour tile, name, origin, the number of
 * products offered in the province and the first few of them.
 *
 * Pagination by height: the spec's original cut a 2× rendering of the page into slices 1400 CSS px
 * high, each scaled onto one A4 landscape page. Here the layout is done in those CSS px on a virtual
 * page of 1400 px high by 1980 px wide (the A4 landscape ratio), and drawn at 595.28 / 1400 ≈ 0.425
 * pt per px; a row of cards that would cross a 1400 px boundary starts the next page instead of
 * being cut. Text and shapes are vectors, so the spec's "quality 2" (the raster's scale) has no
 * object: the PDF is sharp at any zoom.
 */
import type { TFunction } from "i18next";
import type { PDFFont, PDFPage } from "pdf-lib";
import { rgb } from "pdf-lib";
import { parseProviderFilters, type ProviderFilters } from "~/catalogue/provider-filters";
import { listProviders, type ProviderCard, type ProviderGroup } from "~/catalogue/providers.server";
import { getReferenceData, type ReferenceData } from "~/catalogue/reference.server";
import type { Database } from "~/db/client.server";
import { formatLongDate } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import { SITE_NAME } from "~/lib/brand";
import type { Pagination } from "~/lib/pagination";
import type { Locale, Province } from "~/vocabulary";
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

/** docs/product.md#producers: the height of one page of the printed list, in CSS px. */
const PAGE_HEIGHT_PX = 1400;
/** The width of the virtual page in CSS px: A4 landscape's ratio at 1400 px high. */
const PAGE_WIDTH_PX = Math.round((PAGE_HEIGHT_PX * A4_LANDSCAPE.width) / A4_LANDSCAPE.height);
/** Points per CSS px of the virtual page. */
const PT_PER_PX = A4_LANDSCAPE.height / PAGE_HEIGHT_PX;

const MARGIN = 60;
const HEADER_HEIGHT = 170;
const FOOTER_HEIGHT = 50;
const COLUMNS = 4;
const GAP = 24;
const CARD_WIDTH = (PAGE_WIDTH_PX - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS;
const CARD_HEIGHT = 200;
const HEADING_HEIGHT = 64;
/** Products named on a card, after which "and N more". */
const PRODUCTS_ON_CARD = 3;

interface ProvidersPdfInput {
  locale: Locale;
  shopName: string;
  date: Date;
  /** The page's producers by country, with their products in the province (`listProviders(…, true)`). */
  groups: ProviderGroup[];
  pagination: Pagination;
  /** The filters that made the list, one phrase each, written under the title. */
  filterLines: string[];
}

/** Draws on the virtual page in CSS px from its top-left corner. */
class PxPage {
  /** The page's current font: set only when it changes (each `setFont` adds to the page's resources). */
  private font: PDFFont | null = null;

  constructor(
    readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  text(
    value: string,
    x: number,
    top: number,
    size: number,
    options: { bold?: boolean; color?: typeof INK; align?: "left" | "right" } = {},
  ): void {
    const bold = options.bold ?? false;
    const width = this.fonts.width(value, size * PT_PER_PX, bold) / PT_PER_PX;
    const left = options.align === "right" ? x - width : x;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    if (font !== this.font) {
      this.page.setFont(font);
      this.font = font;
    }
    // The baseline sits at about 80 % of the font size below the line's top.
    this.page.drawText(value, {
      x: left * PT_PER_PX,
      y: A4_LANDSCAPE.height - (top + size * 0.8) * PT_PER_PX,
      size: size * PT_PER_PX,
      color: options.color ?? INK,
    });
  }

  fit(value: string, width: number, size: number, bold = false): string {
    return this.fonts.fit(value, width * PT_PER_PX, size * PT_PER_PX, bold);
  }

  rect(x: number, top: number, width: number, height: number, options: { color?: typeof INK; border?: typeof INK }): void {
    this.page.drawRectangle({
      x: x * PT_PER_PX,
      y: A4_LANDSCAPE.height - (top + height) * PT_PER_PX,
      width: width * PT_PER_PX,
      height: height * PT_PER_PX,
      color: options.color,
      borderColor: options.border,
      borderWidth: options.border ? 0.6 : 0,
    });
  }

  line(x1: number, x2: number, top: number): void {
    const y = A4_LANDSCAPE.height - top * PT_PER_PX;
    this.page.drawLine({ start: { x: x1 * PT_PER_PX, y }, end: { x: x2 * PT_PER_PX, y }, thickness: 0.6, color: RULE });
  }
}

/** `#7a1f3d` → an rgb colour; anything else → the shop's wine (the default image's colour). */
function tileColor(hex: string | null) {
  const match = hex ? /^#?([0-9a-f]{6})$/i.exec(hex) : null;
  if (!match) return WINE;
  const n = parseInt(match[1]!, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

function drawCard(p: PxPage, provider: ProviderCard, x: number, top: number, t: TFunction): void {
  const count = provider.productCount;
  p.rect(x, top, CARD_WIDTH, CARD_HEIGHT, { color: rgb(1, 1, 1), border: RULE });
  const pad = 18;
  const tile = 72;
  p.rect(x + pad, top + pad, tile, tile, { color: tileColor(provider.imageColor) });
  const initial = provider.name.trim().charAt(0).toUpperCase();
  if (initial) p.text(initial, x + pad + tile / 2 - 14, top + pad + 16, 40, { bold: true, color: rgb(1, 1, 1) });
  const textX = x + pad + tile + 16;
  const textWidth = CARD_WIDTH - (textX - x) - pad;
  p.text(p.fit(provider.name, textWidth, 26, true), textX, top + pad, 26, { bold: true });
  const origin = provider.origins[0];
  if (origin)
    p.text(p.fit([origin.countryName, origin.regionName].filter(Boolean).join(" · "), textWidth, 20), textX, top + pad + 36, 20, {
      color: MUTED,
    });
  p.text(t("listing.providers.products", { count }), textX, top + pad + 64, 20, { color: WINE });
  const names = provider.products
    .slice(0, PRODUCTS_ON_CARD)
    .map((product) => (product.vintage ? `${product.name} ${product.vintage}` : product.name));
  names.forEach((name, i) => p.text(p.fit(`· ${name}`, CARD_WIDTH - 2 * pad, 18), x + pad, top + pad + tile + 14 + i * 24, 18));
  if (count > names.length && names.length > 0) {
    p.text(t("listing.providers.more", { count: count - names.length }), x + pad, top + pad + tile + 14 + names.length * 24, 16, {
      color: MUTED,
    });
  }
}

/**
 * Draws the producers of one page of the list.
 * @returns the PDF's bytes and its number of pages.
 */
async function renderProvidersPdf(input: ProvidersPdfInput): Promise<{ bytes: Uint8Array<ArrayBuffer>; pages: number }> {
  const t = translatorFor(input.locale);
  const { doc, fonts } = await createListingDocument({
    title: t("listing.providers.title"),
    author: input.shopName,
    language: input.locale,
  });
  doc.setCreationDate(input.date);
  const date = formatLongDate(input.date.toISOString(), input.locale);
  const bottom = PAGE_HEIGHT_PX - FOOTER_HEIGHT;

  let p!: PxPage;
  let top = 0;
  const newPage = () => {
    const page = doc.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
    // The logo header (docs/product.md#layout): logo and wordmark left, title and date right, the filters below.
    drawLogo(page, fonts, input.shopName, MARGIN * PT_PER_PX, A4_LANDSCAPE.height - MARGIN * PT_PER_PX, 56 * PT_PER_PX);
    p = new PxPage(page, fonts);
    p.text(t("listing.providers.title"), PAGE_WIDTH_PX - MARGIN, MARGIN - 4, 40, { bold: true, align: "right", color: WINE });
    p.text(date, PAGE_WIDTH_PX - MARGIN, MARGIN + 44, 20, { align: "right", color: MUTED });
    const summary = p.fit(input.filterLines.join(" · "), PAGE_WIDTH_PX - 2 * MARGIN, 20);
    p.text(summary, MARGIN, MARGIN + 72, 20, { color: MUTED });
    p.line(MARGIN, PAGE_WIDTH_PX - MARGIN, HEADER_HEIGHT - 10);
    top = HEADER_HEIGHT;
  };
  newPage();

  for (const group of input.groups) {
    for (let start = 0; start < group.providers.length; start += COLUMNS) {
      const row = group.providers.slice(start, start + COLUMNS);
      const first = start === 0;
      let heading = first || top === HEADER_HEIGHT;
      if (top + (heading ? HEADING_HEIGHT : 0) + CARD_HEIGHT > bottom) {
        newPage();
        heading = true;
      }
      // A group continued on a new page repeats its heading.
      if (heading) {
        const continued = first ? "" : ` · ${t("listing.continued")}`;
        p.text(`${group.countryName || t("listing.noCountry")}${continued}`, MARGIN, top + 10, 30, { bold: true });
        p.line(MARGIN, PAGE_WIDTH_PX - MARGIN, top + HEADING_HEIGHT - 14);
        top += HEADING_HEIGHT;
      }
      row.forEach((provider, i) => drawCard(p, provider, MARGIN + i * (CARD_WIDTH + GAP), top, t));
      top += CARD_HEIGHT + GAP;
    }
  }
  if (input.groups.length === 0) p.text(t("listing.providers.empty"), MARGIN, top + 10, 22, { color: MUTED });

  const pages = doc.getPages();
  const footerLeft = t("listing.providers.pageOf", {
    page: input.pagination.page,
    pages: input.pagination.totalPages,
    count: input.pagination.total,
  });
  pages.forEach((page, i) => {
    const px = new PxPage(page, fonts);
    px.text(footerLeft, MARGIN, PAGE_HEIGHT_PX - MARGIN + 10, 18, { color: MUTED });
    px.text(t("listing.page", { page: i + 1, pages: pages.length }), PAGE_WIDTH_PX - MARGIN, PAGE_HEIGHT_PX - MARGIN + 10, 18, {
      color: MUTED,
      align: "right",
    });
  });
  return { bytes: await saveDocument(doc), pages: pages.length };
}

/** The /providers filters as phrases: province, searched name, origins, characteristics. */
function describeProviders(filters: ProviderFilters, reference: ReferenceData, locale: Locale, t: TFunction): string[] {
  const phrases = [t("listing.describe.region", { region: t(`provinces.${filters.province}`) })];
  if (filters.text) phrases.push(t("listing.describe.text", { text: filters.text }));
  phrases.push(...describeOrigins(filters, reference, locale, t));
  return phrases;
}

/**
 * The producers PDF of a `/listing/providers` query: the page of /providers the same query shows
 * (its filters, `page` and `size`; a page past the last gives the last, as /providers redirects).
 * Malformed values are ignored as /providers ignores them.
 * @returns the file name (`1763884800.pdf`, docs/product.md#producers), the PDF, its page count and how many
 *   producers it holds.
 */
export async function buildProvidersPdf(
  db: Database,
  params: URLSearchParams,
  visitor: { locale: Locale; province: Province },
  now: Date = new Date(),
): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer>; pages: number; producers: number }> {
  const reference = await getReferenceData(db);
  const filters = parseProviderFilters(params, visitor.province);
  const result = await listProviders(db, reference, filters, visitor.locale, true);
  const ids = result.groups.flatMap((g) => g.providers.map((p) => p.id));
  const t = translatorFor(visitor.locale);
  const pdf = await renderProvidersPdf({
    locale: visitor.locale,
    shopName: SITE_NAME,
    date: now,
    groups: result.groups,
    pagination: result.pagination,
    filterLines: describeProviders(filters, reference, visitor.locale, t),
  });
  return { fileName: `${timestampSeconds(now)}.pdf`, ...pdf, producers: ids.length };
}
