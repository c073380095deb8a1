/**
 * The invoice PDF, read back as text with pdf.js: the agency and its registration
 * numbers, the order, the buyer, every line, the tax lines with their rates and the totals, in the
 * order's language, French amounts with their narrow no-break spaces; many lines flow onto more
 * pages.
 */
import { describe, expect, it } from "vitest";
import type { CustomerOrder } from "~/accounts/order-history.server";
import type { AgencyIdentity } from "~/env.server";
import { formatMoney } from "~/i18n/format";
import type { Locale, Province } from "~/vocabulary";
import { pdfMappedCharacters, pdfPages, pdfText } from "../../tests/support/pdf-text";
import { renderInvoicePdf } from "./invoice-pdf.server";

const NNBSP = "\u202f";

/**
 * pdf.js extracts every whitespace glyph as a plain space: compare against that, and check the
 * no-break spaces themselves with {@link pdfMappedCharacters}.
 */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const agency: AgencyIdentity = {
  name: "Agence Cuvée inc.",
  addressLines: ["1234, rue Saint-Denis", "Montréal (Québec) H2X 3K2"],
  gstNumber: "123456789 RT0001",
  qstNumber: "1234567890 TQ0001",
  hstNumber: "987654321 RT0001",
  supportEmail: "soutien@cuvee.example",
};

type Line = CustomerOrder["lines"][number];

/** A private-import line: `cases` cases of `uvc` bottles at `price` a bottle, `fee` of it the agency's. */
function agencyLine(id: number, name: string, cases: number, uvc: number, price: number, fee: number): Line {
  const bottles = cases * uvc;
  return {
    id,
    orderId: 1,
    productInventoryId: id,
    section: "AGENCY",
    inventoryCode: "IP",
    productName: name,
    providerName: "Domaine des Tests",
    vintage: 2021,
    quantity: cases,
    uvc,
    bottles,
    unitPriceCents: price,
    agencyFeeCents: fee,
    agencyFeesCents: fee * bottles,
    liquorBoardPartCents: (price - fee) * bottles,
    boutiqueCents: 0,
    memberDiscountCents: 0,
    zeroRated: false,
  };
}

/**
 * A Quebec order: 2 cases of 6 bottles at 25,00 $ (5,00 $ of agency fee) and 3 jars of rillettes at
 * 12,50 $ in the boutique.
 *   agency fees = 5,00 × 12 = 60,00; SAQ part = 20,00 × 12 = 240,00; boutique = 37,50 (zero-rated)
 *   pay now: GST 5 % of 60,00 = 3,00; QST 9,975 % of 60,00 = 5,985 → 5,99; pay now = 60 + 37,50 + 3 + 5,99 = 106,49
 *   SAQ: GST 12,00; QST 23,94; pay at SAQ = 275,94; total = 382,43
 */
function quebecOrder(locale: Locale, lines: Line[] = [], province: Province = "QC"): CustomerOrder {
  const createdAt = new Date("2026-03-12T15:30:00Z");
  return {
    order: {
      id: 123,
      orderNumber: "CUV-000123",
      confirmationNumber: "K7PX3M9QTD",
      status: "PAID",
      province,
      locale,
      guestId: null,
      customerId: 7,
      cartId: null,
      cartLockVersion: 1,
      firstName: "Zoé",
      lastName: "Bélanger",
      email: "zoe@example.com",
      phone: "+15145550123",
      accountPasswordHash: null,
      branchId: 1,
      branchLabel: "SAQ Atwater, 1455 rue Peel, Montréal H3A 1T5",
      boutiqueCode: "MERCH_MTL",
      agencyFeesCents: 6000,
      liquorBoardFeesCents: 24000,
      boutiqueCents: 3750,
      memberDiscountCents: 0,
      priceBenefit: null,
      gstCents: 1500,
      qstCents: 2993,
      hstCents: 0,
      payNowCents: 10649,
      payAtLiquorBoardCents: 27594,
      totalCents: 38243,
      paymentProvider: "simulated",
      paymentDueAt: createdAt,
      paidAt: createdAt,
      closedAt: createdAt,
      createdAt,
      fulfilmentStatus: "NEW",
      agencyFeesReceivedAt: null,
      readyForPickupAt: null,
      followUpDueOn: null,
      pickedUpAt: null,
      refundedAt: null,
    },
    lines: lines.length
      ? lines
      : [
          agencyLine(1, "Château Éphémère rouge", 2, 6, 2500, 500),
          {
            ...agencyLine(2, "Rillettes de canard", 3, 1, 1250, 0),
            section: "SHOP",
            inventoryCode: "MERCH_MTL",
            vintage: null,
            agencyFeesCents: 0,
            liquorBoardPartCents: 0,
            boutiqueCents: 3750,
            zeroRated: true,
          },
        ],
    taxLines: [
      { orderId: 123, part: "PAY_NOW", code: "GST", rate: 5000, amountCents: 300 },
      { orderId: 123, part: "PAY_NOW", code: "QST", rate: 9975, amountCents: 599 },
      { orderId: 123, part: "LIQUOR_BOARD", code: "GST", rate: 5000, amountCents: 1200 },
      { orderId: 123, part: "LIQUOR_BOARD", code: "QST", rate: 9975, amountCents: 2394 },
    ],
    reservations: [],
    paysReservation: null,
  };
}

const billing = {
  aptSuite: "4",
  civicNumber: "350",
  street: "rue Sainte-Catherine Ouest",
  city: "Montréal",
  province: "QC" as const,
  postalCode: "H3B 1A1",
};

describe("renderInvoicePdf", () => {
  it("writes a Quebec order's invoice in French: agency, TPS/TVQ numbers, buyer, lines, taxes with rates, totals", async () => {
    const bytes = await renderInvoicePdf({ order: quebecOrder("fr-CA"), billingAddress: billing, agency });
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("FACTURE");
    expect(text).toContain("Agence Cuvée inc.");
    expect(text).toContain("Montréal (Québec) H2X 3K2");
    expect(text).toContain("Nº d’inscription TPS : 123456789 RT0001");
    expect(text).toContain("Nº d’inscription TVQ : 1234567890 TQ0001");
    expect(text).not.toContain("987654321 RT0001");
    expect(text).toContain("CUV-000123");
    expect(text).toContain("K7PX3M9QTD");
    expect(text).toContain("12 mars 2026");
    expect(text).toContain("Payée");
    expect(text).toContain("Zoé Bélanger");
    expect(text).toContain("zoe@example.com");
    expect(text).toContain("(514) 555-0123");
    expect(text).toContain("350 rue Sainte-Catherine Ouest, app. 4");
    expect(text).toContain("Montréal (QC) H3B 1A1");
    expect(text).toContain("SAQ Atwater, 1455 rue Peel");
    expect(text).toContain("Château Éphémère rouge");
    expect(text).toContain("2 caisses de 6 bouteilles");
    expect(text).toContain("Prix unitaire");
    expect(text).toContain("25,00 $");
    expect(text).toContain("Rillettes de canard");
    expect(text).toContain("3 unités");
    // 2 cases × 6 bottles × 25,00 $ = 300,00 $; 3 × 12,50 $ = 37,50 $.
    expect(text).toContain(spaced(formatMoney(30000, "fr-CA")));
    expect(text).toContain("300,00 $");
    expect(text).toContain("Frais d’agence");
    expect(text).toContain("TPS (5 %)");
    expect(text).toContain("TVQ (9,975 %)");
    expect(text).toContain("À payer maintenant");
    expect(text).toContain("106,49 $");
    expect(text).toContain("À payer à la SAQ (estimation)");
    expect(text).toContain("275,94 $");
    expect(text).toContain("Total 382,43 $");
    expect(text).not.toContain("Rabais membre");
  });

  it("draws French amounts with their no-break spaces, narrow ones included", async () => {
    const order = quebecOrder("fr-CA", [agencyLine(1, `Cuvée «${NNBSP}Les Trois${NNBSP}»`, 10, 12, 10000, 2000)]);
    const bytes = await renderInvoicePdf({ order, billingAddress: null, agency });
    const text = await pdfText(bytes);
    // 10 cases × 12 bottles × 100,00 $ = 12 000,00 $, grouped and followed by no-break spaces
    // (U+202F or U+00A0 as the ICU's CLDR writes fr-CA).
    const amount = formatMoney(1_200_000, "fr-CA");
    expect(amount).toMatch(/^12[\u00a0\u202f]000,00[\u00a0\u202f]\$$/);
    expect(text).toContain(spaced(amount));
    const drawn = await pdfMappedCharacters(bytes);
    for (const space of amount.match(/[\u00a0\u202f]/g)!) expect(drawn).toContain(space);
    // The narrow no-break space of French typography is drawn as itself, not as a missing glyph.
    expect(text).toContain("Cuvée « Les Trois »");
    expect(drawn).toContain(NNBSP);
    // Without a billing address, name and contact only.
    expect(text).toContain("Zoé Bélanger");
    expect(text).not.toContain("app.");
  });

  it("writes an Ontario order in English with the HST number and rate, and the member discount", async () => {
    const order = quebecOrder("en-US", [], "ON");
    order.order.branchLabel = "LCBO Queen's Quay, 2 Cooper St, Toronto M5E 0B8";
    order.order.boutiqueCode = null;
    order.order.memberDiscountCents = 750;
    order.taxLines = [
      { orderId: 123, part: "PAY_NOW", code: "HST", rate: 13000, amountCents: 780 },
      { orderId: 123, part: "LIQUOR_BOARD", code: "HST", rate: 13000, amountCents: 3120 },
    ];
    const text = await pdfText(
      await renderInvoicePdf({ order, billingAddress: { ...billing, province: "ON", city: "Toronto", postalCode: "M5V 2T6" }, agency }),
    );
    expect(text).toContain("INVOICE");
    expect(text).toContain("HST registration No.: 987654321 RT0001");
    expect(text).not.toContain("QST");
    expect(text).toContain("HST (13%)");
    expect(text).toContain("Member discount");
    expect(text).toContain("-$7.50");
    expect(text).toContain("Pay at the LCBO (estimate)");
    expect(text).toContain("March 12, 2026");
    expect(text).toContain("2 cases of 6 bottles");
    expect(text).toContain("4-350 rue Sainte-Catherine Ouest");
    expect(text).toContain("Toronto, ON M5V 2T6");
    expect(text).toContain("$300.00");
  });

  it("labels a discovery subscriber's discount and its note, not the member's (decision 048)", async () => {
    const order = quebecOrder("en-US", [], "ON");
    order.order.memberDiscountCents = 600;
    order.order.priceBenefit = "DISCOVERY";
    const text = await pdfText(await renderInvoicePdf({ order, billingAddress: billing, agency }));
    expect(text).toContain("Discovery subscriber discount");
    expect(text).toContain("-$6.00");
    expect(text).toContain("The discovery subscriber discount is on the private-import agency fees and applies before taxes.");
    expect(text).not.toContain("Member discount");
    const french = quebecOrder("fr-CA", []);
    french.order.memberDiscountCents = 600;
    french.order.priceBenefit = "DISCOVERY";
    const frText = await pdfText(await renderInvoicePdf({ order: french, billingAddress: billing, agency }));
    expect(frText).toContain("Rabais abonné découverte");
    expect(frText).not.toContain("Rabais membre");
  });

  it("flows many lines onto more pages, the table header and the order number on each", async () => {
    const many = Array.from({ length: 90 }, (_, i) =>
      agencyLine(i + 1, `Cuvée numéro ${i + 1} d’un producteur au nom très long qui ne tient pas sur une ligne`, 1, 6, 2500, 500),
    );
    const pages = await pdfPages(await renderInvoicePdf({ order: quebecOrder("fr-CA", many), billingAddress: billing, agency }));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Facture CUV-000123 — page ${i + 1} de ${pages.length}`);
      if (i > 0) expect(page).toContain("Facture CUV-000123 (suite)");
    });
    const all = pages.join("\n");
    for (const n of [1, 45, 90]) expect(all).toContain(`Cuvée numéro ${n} d’un`);
    // The table header starts every page the lines run on.
    expect(pages[1]).toContain("Millésime");
    // The summary comes after the last line (the order's totals, not recomputed here).
    expect(all.indexOf("Total 382,43 $")).toBeGreaterThan(all.indexOf("Cuvée numéro 90 d’un"));
  });

  it("renders a name the font cannot draw without failing", async () => {
    const order = quebecOrder("fr-CA", [agencyLine(1, "清酒 Junmai ✓", 1, 6, 2500, 500)]);
    const text = await pdfText(await renderInvoicePdf({ order, billingAddress: null, agency }));
    expect(text).toContain("Junmai");
  });
});
