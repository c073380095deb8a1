import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { TranslationProvider } from "~/i18n/translation";
import { i18nFor } from "~/i18n/translator";
import { type PricingLine, summarizeCart } from "~/pricing/cart-summary";
import type { Locale, Province, TaxMode } from "~/vocabulary";
import { CartSummaryPanel } from "./cart-summary";

// docs/decisions/042-money-shown-adds-up.md: what the shopper reads in the summary adds up.

const line = (id: string, section: PricingLine["section"], extra: Partial<PricingLine>): PricingLine => ({
  id,
  section,
  quantity: 1,
  uvc: 1,
  priceCents: 0,
  agencyFeeCents: 0,
  zeroRated: false,
  isAlcohol: true,
  singleBottle: false,
  ...extra,
});

const CARTS: PricingLine[][] = [
  [line("b", "SHOP", { priceCents: 5175, singleBottle: true })],
  [
    line("ip", "AGENCY", { quantity: 1, uvc: 12, priceCents: 3795, agencyFeeCents: 1234 }),
    line("b", "SHOP", { quantity: 3, priceCents: 3333, singleBottle: true }),
  ],
  [
    line("ip", "AGENCY", { quantity: 2, uvc: 12, priceCents: 6575, agencyFeeCents: 2333 }),
    line("m", "SHOP", { quantity: 7, priceCents: 8999 }),
    line("c", "SHOP", { quantity: 2, priceCents: 1249, zeroRated: true, isAlcohol: false }),
    line("r", "RESERVED", { quantity: 2, priceCents: 4567 }),
  ],
  [line("ip", "AGENCY", { quantity: 3, uvc: 6, priceCents: 4999, agencyFeeCents: 1 })],
];

/** The summary's visible rows: `[group, kind, cents]`, read from the markup's text. */
function visibleRows(html: string): { group: string; kind: string; cents: number }[] {
  const rows = [...html.matchAll(/data-summary-row="(\w+)" data-summary-part="(\w+)"><dt>[^<]*<\/dt><dd[^>]*>([^<]*)<\/dd>/g)];
  return rows.map(([, kind, group, text]) => ({ kind: kind!, group: group!, cents: Number(text!.replace(/[^\d-]/g, "")) }));
}

function render(
  locale: Locale,
  province: Province,
  taxMode: TaxMode,
  isMember: boolean,
  lines: PricingLine[],
  isDiscoverySubscriber = false,
) {
  const summary = summarizeCart({ province, taxMode, isMember, isDiscoverySubscriber, lines });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(locale)}>
      <TranslationProvider>
        <CartSummaryPanel summary={summary} />
      </TranslationProvider>
    </I18nextProvider>,
  );
  return { summary, html, rows: visibleRows(html) };
}

describe("CartSummaryPanel: the amounts a shopper reads add up", () => {
  for (const locale of ["fr-CA", "en-US"] as const)
    for (const province of ["QC", "ON"] as const)
      for (const taxMode of ["IN", "OUT"] as const)
        for (const isMember of [false, true])
          it(`${locale} ${province} ${taxMode} ${isMember ? "member" : "guest"}`, () => {
            for (const lines of CARTS) {
              const { summary, rows } = render(locale, province, taxMode, isMember, lines);
              const subtotals = rows.filter((r) => r.kind === "subtotal");
              expect(subtotals.length).toBeGreaterThanOrEqual(1);
              for (const sub of subtotals) {
                const sum = rows.filter((r) => r.kind === "line" && r.group === sub.group).reduce((acc, r) => acc + r.cents, 0);
                expect(sum, `${sub.group} of ${JSON.stringify(lines.map((l) => l.id))}`).toBe(sub.cents);
              }
              const total = rows.find((r) => r.kind === "total")!;
              expect(subtotals.reduce((acc, r) => acc + r.cents, 0)).toBe(total.cents);
              expect(total.cents).toBe(summary.total);
            }
          });

  it("shows the member discount taxes included beside lines taxes included (a member's cart in Quebec)", () => {
    const { html, rows } = render("fr-CA", "QC", "IN", true, CARTS[0]!);
    expect(rows.map((r) => [r.kind, r.cents])).toEqual([
      ["line", 5950],
      ["line", -1190],
      ["subtotal", 4760],
      ["total", 4760],
    ]);
    expect(html).toContain("Rabais membre (taxes incluses)");
    expect(html).toMatch(/dont TPS <span data-testid="summary-gst">2,07/);
  });

  it("shows a discovery subscriber's discount under its own label, in both languages (decision 048)", () => {
    // One case: agency fees 12 × 12,34 = 148,08; −10 % = 14,81 before taxes.
    const fr = render("fr-CA", "ON", "OUT", false, [CARTS[1]![0]!], true);
    expect(fr.html).toContain("Rabais abonné découverte");
    expect(fr.html).not.toContain("Rabais membre");
    expect(fr.html).toMatch(/data-testid="summary-discovery-discount"[^>]*>-14,81/);
    const en = render("en-US", "ON", "IN", false, [CARTS[1]![0]!], true);
    expect(en.html).toContain("Discovery subscriber discount (taxes included)");
    const sub = en.rows.find((r) => r.kind === "subtotal")!;
    expect(en.rows.filter((r) => r.kind === "line" && r.group === sub.group).reduce((acc, r) => acc + r.cents, 0)).toBe(sub.cents);
  });
});
