/**
 * Invoices as PDF (docs/product.md#invoices-and-order-history "Invoice: PDF named 'Invoice-{number}'", `GET /invoices/{id}/report`)
 * , built with pdf-lib and DejaVu Sans (the `dejavu-fonts-ttf` package) embedded and
 * subset, so French renders, narrow no-break spaces of amounts included (docs/decisions/021-price-list-and-producers-pdf.md: the standard
 * Helvetica cannot encode U+202F). Written in the order's language: the agency's name, address and
 * registration numbers (GST and QST in Quebec, HST in Ontario), the order, confirmation number and
 * date, the buyer, each charged line, the member discount, the tax lines of each part with their
 * rates, pay now, pay at the SAQ/LCBO and the total. A4 portrait; the lines flow onto as many
 * pages as they need, the table header repeated on each.
 */
import fontkit from "@pdf-lib/fontkit";
import type { TFunction } from "i18next";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import {
  type BillingAddress,
  type CustomerOrder,
  getBillingAddress,
  getCustomerOrder,
  getOrderForItsBuyer,
  hasInvoice,
  invoiceFileName,
  lineView,
} from "~/accounts/order-history.server";
import type { Database } from "~/db/client.server";
import { type AgencyIdentity, getEnv } from "~/env.server";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatMoney, moneyLocale } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import { fontBytes } from "~/lib/pdf-fonts.server";
import { phoneForDisplay } from "~/lib/phone";
import { RATE_DENOMINATOR } from "~/pricing/constants";
import { taxLinesFor } from "~/pricing/taxes";
import { LIQUOR_BOARD_OF, type PaymentPart, type TaxCode } from "~/vocabulary";

/** What an invoice is made of: the order with its details, the billing address, the issuer. */
export interface InvoiceInput {
  order: CustomerOrder;
  /** The customer's BILLING address, or null (the invoice then gives name and contact only). */
  billingAddress: BillingAddress | null;
  agency: AgencyIdentity;
}

/** A4 portrait, in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
/** Room kept at the bottom of every page for its footer. */
const FOOTER_HEIGHT = 30;
const RIGHT = PAGE_WIDTH - MARGIN;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.38, 0.36, 0.34);
const RULE = rgb(0.8, 0.78, 0.76);

/** The line table: left edges, or right edges for the money columns. */
const COLUMNS = { product: MARGIN, vintage: 236, quantity: 292, unitPriceRight: 478, amountRight: RIGHT } as const;
const PRODUCT_WIDTH = COLUMNS.vintage - COLUMNS.product - 8;
const QUANTITY_WIDTH = 122;
const TABLE_SIZE = 9;
const TABLE_LEADING = 11.5;

/** Writes on the pages of one document, top to bottom, adding pages as it goes. */
class Writer {
  page: PDFPage;
  y = PAGE_HEIGHT - MARGIN;
  /** Drawn at the top of each new page (the table header while lines are being written). */
  onNewPage: (() => void) | null = null;
  /** The page's current font: set only when it changes (each `setFont` adds to the page's resources). */
  private font: PDFFont | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly continuation: string,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  /** Starts a new page when `height` points no longer fit above the footer. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.font = null;
    this.y = PAGE_HEIGHT - MARGIN;
    this.text(this.continuation, MARGIN, { size: 9, color: MUTED });
    this.y -= 20;
    this.onNewPage?.();
  }

  /** Draws one line of text at the current height. */
  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK; align?: "left" | "right" } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const left = options.align === "right" ? x - font.widthOfTextAtSize(value, size) : x;
    if (font !== this.font) {
      this.page.setFont(font);
      this.font = font;
    }
    this.page.drawText(value, { x: left, y: this.y - size, size, color: options.color ?? INK });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.5, color: RULE });
  }

  /**
   * Greedy word wrap to `width` points, breaking only at ordinary spaces (never at a no-break
   * space: "12 000,00 $" and "« Les Trois »" stay whole); a word wider than the width is cut.
   */
  wrap(value: string, width: number, size: number, bold = false): string[] {
    const font = bold ? this.bold : this.regular;
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    let current = "";
    for (const word of value.split(/[ \t\r\n]+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (!fits(current)) {
        let cut = current.length - 1;
        while (cut > 1 && !fits(current.slice(0, cut))) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }
}

function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(moneyLocale(locale), { style: "percent", maximumFractionDigits: 3 }).format(rate / RATE_DENOMINATOR);
}

function addressLines(address: BillingAddress, t: TFunction): string[] {
  const street = [address.civicNumber, address.street].filter(Boolean).join(" ");
  return [
    address.aptSuite ? t("invoice.addressWithApt", { street, apt: address.aptSuite }) : street,
    t("invoice.cityLine", { city: address.city, province: address.province, postalCode: address.postalCode }),
  ];
}

/**
 * Builds the invoice of an order as a PDF, in the order's language (`order.locale`).
 * @returns the PDF file's bytes.
 */
export async function renderInvoicePdf({ order: details, billingAddress, agency }: InvoiceInput): Promise<Uint8Array<ArrayBuffer>> {
  const { order, lines, taxLines, reservations } = details;
  const locale = order.locale;
  const t = translatorFor(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const board = LIQUOR_BOARD_OF[order.province];
  const date = new Intl.DateTimeFormat(moneyLocale(locale), { dateStyle: "long", timeZone: "America/Toronto" }).format(order.createdAt);

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = await fontBytes();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  doc.setTitle(t("invoice.documentTitle", { number: order.orderNumber }));
  doc.setAuthor(agency.name);
  doc.setCreator(agency.name);
  doc.setLanguage(locale);
  doc.setCreationDate(order.createdAt);

  const w = new Writer(doc, regular, bold, t("invoice.continued", { number: order.orderNumber }));

  // The issuer, left; the invoice's numbers, right.
  const top = w.y;
  w.text(agency.name, MARGIN, { size: 15, bold: true });
  w.y -= 20;
  const registrationOf: Record<TaxCode, string | null> = { GST: agency.gstNumber, QST: agency.qstNumber, HST: agency.hstNumber };
  const registrations = taxLinesFor(order.province).map((code) => [code, registrationOf[code]] as const);
  for (const line of [
    ...agency.addressLines,
    ...registrations.filter(([, n]) => n).map(([code, number]) => t("invoice.registration", { tax: t(`invoice.tax.${code}`), number })),
    agency.supportEmail,
  ]) {
    w.text(line, MARGIN, { size: 9, color: MUTED });
    w.y -= 12;
  }
  const leftBottom = w.y;
  w.y = top;
  w.text(t("invoice.title"), RIGHT, { size: 20, bold: true, align: "right" });
  w.y -= 28;
  for (const [label, value] of [
    [t("invoice.orderNumber"), order.orderNumber],
    [t("invoice.confirmationNumber"), order.confirmationNumber],
    [t("invoice.date"), date],
    [t("invoice.status"), t(`history.status.${order.status}`)],
  ] as const) {
    w.text(t("invoice.pair", { label, value }), RIGHT, { size: 9, align: "right" });
    w.y -= 12;
  }
  w.y = Math.min(w.y, leftBottom) - 14;

  // The buyer, left; pick-up, right.
  const blockTop = w.y;
  w.text(t("invoice.billTo"), MARGIN, { size: 9, bold: true, color: MUTED });
  w.y -= 13;
  for (const line of [
    `${order.firstName} ${order.lastName}`.trim(),
    order.email,
    phoneForDisplay(order.phone),
    ...(billingAddress ? addressLines(billingAddress, t) : []),
  ].filter(Boolean)) {
    w.text(line, MARGIN, { size: 10 });
    w.y -= 13;
  }
  const buyerBottom = w.y;
  w.y = blockTop;
  const pickupX = 300;
  const pickups: string[] = [];
  if (order.branchLabel) pickups.push(t("invoice.branch", { board }), ...w.wrap(order.branchLabel, RIGHT - pickupX, 9));
  if (order.boutiqueCode) pickups.push(t("invoice.pickupBoutique"), t(boutiqueNameKey(order.boutiqueCode)));
  if (pickups.length > 0) {
    w.text(t("invoice.pickup"), pickupX, { size: 9, bold: true, color: MUTED });
    w.y -= 13;
    for (const line of pickups) {
      w.text(line, pickupX, { size: 9 });
      w.y -= 12;
    }
  }
  w.y = Math.min(w.y, buyerBottom) - 14;

  // The charged lines (reservations are not charged: listed after).
  const tableHeader = () => {
    w.text(t("invoice.columns.product"), COLUMNS.product, { size: TABLE_SIZE, bold: true });
    w.text(t("invoice.columns.vintage"), COLUMNS.vintage, { size: TABLE_SIZE, bold: true });
    w.text(t("invoice.columns.quantity"), COLUMNS.quantity, { size: TABLE_SIZE, bold: true });
    w.text(t("invoice.columns.unitPrice"), COLUMNS.unitPriceRight, { size: TABLE_SIZE, bold: true, align: "right" });
    w.text(t("invoice.columns.amount"), COLUMNS.amountRight, { size: TABLE_SIZE, bold: true, align: "right" });
    w.y -= TABLE_LEADING + 3;
    w.rule();
    w.y -= 4;
  };
  const charged = lines.filter((l): l is typeof l & { section: "AGENCY" | "SHOP" } => l.section !== "RESERVED").map(lineView);
  w.ensure(3 * TABLE_LEADING + 10);
  tableHeader();
  w.onNewPage = tableHeader;
  for (const line of charged) {
    const name = w.wrap(line.name, PRODUCT_WIDTH, TABLE_SIZE);
    const provider = w.wrap(line.providerName, PRODUCT_WIDTH, 8);
    const quantity = w.wrap(
      line.section === "AGENCY"
        ? t("invoice.cases", { count: line.quantity, uvc: line.uvc })
        : t("invoice.units", { count: line.quantity }),
      QUANTITY_WIDTH,
      TABLE_SIZE,
    );
    const rows = Math.max(name.length + provider.length, quantity.length);
    w.ensure(rows * TABLE_LEADING + 6);
    const rowTop = w.y;
    name.forEach((text, i) => {
      w.y = rowTop - i * TABLE_LEADING;
      w.text(text, COLUMNS.product, { size: TABLE_SIZE });
    });
    provider.forEach((text, i) => {
      w.y = rowTop - (name.length + i) * TABLE_LEADING;
      w.text(text, COLUMNS.product, { size: 8, color: MUTED });
    });
    quantity.forEach((text, i) => {
      w.y = rowTop - i * TABLE_LEADING;
      w.text(text, COLUMNS.quantity, { size: TABLE_SIZE });
    });
    w.y = rowTop;
    if (line.vintage) w.text(String(line.vintage), COLUMNS.vintage, { size: TABLE_SIZE });
    w.text(money(line.unitPriceCents), COLUMNS.unitPriceRight, { size: TABLE_SIZE, align: "right" });
    w.text(money(line.amountCents), COLUMNS.amountRight, { size: TABLE_SIZE, align: "right" });
    w.y = rowTop - rows * TABLE_LEADING - 4;
    w.rule();
    w.y -= 4;
  }
  w.onNewPage = null;
  if (charged.length === 0) {
    w.text(t("invoice.noLines"), MARGIN, { size: TABLE_SIZE, color: MUTED });
    w.y -= TABLE_LEADING + 4;
  }

  if (reservations.length > 0) {
    w.y -= 6;
    w.ensure(2 * TABLE_LEADING + 8);
    w.text(t("invoice.reservations"), MARGIN, { size: TABLE_SIZE, bold: true });
    w.y -= TABLE_LEADING + 2;
    for (const r of reservations) {
      const quantity = r.byCase
        ? t("invoice.cases", { count: r.quantity, uvc: r.bottles / r.quantity })
        : t("invoice.units", { count: r.quantity });
      for (const text of w.wrap(
        `${r.productName} — ${quantity} — ${t(`history.reservationStatus.${r.status}`)}`,
        RIGHT - MARGIN,
        TABLE_SIZE,
      )) {
        w.ensure(TABLE_LEADING);
        w.text(text, MARGIN, { size: TABLE_SIZE });
        w.y -= TABLE_LEADING;
      }
    }
  }

  // The summary: what the agency collects now, what the liquor board collects at pick-up.
  const payNowBase = order.agencyFeesCents + order.boutiqueCents - order.memberDiscountCents;
  // The discount's label says which benefit it is (decision 048); an order without the column's value is a member's.
  const discovery = order.priceBenefit === "DISCOVERY";
  const discountKey = discovery ? "invoice.discoveryDiscount" : "invoice.memberDiscount";
  const discountNoteKey = discovery ? "invoice.notes.discoveryDiscount" : "invoice.notes.memberDiscount";
  const taxesOf = (part: PaymentPart) => taxLines.filter((l) => l.part === part);
  const taxRow = (line: { code: TaxCode; rate: number; amountCents: number }) =>
    [
      t("invoice.taxLine", { tax: t(`invoice.tax.${line.code}`), rate: formatRate(line.rate, locale) }),
      money(line.amountCents),
      false,
    ] as const;
  const summary: (readonly [string, string, boolean])[] = [
    [t("invoice.agencyFees"), money(order.agencyFeesCents), false],
    [t("invoice.boutique"), money(order.boutiqueCents), false],
    ...(order.memberDiscountCents > 0 ? [[t(discountKey), money(-order.memberDiscountCents), false] as const] : []),
    ...(payNowBase > 0 ? taxesOf("PAY_NOW").map(taxRow) : []),
    [t("invoice.payNow"), money(order.payNowCents), true],
    [t("invoice.liquorBoardFees", { board }), money(order.liquorBoardFeesCents), false],
    ...(order.liquorBoardFeesCents > 0 ? taxesOf("LIQUOR_BOARD").map(taxRow) : []),
    [t("invoice.payAtBoard", { board }), money(order.payAtLiquorBoardCents), true],
    [t("invoice.total"), money(order.totalCents), true],
  ];
  const labelX = 300;
  w.y -= 10;
  w.ensure(summary.length * 17 + 10);
  for (const [label, amount, strong] of summary) {
    if (strong) {
      w.y -= 3;
      w.page.drawLine({ start: { x: labelX, y: w.y + 1.5 }, end: { x: RIGHT, y: w.y + 1.5 }, thickness: 0.5, color: RULE });
    }
    w.text(label, labelX, { size: 10, bold: strong });
    w.text(amount, RIGHT, { size: 10, bold: strong, align: "right" });
    w.y -= 14;
  }

  // Notes.
  w.y -= 10;
  const notes = [
    t("invoice.notes.payNow", { agency: agency.name }),
    ...(order.liquorBoardFeesCents > 0 ? [t("invoice.notes.board", { board })] : []),
    ...(order.memberDiscountCents > 0 ? [t(discountNoteKey)] : []),
  ];
  for (const note of notes) {
    for (const text of w.wrap(note, RIGHT - MARGIN, 8)) {
      w.ensure(11);
      w.text(text, MARGIN, { size: 8, color: MUTED });
      w.y -= 11;
    }
    w.y -= 3;
  }

  // Footers: the order number and the page of every page.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = t("invoice.footer", { number: order.orderNumber, page: i + 1, pages: pages.length });
    page.setFont(regular);
    page.drawText(footer, { x: RIGHT - regular.widthOfTextAtSize(footer, 8), y: MARGIN - 20, size: 8, color: MUTED });
  });
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Uint8Array(await doc.save());
}

/**
 * The invoice of a customer's order: only its owner gets it.
 * @returns the file name (`Invoice-CUV-000123.pdf`) and the PDF's bytes, or null when the number
 *   is malformed, names no order, names another customer's order, or names an order not paid
 *   (pending, cancelled, expired: no invoice yet) — the caller answers 404 to all alike.
 */
export async function customerInvoice(
  db: Database,
  customerId: number,
  orderNumber: string,
  agency: AgencyIdentity = getEnv().agency,
): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer> } | null> {
  const order = await getCustomerOrder(db, customerId, orderNumber);
  if (!order || !hasInvoice(order.order)) return null;
  const billingAddress = await getBillingAddress(db, customerId);
  return { fileName: invoiceFileName(order.order.orderNumber), bytes: await renderInvoicePdf({ order, billingAddress, agency }) };
}

/**
 * The invoice of an order for its confirmation e-mail (docs/decisions/044-order-e-mails.md),
 * rendered when the mail is sent from the order's snapshot rows, so every try attaches the same
 * document: the buyer's billing address when the order belongs to a customer who has one.
 * @returns the file name (`Invoice-CUV-000123.pdf`) and the PDF's bytes, or null when no order has
 *   this id or it has no invoice (not paid: pending, cancelled, expired).
 */
export async function orderInvoice(
  db: Database,
  orderId: number,
  agency: AgencyIdentity = getEnv().agency,
): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer> } | null> {
  const order = await getOrderForItsBuyer(db, orderId);
  if (!order || !hasInvoice(order.order)) return null;
  const billingAddress = order.order.customerId === null ? null : await getBillingAddress(db, order.order.customerId);
  return { fileName: invoiceFileName(order.order.orderNumber), bytes: await renderInvoicePdf({ order, billingAddress, agency }) };
}
