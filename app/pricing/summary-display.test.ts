import { describe, expect, it } from "vitest";
import type { Province, TaxMode } from "~/vocabulary";
import { type PricingLine, summarizeCart } from "./cart-summary";
import { cartSummaryForDisplay, summaryForDisplay } from "./summary-display";

// docs/decisions/042-money-shown-adds-up.md: in either tax mode, the lines shown add up to the
// subtotal shown under them, the subtotals to the total, and these are the amounts charged.

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

/** Private-import lines: cases, bottles per case, price and agency fee per bottle (awkward cents on purpose). */
const AGENCY_LINES: PricingLine[] = [
  line("ip-12", "AGENCY", { quantity: 1, uvc: 12, priceCents: 3795, agencyFeeCents: 1234 }),
  line("ip-6x3", "AGENCY", { quantity: 3, uvc: 6, priceCents: 4999, agencyFeeCents: 1 }),
  line("ip-1", "AGENCY", { quantity: 1, uvc: 1, priceCents: 1, agencyFeeCents: 1 }),
  line("ip-big", "AGENCY", { quantity: 2, uvc: 12, priceCents: 6575, agencyFeeCents: 2333 }),
];

/** Shop lines: single bottles (−20 % for members), other goods, zero-rated food, enough to reach the −15 %. */
const SHOP_LINES: PricingLine[] = [
  line("bottle", "SHOP", { quantity: 1, priceCents: 2995, singleBottle: true }),
  line("bottles", "SHOP", { quantity: 3, priceCents: 3333, singleBottle: true }),
  line("glass", "SHOP", { quantity: 1, priceCents: 1999, isAlcohol: false }),
  line("cheese", "SHOP", { quantity: 2, priceCents: 1249, isAlcohol: false, zeroRated: true }),
  line("magnums", "SHOP", { quantity: 7, priceCents: 8999, isAlcohol: true }),
  line("cent", "SHOP", { quantity: 1, priceCents: 1, singleBottle: true }),
];

const RESERVED_LINES: PricingLine[][] = [[], [line("upcoming", "RESERVED", { quantity: 2, priceCents: 4567, singleBottle: true })]];

/** Every subset of `items` of at most `max` elements. */
function subsets<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [[]];
  for (const item of items) {
    for (const s of [...out]) if (s.length < max) out.push([...s, item]);
  }
  return out;
}

/** A small deterministic generator (mulberry32), so a failure names a cart that can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCart(next: () => number): PricingLine[] {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const count = int(1, 6);
  return Array.from({ length: count }, (_, i) => {
    const kind = int(0, 4);
    const priceCents = int(1, 40_000);
    if (kind === 0)
      return line(`r${i}`, "AGENCY", { quantity: int(1, 5), uvc: int(1, 24), priceCents, agencyFeeCents: int(0, priceCents) });
    if (kind === 4) return line(`r${i}`, "RESERVED", { quantity: int(1, 6), priceCents });
    return line(`r${i}`, "SHOP", {
      quantity: int(1, 12),
      priceCents,
      singleBottle: kind === 1,
      zeroRated: kind === 3,
      isAlcohol: kind !== 3,
    });
  });
}

const PROVINCES: Province[] = ["QC", "ON"];
const MODES: TaxMode[] = ["IN", "OUT"];

/** Who holds which price benefit: a guest, a member, a discovery subscriber, both (decision 048). */
const HOLDERS = [
  { who: "guest", isMember: false, isDiscoverySubscriber: false },
  { who: "member", isMember: true, isDiscoverySubscriber: false },
  { who: "subscriber", isMember: false, isDiscoverySubscriber: true },
  { who: "member+subscriber", isMember: true, isDiscoverySubscriber: true },
] as const;

/** Every cart of the enumeration, with every province, tax mode and holder of price benefits. */
function* carts(): Generator<{
  name: string;
  province: Province;
  taxMode: TaxMode;
  isMember: boolean;
  isDiscoverySubscriber: boolean;
  lines: PricingLine[];
}> {
  const next = random(42);
  const compositions: PricingLine[][] = [];
  for (const a of subsets(AGENCY_LINES, 2))
    for (const s of subsets(SHOP_LINES, 2)) for (const r of RESERVED_LINES) compositions.push([...a, ...s, ...r]);
  for (let i = 0; i < 400; i++) compositions.push(randomCart(next));
  for (const lines of compositions) {
    if (lines.length === 0) continue;
    for (const province of PROVINCES)
      for (const taxMode of MODES)
        for (const { who, isMember, isDiscoverySubscriber } of HOLDERS) {
          yield {
            name: `${province} ${taxMode} ${who} [${lines.map((l) => `${l.id}×${l.quantity}@${l.priceCents}`).join(", ")}]`,
            province,
            taxMode,
            isMember,
            isDiscoverySubscriber,
            lines,
          };
        }
  }
}

describe("summaryForDisplay: the money shown adds up", () => {
  it("shows, for every enumerated cart, lines that sum to the amounts charged, to the cent", () => {
    let checked = 0;
    let discountedInTaxIn = 0;
    const benefits = { MEMBER: 0, DISCOVERY: 0 };
    // Plain comparisons, one assertion at the end: thousands of carts stay fast on a busy machine.
    const failures: string[] = [];
    const same = (actual: unknown, expected: unknown, what: string, cart: string) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        failures.push(`${cart}: ${what} ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
    };
    const sum = (rows: { cents: number }[]) => rows.reduce((acc, r) => acc + r.cents, 0);
    for (const cart of carts()) {
      const summary = summarizeCart(cart);
      const shown = cartSummaryForDisplay(summary);
      const payNow = shown.parts.find((p) => p.part === "PAY_NOW");
      const board = shown.parts.find((p) => p.part === "LIQUOR_BOARD");
      // The visible lines against what is charged (never against a figure derived from the lines).
      same(sum(payNow?.rows ?? []), summary.payNow, "pay-now lines", cart.name);
      same(payNow?.subtotal, summary.payNow, "pay now", cart.name);
      same(sum(board?.rows ?? []), summary.payAtLiquorBoard, "liquor-board lines", cart.name);
      same(board?.subtotal ?? 0, summary.payAtLiquorBoard, "pay at the board", cart.name);
      same(shown.total, summary.total, "total", cart.name);
      same(
        shown.parts.reduce((acc, p) => acc + p.subtotal, 0),
        summary.total,
        "subtotals",
        cart.name,
      );

      const keys = shown.parts.flatMap((p) => p.rows.map((r) => r.key));
      const discountRows = payNow?.rows.filter((r) => r.key === "memberDiscounts" || r.key === "discoveryDiscount") ?? [];
      const discount = discountRows[0];
      const preTaxDiscount = summary.memberDiscounts.singleBottle + summary.memberDiscounts.payNow + summary.discoveryDiscount;
      const taxInDiscount =
        (summary.display?.memberDiscounts.singleBottle ?? 0) +
        (summary.display?.memberDiscounts.payNow ?? 0) +
        (summary.display?.discoveryDiscount ?? 0);
      // One benefit at most, shown under its own label; held by the customer; never both amounts.
      if (discountRows.length > 1) failures.push(`${cart.name}: two discount lines`);
      const expectedKey = summary.priceBenefit === "DISCOVERY" ? "discoveryDiscount" : "memberDiscounts";
      if (discount && discount.key !== expectedKey) failures.push(`${cart.name}: discount labelled ${discount.key}`);
      if (summary.priceBenefit === "MEMBER" && (!cart.isMember || summary.discoveryDiscount !== 0))
        failures.push(`${cart.name}: member benefit`);
      if (summary.priceBenefit === "DISCOVERY" && (!cart.isDiscoverySubscriber || preTaxDiscount !== summary.discoveryDiscount))
        failures.push(`${cart.name}: discovery benefit`);
      if ((summary.priceBenefit === null) !== (preTaxDiscount === 0)) failures.push(`${cart.name}: priceBenefit without discount`);
      if (summary.priceBenefit) benefits[summary.priceBenefit] += 1;
      if (cart.isMember && cart.isDiscoverySubscriber) {
        // The better of the two: never more to pay now than with either benefit alone.
        const alone = [true, false].map((member) => summarizeCart({ ...cart, isMember: member, isDiscoverySubscriber: !member }));
        if (alone.some((other) => other.payNow < summary.payNow)) failures.push(`${cart.name}: not the better benefit`);
      }
      same(discount ? -discount.cents : 0, cart.taxMode === "OUT" ? preTaxDiscount : taxInDiscount, "discount", cart.name);
      if (cart.taxMode === "IN") {
        // Taxes included: no tax line inside a sum; the discount carries its taxes like the lines it reduces.
        same(
          keys.filter((k) => k === "GST" || k === "QST" || k === "HST"),
          [],
          "tax lines",
          cart.name,
        );
        same(
          shown.includedTaxes.map((t) => t.code),
          summary.taxLines,
          "included tax codes",
          cart.name,
        );
        same(sum(shown.includedTaxes), summary.gst + summary.qst + summary.hst, "included taxes", cart.name);
        if (discount && summary.payNowTaxes.gst + summary.payNowTaxes.qst + summary.payNowTaxes.hst > 0) {
          discountedInTaxIn += 1;
          if (-discount.cents < preTaxDiscount) failures.push(`${cart.name}: discount taxes included below its pre-tax amount`);
        }
      } else {
        same(shown.includedTaxes, [], "included taxes", cart.name);
        for (const part of shown.parts) {
          same(
            part.rows.filter((r) => summary.taxLines.includes(r.key as never)).length,
            summary.taxLines.length,
            `${part.part} tax lines`,
            cart.name,
          );
        }
      }
      if (preTaxDiscount > 0 && !discount) failures.push(`${cart.name}: discount not shown`);
      checked += 1;
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(8000);
    expect(discountedInTaxIn).toBeGreaterThan(400);
    // Both benefits are exercised, subscribers' carts included.
    expect(benefits.MEMBER).toBeGreaterThan(1000);
    expect(benefits.DISCOVERY).toBeGreaterThan(1000);
  }, 60_000);

  it("adds up a member's cart: boutique taxes included minus the discount taxes included is what is paid", () => {
    // A member's single bottle of 51,75 $ before taxes in Québec, taxes included.
    const summary = summarizeCart({
      province: "QC",
      taxMode: "IN",
      isMember: true,
      lines: [line("b", "SHOP", { priceCents: 5175, singleBottle: true })],
    });
    const shown = cartSummaryForDisplay(summary);
    // 5175 → 59,50 $ taxes included (5175 + 259 + 516); −20 % = 1035 before taxes; 4140 + 207 + 413 = 47,60 $.
    expect(shown.parts[0]!.rows).toEqual([
      { key: "boutique", cents: 5950 },
      { key: "memberDiscounts", cents: -1190 },
    ]);
    expect(shown.parts[0]!.subtotal).toBe(4760);
    expect(shown.total).toBe(4760);
    expect(shown.includedTaxes).toEqual([
      { code: "GST", cents: 207 },
      { code: "QST", cents: 413 },
    ]);
  });

  it("lists each part's own taxes before taxes, and the liquor-board part only when there is one", () => {
    const shown = summaryForDisplay({
      taxMode: "OUT",
      taxLines: ["HST"],
      agencyFees: 1000,
      liquorBoardFees: 0,
      boutique: 0,
      memberDiscount: 0,
      priceBenefit: null,
      payNowTaxes: { gst: 0, qst: 0, hst: 130 },
      liquorBoardTaxes: { gst: 0, qst: 0, hst: 0 },
      taxIncluded: null,
      hasAgencyLines: false,
      hasShopLines: false,
    });
    expect(shown.parts).toEqual([
      {
        part: "PAY_NOW",
        rows: [
          { key: "agencyFees", cents: 1000 },
          { key: "HST", cents: 130 },
        ],
        subtotal: 1130,
      },
    ]);
    expect(shown.total).toBe(1130);
  });
});
