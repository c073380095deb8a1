/**
 * The customer's order e-mails (docs/product.md#branch-follow-up "Reservation" and "Agency order", constants): the order
 * confirmation and, when the order holds reservations, the "reservation received" notice.
 *
 * Pure composition (`compose*`) is kept apart from writing to the outbox (`enqueueOrderMails`).
 * Every mail is built once as a small list of blocks, then rendered to plain text and to HTML with
 * the shop's React Email layout (app/email/mail-layout.server.tsx: the logo on top, inline styles),
 * so both parts always say the same thing. Every dynamic value is HTML-escaped in the HTML part.
 * The confirmation carries the logo and the order's invoice PDF, built when it is sent
 * (docs/decisions/044-order-e-mails.md).
 *
 * Wording comes from `locales/` (`mail.*`) in the order's language. Money is integer cents, formatted with {@link formatMoney} in the order's locale.
 */
import type { Database } from "~/db/client.server";
import type { MailAttachmentRef } from "~/db/outbox-job";
import type { orderLines, orders, orderTaxLines, reservations } from "~/db/schema";
import type { MailBlockImage } from "~/email/mail-layout.server";
import { type MailBlock, renderMail } from "~/email/mail-layout.server";
import type { ComposedMail } from "~/email/mailer.server";
import { agencyCopy } from "~/email/simple-mail.server";
import { formatMoney } from "~/i18n/format";
import { translatorFor } from "~/i18n/translator";
import { enqueueMail } from "~/outbox/outbox.server";
import { orderSummaryForDisplay, type SummaryRowKey } from "~/pricing/summary-display";
import { LIQUOR_BOARD_OF, type LiquorBoard, type Locale, type TaxCode } from "~/vocabulary";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "./branch-follow-up";
import { RESERVATION_WINDOW_DAYS } from "./reservation-window";

/** Everything the order e-mails show, read from the order's snapshot rows. */
export interface OrderMailData {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  taxLines: (typeof orderTaxLines.$inferSelect)[];
  reservations: (typeof reservations.$inferSelect)[];
  /** Boutique display name already localized, e.g. "Boutique Montréal", or null. */
  boutiqueName: string | null;
  /** Absolute URL of the confirmation page, e.g. "http://localhost:3000/checkout/confirmation?order=K7PX3M9QTD". */
  confirmationUrl: string;
  /**
   * The thumbnail of each line's product by product inventory id (a fixed-width JPEG by absolute
   * URL, docs/decisions/038-photos-on-pages.md); a line without one shows no image.
   */
  lineImages?: ReadonlyMap<number, MailBlockImage>;
}

// --- Wording ---------------------------------------------------------------------------------

interface Wording {
  /** `lang` attribute of the HTML part. */
  lang: Locale;
  /** "label : value" with the locale's punctuation. */
  pair: (label: string, value: string) => string;
  confirmationSubject(orderNumber: string, confirmationNumber: string): string;
  reservationSubject(orderNumber: string): string;
  greeting(firstName: string): string;
  thanks(orderNumber: string): string;
  confirmationNumber: string;
  agencySection: string;
  shopSection: string;
  /** Quantity of an order line: cases of `uvc` (by the case) or units. */
  cases(quantity: number, uvc: number): string;
  units(quantity: number): string;
  bottles(count: number): string;
  summary: string;
  agencyFees: string;
  boardFees(board: LiquorBoard): string;
  boutique: string;
  memberDiscount: string;
  discoveryDiscount: string;
  tax(code: TaxCode): string;
  payNow(paid: boolean): string;
  payAtBoard(board: LiquorBoard): string;
  total: string;
  branchTitle: string;
  branchMissing: string;
  branchRule(board: LiquorBoard, orderNumber: string): string;
  boutiqueTitle: string;
  boutiquePickup(boutiqueName: string | null): string;
  reservationsTitle: string;
  reservationIntro(orderNumber: string): string;
  reservationRule: string[];
  viewOrder: string;
  signature: string;
}

/**
 * The wording of the order's locale, from `locales/` (the `mail.*` keys): anything starting with
 * "en" is English, everything else French (docs/product.md#orders-and-payment default).
 */
function wordingFor(locale: string): Wording {
  const lang: Locale = locale.startsWith("en") ? "en-US" : "fr-CA";
  const t = translatorFor(lang);
  return {
    lang,
    pair: (label, value) => t("mail.pair", { label, value }),
    confirmationSubject: (orderNumber, confirmationNumber) => t("mail.confirmationSubject", { orderNumber, confirmationNumber }),
    reservationSubject: (orderNumber) => t("mail.reservationSubject", { orderNumber }),
    greeting: (firstName) => t("mail.greeting", { firstName }),
    thanks: (orderNumber) => t("mail.thanks", { orderNumber }),
    confirmationNumber: t("mail.confirmationNumber"),
    agencySection: t("mail.agencySection"),
    shopSection: t("mail.shopSection"),
    cases: (count, uvc) => t("mail.cases", { count, uvc }),
    units: (count) => t("mail.units", { count }),
    bottles: (count) => t("mail.bottles", { count }),
    summary: t("mail.summary"),
    agencyFees: t("mail.agencyFees"),
    boardFees: (board) => t("mail.boardFees", { board }),
    boutique: t("mail.boutique"),
    memberDiscount: t("mail.memberDiscount"),
    discoveryDiscount: t("mail.discoveryDiscount"),
    tax: (code) => t(`mail.tax.${code}`),
    payNow: (paid) => (paid ? t("mail.paidNow") : t("mail.dueNow")),
    payAtBoard: (board) => t("mail.payAtBoard", { board }),
    total: t("mail.total"),
    branchTitle: t("mail.branchTitle"),
    branchMissing: t("mail.branchMissing"),
    branchRule: (board, orderNumber) => t("mail.branchRule", { board, orderNumber, days: BRANCH_FOLLOW_UP_BUSINESS_DAYS }),
    boutiqueTitle: t("mail.boutiqueTitle"),
    boutiquePickup: (boutiqueName) => t("mail.boutiquePickup", { place: boutiqueName ?? t("mail.boutiqueDefault") }),
    reservationsTitle: t("mail.reservationsTitle"),
    reservationIntro: (orderNumber) => t("mail.reservationIntro", { orderNumber }),
    reservationRule: [
      t("mail.reservationArrival"),
      t("mail.reservationPayment", { days: RESERVATION_WINDOW_DAYS }),
      t("mail.reservationNothingConfirmed"),
    ],
    viewOrder: t("mail.viewOrder"),
    signature: t("mail.signature"),
  };
}

// --- Blocks, rendered to text and HTML (app/email/mail-layout.server.tsx) ------------------

type Block = MailBlock;

function render(blocks: Block[], w: Wording, subject: string, preview: string): Promise<ComposedMail> {
  return renderMail({ lang: w.lang, subject, preview, blocks, pair: w.pair });
}

// --- Content ---------------------------------------------------------------------------------

type OrderLine = OrderMailData["lines"][number];
type Reservation = OrderMailData["reservations"][number];

function lineQuantity(line: OrderLine, w: Wording): string {
  // Private import is sold by the full case: an agency line's quantity is in cases of `uvc` bottles.
  return line.section === "AGENCY" ? w.cases(line.quantity, line.uvc) : w.units(line.quantity);
}

function lineName(line: OrderLine): string {
  return line.vintage === null ? line.productName : `${line.productName} ${line.vintage}`;
}

/** The lines' thumbnails in their order, or undefined (no image column) when none has one. */
function lineImagesOf(lines: OrderLine[], images: OrderMailData["lineImages"]): (MailBlockImage | null)[] | undefined {
  const found = lines.map((line) => images?.get(line.productInventoryId) ?? null);
  return found.some(Boolean) ? found : undefined;
}

function lineRows(lines: OrderLine[], w: Wording, locale: string): string[][] {
  return lines.map((line) => [
    lineName(line),
    lineQuantity(line, w),
    formatMoney(line.agencyFeesCents + line.liquorBoardPartCents + line.boutiqueCents, locale),
  ]);
}

function reservationRows(list: Reservation[], w: Wording): string[][] {
  return list.map((r) => {
    if (!r.byCase) return [r.productName, w.units(r.quantity)];
    // A reservation by the case snapshots its cases and bottles: uvc = bottles / cases.
    return [r.productName, w.cases(r.quantity, r.bottles / r.quantity), w.bottles(r.bottles)];
  });
}

function reservationBlocks(data: OrderMailData, w: Wording, withTitle: boolean): Block[] {
  return [
    ...(withTitle ? [{ kind: "heading", text: w.reservationsTitle } as const] : []),
    {
      kind: "items",
      rows: reservationRows(data.reservations, w),
      amounts: false,
    },
    ...w.reservationRule.map((text): Block => ({ kind: "paragraph", text })),
  ];
}

/**
 * Builds the customer's order confirmation e-mail (docs/product.md#branch-follow-up "Agency order" and "Reservation")
 * in the order's locale (`order.locale` "fr-CA" | "en-US"; anything not English falls back to
 * French).
 *
 * - subject: the order number (e.g. "CUV-000042") and the confirmation number (e.g. "K7PX3M9QTD");
 * - text and HTML (same content; every dynamic value HTML-escaped in the HTML part; the HTML part
 *   starts with the logo by Content-ID, attached when sent: {@link enqueueOrderMails}): greeting
 *   with the first name; the confirmation number; the AGENCY lines then the SHOP lines (RESERVED
 *   order lines are not listed: reservations come from `data.reservations`), each with name,
 *   vintage, quantity ("1 caisse de 12" / "1 case of 12" when AGENCY and uvc > 1, else units) and
 *   amount = agencyFeesCents + liquorBoardPartCents + boutiqueCents; the summary in groups that add
 *   up (`orderSummaryForDisplay`, docs/decisions/042-money-shown-adds-up.md): agency fees when
 *   there are AGENCY lines, boutique when there are SHOP lines, the member discount, each tax code
 *   of the pay-now part — TPS/TVQ/TVH in French —, pay now; then, when not zero or when there are
 *   AGENCY lines, the SAQ/LCBO fees, that part's taxes and what is paid at the SAQ/LCBO (estimate,
 *   due at pick-up); the total; all read from `order` and `taxLines`, never recomputed; the branch (`order.branchLabel`) with the
 *   10-business-day rule when there are AGENCY lines; the boutique (free pick-up) when there are
 *   SHOP lines; the reservations with the 5-day rule when there are any; a link to
 *   `confirmationUrl`.
 * - "pay now" reads "Payé maintenant" / "Paid now" when `order.status` is PAID or CONFIRMED (nothing
 *   was due), else "À payer maintenant" / "Due now".
 *
 * Money is integer cents formatted with `formatMoney(cents, order.locale)` (fr-CA "206,40 $" with
 * a narrow no-break space; en "$206.40").
 * @throws RangeError (from formatMoney) when an amount is not an integer number of cents.
 */
export function composeOrderConfirmation(data: OrderMailData): Promise<ComposedMail> {
  const { order } = data;
  const w = wordingFor(order.locale);
  const money = (cents: number) => formatMoney(cents, order.locale);
  const board = LIQUOR_BOARD_OF[order.province];
  const agencyLines = data.lines.filter((l) => l.section === "AGENCY");
  const shopLines = data.lines.filter((l) => l.section === "SHOP");

  const blocks: Block[] = [
    { kind: "paragraph", text: w.greeting(order.firstName) },
    { kind: "paragraph", text: w.thanks(order.orderNumber) },
    {
      kind: "paragraph",
      text: w.pair(w.confirmationNumber, order.confirmationNumber),
      strong: true,
    },
  ];
  if (agencyLines.length > 0) {
    blocks.push(
      { kind: "heading", text: w.agencySection },
      {
        kind: "items",
        rows: lineRows(agencyLines, w, order.locale),
        amounts: true,
        images: lineImagesOf(agencyLines, data.lineImages),
      },
    );
  }
  if (shopLines.length > 0) {
    blocks.push(
      { kind: "heading", text: w.shopSection },
      {
        kind: "items",
        rows: lineRows(shopLines, w, order.locale),
        amounts: true,
        images: lineImagesOf(shopLines, data.lineImages),
      },
    );
  }

  // The summary as groups that add up (docs/decisions/042-money-shown-adds-up.md): each part's
  // lines, its own taxes, then what it comes to; member prices (docs/product.md#members) pre-tax.
  const shown = orderSummaryForDisplay(data.order, data.taxLines, {
    hasAgencyLines: agencyLines.length > 0,
    hasShopLines: shopLines.length > 0,
  });
  const rowLabel = (key: SummaryRowKey): string =>
    key === "agencyFees"
      ? w.agencyFees
      : key === "boutique"
        ? w.boutique
        : key === "memberDiscounts"
          ? w.memberDiscount
          : key === "discoveryDiscount"
            ? w.discoveryDiscount
            : key === "liquorBoardFees"
              ? w.boardFees(board)
              : w.tax(key);
  const figures: { label: string; value: string; strong?: boolean }[] = [];
  for (const part of shown.parts) {
    for (const row of part.rows) figures.push({ label: rowLabel(row.key), value: money(row.cents) });
    figures.push(
      part.part === "PAY_NOW"
        ? { label: w.payNow(order.status === "PAID" || order.status === "CONFIRMED"), value: money(part.subtotal), strong: true }
        : { label: w.payAtBoard(board), value: money(part.subtotal), strong: true },
    );
  }
  figures.push({
    label: w.total,
    value: money(shown.total),
    strong: true,
  });
  blocks.push({ kind: "heading", text: w.summary }, { kind: "figures", rows: figures });

  if (agencyLines.length > 0) {
    blocks.push(
      { kind: "heading", text: w.branchTitle },
      {
        kind: "paragraph",
        text: order.branchLabel ?? w.branchMissing,
        strong: true,
      },
      { kind: "paragraph", text: w.branchRule(board, order.orderNumber) },
    );
  }
  if (shopLines.length > 0) {
    blocks.push({ kind: "heading", text: w.boutiqueTitle }, { kind: "paragraph", text: w.boutiquePickup(data.boutiqueName) });
  }
  if (data.reservations.length > 0) blocks.push(...reservationBlocks(data, w, true));
  blocks.push({ kind: "link", label: w.viewOrder, url: data.confirmationUrl }, { kind: "paragraph", text: w.signature });

  return render(blocks, w, w.confirmationSubject(order.orderNumber, order.confirmationNumber), w.thanks(order.orderNumber));
}

/**
 * Builds the "reservation received" e-mail (docs/product.md#reservations "Reservation", reservation window of 5 days)
 * in the order's locale: greeting, each reservation (product name; "2 caisses de 12" + "24
 * bouteilles" when by the case, else units) and the rule — the agency team writes when the product
 * arrives, payment is due within 5 days of that notice, nothing is confirmed before payment — and
 * a link to `confirmationUrl`. Meant only for orders with reservations; with none, the list is
 * simply empty (no error).
 */
export function composeReservationReceived(data: OrderMailData): Promise<ComposedMail> {
  const { order } = data;
  const w = wordingFor(order.locale);
  const blocks: Block[] = [
    { kind: "paragraph", text: w.greeting(order.firstName) },
    { kind: "paragraph", text: w.reservationIntro(order.orderNumber) },
    ...reservationBlocks(data, w, false),
    { kind: "link", label: w.viewOrder, url: data.confirmationUrl },
    { kind: "paragraph", text: w.signature },
  ];
  return render(blocks, w, w.reservationSubject(order.orderNumber), w.reservationIntro(order.orderNumber));
}

/**
 * Writes the order e-mails to the outbox (decision 027), in the caller's transaction: the
 * confirmation (tag `order-${orderNumber}-confirmation`; the logo inline and the order's invoice PDF
 * attached, both built when it is sent: docs/decisions/044-order-e-mails.md) and, when `data.reservations` is
 * non-empty, the "reservation received" mail (tag `order-${orderNumber}-reservations`), each to
 * `order.email` with the agency in copy (`cc: [agencyEmail]`) when `agencyEmail` is a non-blank
 * string. Each is written once per order (dedupe keys `order-<id>-confirmation`,
 * `order-<id>-reservations`): a second call writes nothing.
 * @throws when composing fails or the database refuses the rows (the caller's change is then
 *   rolled back with them).
 */
export async function enqueueOrderMails(db: Database, data: OrderMailData, agencyEmail: string | undefined): Promise<void> {
  const cc = agencyCopy(agencyEmail);
  const jobs: {
    kind: "confirmation" | "reservations";
    compose: (d: OrderMailData) => Promise<ComposedMail>;
    attachments: MailAttachmentRef[];
  }[] = [
    // The invoice is rendered when the mail is sent, from the order's rows (docs/decisions/044).
    {
      kind: "confirmation",
      compose: composeOrderConfirmation,
      attachments: [{ kind: "logo" }, { kind: "invoice", orderId: data.order.id }],
    },
  ];
  if (data.reservations.length > 0)
    jobs.push({ kind: "reservations", compose: composeReservationReceived, attachments: [{ kind: "logo" }] });
  for (const job of jobs) {
    await enqueueMail(
      db,
      { to: data.order.email, cc, ...(await job.compose(data)), tag: `order-${data.order.orderNumber}-${job.kind}` },
      { dedupeKey: `order-${data.order.id}-${job.kind}`, attachments: job.attachments },
    );
  }
}
