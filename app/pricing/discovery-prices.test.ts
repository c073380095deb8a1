import { describe, expect, it } from "vitest";
import type { PriceBenefit, Province, TaxMode } from "~/vocabulary";
import { priceBenefitDiscount, type PricingLine, summarizeCart } from "./cart-summary";
import { cartSummaryForDisplay } from "./summary-display";

// docs/decisions/048-discovery-subscriber-prices.md: an active discovery package takes 10 % off
// the agency fees of private-import lines; a customer with both benefits gets the one that leaves
// less to pay now (taxes included), never both. Every expected figure is worked out by hand
// (integer cents, half up) in the comments.

const agency = (id: string, cases: number, uvc: number, priceCents: number, agencyFeeCents: number): PricingLine => ({
  id,
  section: "AGENCY",
  quantity: cases,
  uvc,
  priceCents,
  agencyFeeCents,
  zeroRated: false,
  isAlcohol: true,
  singleBottle: false,
});
const bottle = (id: string, units: number, priceCents: number): PricingLine => ({
  id,
  section: "SHOP",
  quantity: units,
  uvc: 1,
  priceCents,
  agencyFeeCents: 0,
  zeroRated: false,
  isAlcohol: true,
  singleBottle: true,
});

/** One case of 12 at 30,00 $ with 5,00 $ agency fee: agency fees 6000, liquor board (3000 − 500) × 12 = 30000. */
const CASE = agency("ip", 1, 12, 3000, 500);
/** Five cases of 12 at 40,00 $ with 10,00 $ agency fee: agency fees 60000 (≥ 500 $), liquor board 3000 × 60 = 180000. */
const FIVE_CASES = agency("ip5", 5, 12, 4000, 1000);

type Who = "neither" | "member" | "subscriber" | "both";
const FLAGS: Record<Who, { isMember: boolean; isDiscoverySubscriber: boolean }> = {
  neither: { isMember: false, isDiscoverySubscriber: false },
  member: { isMember: true, isDiscoverySubscriber: false },
  subscriber: { isMember: false, isDiscoverySubscriber: true },
  both: { isMember: true, isDiscoverySubscriber: true },
};

interface Case {
  cart: string;
  lines: PricingLine[];
  who: Who;
  province: Province;
  benefit: PriceBenefit | null;
  member: { singleBottle: number; payNow: number };
  discovery: number;
  payNowTaxes: { gst: number; qst: number; hst: number };
  payNow: number;
  payAtLiquorBoard: number;
  total: number;
  /** memberDiscount of each line. */
  lineDiscounts: number[];
}

const NONE = { singleBottle: 0, payNow: 0 };
// Liquor-board part of CASE: QC 30000 + GST 1500 + QST 2992.5 → 2993 = 34493; ON 30000 + HST 3900 = 33900.
// Of FIVE_CASES: QC 180000 + 9000 + 17955 = 206955; ON 180000 + 23400 = 203400.
const CASES: Case[] = [
  // One case only: the member is below 500 $ (nothing), the subscriber gets 10 % of 6000 = 600.
  // Neither: 6000 taxed. QC 300 + 598.5 → 599 → 6899. ON 780 → 6780.
  ...(["neither", "member"] as const).flatMap((who): Case[] => [
    {
      cart: "one case",
      lines: [CASE],
      who,
      province: "QC",
      benefit: null,
      member: NONE,
      discovery: 0,
      payNowTaxes: { gst: 300, qst: 599, hst: 0 },
      payNow: 6899,
      payAtLiquorBoard: 34493,
      total: 41392,
      lineDiscounts: [0],
    },
    {
      cart: "one case",
      lines: [CASE],
      who,
      province: "ON",
      benefit: null,
      member: NONE,
      discovery: 0,
      payNowTaxes: { gst: 0, qst: 0, hst: 780 },
      payNow: 6780,
      payAtLiquorBoard: 33900,
      total: 40680,
      lineDiscounts: [0],
    },
  ]),
  // Subscriber (alone, or also a member who gets nothing here): 6000 − 600 = 5400 taxed.
  // QC 270 + 538.65 → 539 → 6209, total 6209 + 34493. ON 702 → 6102, total 6102 + 33900.
  ...(["subscriber", "both"] as const).flatMap((who): Case[] => [
    {
      cart: "one case",
      lines: [CASE],
      who,
      province: "QC",
      benefit: "DISCOVERY",
      member: NONE,
      discovery: 600,
      payNowTaxes: { gst: 270, qst: 539, hst: 0 },
      payNow: 6209,
      payAtLiquorBoard: 34493,
      total: 40702,
      lineDiscounts: [600],
    },
    {
      cart: "one case",
      lines: [CASE],
      who,
      province: "ON",
      benefit: "DISCOVERY",
      member: NONE,
      discovery: 600,
      payNowTaxes: { gst: 0, qst: 0, hst: 702 },
      payNow: 6102,
      payAtLiquorBoard: 33900,
      total: 40002,
      lineDiscounts: [600],
    },
  ]),
  // Case + one single bottle at 25,00 $ (boutique 2500): member −20 % = 500, subscriber −600.
  // Both: the subscriber's leaves less to pay now (9083 < 9198 in QC, 8927 < 9040 in ON).
  ...(["subscriber", "both"] as const).flatMap((who): Case[] => [
    // 6000 + 2500 − 600 = 7900 taxed: QC 395 + 788.025 → 788 → 9083; ON 1027 → 8927.
    {
      cart: "case + a bottle",
      lines: [CASE, bottle("b", 1, 2500)],
      who,
      province: "QC",
      benefit: "DISCOVERY",
      member: NONE,
      discovery: 600,
      payNowTaxes: { gst: 395, qst: 788, hst: 0 },
      payNow: 9083,
      payAtLiquorBoard: 34493,
      total: 43576,
      lineDiscounts: [600, 0],
    },
    {
      cart: "case + a bottle",
      lines: [CASE, bottle("b", 1, 2500)],
      who,
      province: "ON",
      benefit: "DISCOVERY",
      member: NONE,
      discovery: 600,
      payNowTaxes: { gst: 0, qst: 0, hst: 1027 },
      payNow: 8927,
      payAtLiquorBoard: 33900,
      total: 42827,
      lineDiscounts: [600, 0],
    },
  ]),
  // Member alone: 8500 − 500 = 8000 taxed: QC 400 + 798 → 9198; ON 1040 → 9040.
  {
    cart: "case + a bottle",
    lines: [CASE, bottle("b", 1, 2500)],
    who: "member",
    province: "QC",
    benefit: "MEMBER",
    member: { singleBottle: 500, payNow: 0 },
    discovery: 0,
    payNowTaxes: { gst: 400, qst: 798, hst: 0 },
    payNow: 9198,
    payAtLiquorBoard: 34493,
    total: 43691,
    lineDiscounts: [0, 500],
  },
  {
    cart: "case + a bottle",
    lines: [CASE, bottle("b", 1, 2500)],
    who: "member",
    province: "ON",
    benefit: "MEMBER",
    member: { singleBottle: 500, payNow: 0 },
    discovery: 0,
    payNowTaxes: { gst: 0, qst: 0, hst: 1040 },
    payNow: 9040,
    payAtLiquorBoard: 33900,
    total: 42940,
    lineDiscounts: [0, 500],
  },
  // Case + two single bottles (boutique 5000): member −1000 beats subscriber −600 when both.
  // 11000 − 1000 = 10000 taxed: QC 500 + 997.5 → 998 → 11498; ON 1300 → 11300.
  ...(["member", "both"] as const).flatMap((who): Case[] => [
    {
      cart: "case + two bottles",
      lines: [CASE, bottle("b", 2, 2500)],
      who,
      province: "QC",
      benefit: "MEMBER",
      member: { singleBottle: 1000, payNow: 0 },
      discovery: 0,
      payNowTaxes: { gst: 500, qst: 998, hst: 0 },
      payNow: 11498,
      payAtLiquorBoard: 34493,
      total: 45991,
      lineDiscounts: [0, 1000],
    },
    {
      cart: "case + two bottles",
      lines: [CASE, bottle("b", 2, 2500)],
      who,
      province: "ON",
      benefit: "MEMBER",
      member: { singleBottle: 1000, payNow: 0 },
      discovery: 0,
      payNowTaxes: { gst: 0, qst: 0, hst: 1300 },
      payNow: 11300,
      payAtLiquorBoard: 33900,
      total: 45200,
      lineDiscounts: [0, 1000],
    },
  ]),
  // Subscriber alone: 11000 − 600 = 10400 taxed: QC 520 + 1037.4 → 1037 → 11957; ON 1352 → 11752.
  {
    cart: "case + two bottles",
    lines: [CASE, bottle("b", 2, 2500)],
    who: "subscriber",
    province: "QC",
    benefit: "DISCOVERY",
    member: NONE,
    discovery: 600,
    payNowTaxes: { gst: 520, qst: 1037, hst: 0 },
    payNow: 11957,
    payAtLiquorBoard: 34493,
    total: 46450,
    lineDiscounts: [600, 0],
  },
  {
    cart: "case + two bottles",
    lines: [CASE, bottle("b", 2, 2500)],
    who: "subscriber",
    province: "ON",
    benefit: "DISCOVERY",
    member: NONE,
    discovery: 600,
    payNowTaxes: { gst: 0, qst: 0, hst: 1352 },
    payNow: 11752,
    payAtLiquorBoard: 33900,
    total: 45652,
    lineDiscounts: [600, 0],
  },
  // Five cases, agency fees 60000 ≥ 500 $: member −15 % = 9000 beats subscriber −10 % = 6000.
  // Member (alone or both): 51000 taxed: QC 2550 + 5087.25 → 5087 → 58637; ON 6630 → 57630.
  ...(["member", "both"] as const).flatMap((who): Case[] => [
    {
      cart: "five cases",
      lines: [FIVE_CASES],
      who,
      province: "QC",
      benefit: "MEMBER",
      member: { singleBottle: 0, payNow: 9000 },
      discovery: 0,
      payNowTaxes: { gst: 2550, qst: 5087, hst: 0 },
      payNow: 58637,
      payAtLiquorBoard: 206955,
      total: 265592,
      lineDiscounts: [9000],
    },
    {
      cart: "five cases",
      lines: [FIVE_CASES],
      who,
      province: "ON",
      benefit: "MEMBER",
      member: { singleBottle: 0, payNow: 9000 },
      discovery: 0,
      payNowTaxes: { gst: 0, qst: 0, hst: 6630 },
      payNow: 57630,
      payAtLiquorBoard: 203400,
      total: 261030,
      lineDiscounts: [9000],
    },
  ]),
  // Subscriber alone: 54000 taxed: QC 2700 + 5386.5 → 5387 → 62087; ON 7020 → 61020.
  {
    cart: "five cases",
    lines: [FIVE_CASES],
    who: "subscriber",
    province: "QC",
    benefit: "DISCOVERY",
    member: NONE,
    discovery: 6000,
    payNowTaxes: { gst: 2700, qst: 5387, hst: 0 },
    payNow: 62087,
    payAtLiquorBoard: 206955,
    total: 269042,
    lineDiscounts: [6000],
  },
  {
    cart: "five cases",
    lines: [FIVE_CASES],
    who: "subscriber",
    province: "ON",
    benefit: "DISCOVERY",
    member: NONE,
    discovery: 6000,
    payNowTaxes: { gst: 0, qst: 0, hst: 7020 },
    payNow: 61020,
    payAtLiquorBoard: 203400,
    total: 264420,
    lineDiscounts: [6000],
  },
  // Neither: 60000 taxed: QC 3000 + 5985 → 68985; ON 7800 → 67800.
  {
    cart: "five cases",
    lines: [FIVE_CASES],
    who: "neither",
    province: "QC",
    benefit: null,
    member: NONE,
    discovery: 0,
    payNowTaxes: { gst: 3000, qst: 5985, hst: 0 },
    payNow: 68985,
    payAtLiquorBoard: 206955,
    total: 275940,
    lineDiscounts: [0],
  },
  {
    cart: "five cases",
    lines: [FIVE_CASES],
    who: "neither",
    province: "ON",
    benefit: null,
    member: NONE,
    discovery: 0,
    payNowTaxes: { gst: 0, qst: 0, hst: 7800 },
    payNow: 67800,
    payAtLiquorBoard: 203400,
    total: 271200,
    lineDiscounts: [0],
  },
];

const MODES: TaxMode[] = ["OUT", "IN"];

describe("discovery subscribers' prices and the better of two benefits (decision 048)", () => {
  describe.each(CASES)("$cart, $who, $province", (c) => {
    it.each(MODES)("tax mode %s: the benefit, its discount and what is paid, to the cent", (taxMode) => {
      const s = summarizeCart({ province: c.province, taxMode, ...FLAGS[c.who], lines: c.lines });
      expect(s.priceBenefit).toBe(c.benefit);
      expect(s.memberDiscounts).toEqual(c.member);
      expect(s.discoveryDiscount).toBe(c.discovery);
      expect(priceBenefitDiscount(s)).toBe(c.member.singleBottle + c.member.payNow + c.discovery);
      expect(s.lines.map((l) => l.memberDiscount)).toEqual(c.lineDiscounts);
      expect(s.payNowTaxes).toEqual(c.payNowTaxes);
      expect([s.payNow, s.payAtLiquorBoard, s.total]).toEqual([c.payNow, c.payAtLiquorBoard, c.total]);

      // What the shopper sees: one discount line, labelled by the benefit, and lines that add up.
      const shown = cartSummaryForDisplay(s);
      const payNowRows = shown.parts.find((p) => p.part === "PAY_NOW")!.rows;
      const keys = payNowRows.map((r) => r.key);
      expect(keys.includes("memberDiscounts")).toBe(c.benefit === "MEMBER");
      expect(keys.includes("discoveryDiscount")).toBe(c.benefit === "DISCOVERY");
      expect(payNowRows.reduce((acc, r) => acc + r.cents, 0)).toBe(c.payNow);
      expect(shown.total).toBe(c.total);
    });
  });

  it("shows the subscriber's discount taxes included like the agency fees it lowers (QC and ON)", () => {
    const lines = [CASE, bottle("b", 1, 2500)];
    // QC: taxes 395 + 788 = 1183 on 7900. Boutique share 1183 × 2500 / 7900 = 374.37 → 374;
    // discount share 1183 × 600 / 7900 = 89.85 → 90; agency fees take 1183 − 374 + 90 = 899.
    const qc = summarizeCart({ province: "QC", taxMode: "IN", ...FLAGS.subscriber, lines });
    expect(qc.display).toEqual({
      agencyFees: 6899,
      liquorBoardFees: 34493,
      boutique: 2874,
      memberDiscounts: NONE,
      discoveryDiscount: 690,
      payNow: 9083,
      payAtLiquorBoard: 34493,
      total: 43576,
    });
    // ON: HST 1027 on 7900. Boutique 1027 × 2500 / 7900 = 325; discount 1027 × 600 / 7900 = 78;
    // agency fees 1027 − 325 + 78 = 780.
    const on = summarizeCart({ province: "ON", taxMode: "IN", ...FLAGS.subscriber, lines });
    expect(cartSummaryForDisplay(on).parts[0]!.rows).toEqual([
      { key: "agencyFees", cents: 6780 },
      { key: "boutique", cents: 2825 },
      { key: "discoveryDiscount", cents: -678 },
    ]);
    expect(on.display?.payNow).toBe(8927);
  });

  it("splits the subscriber's discount over the private-import lines only, by largest remainder", () => {
    // Agency fees 1 × 6 × 333 = 1998 and 1 × 12 × 111 = 1332: 10 % of 3330 = 333, split 199.8 / 133.2
    // → floors 199 + 133 = 332, the cent left goes to the larger remainder (0.8): 200 + 133.
    const s = summarizeCart({
      province: "ON",
      taxMode: "OUT",
      ...FLAGS.subscriber,
      lines: [agency("a", 1, 6, 2000, 333), bottle("b", 3, 1999), agency("c", 1, 12, 1500, 111)],
    });
    expect(s.discoveryDiscount).toBe(333);
    expect(s.lines.map((l) => l.memberDiscount)).toEqual([200, 0, 133]);
    // The liquor board's part is never discounted: (2000 − 333) × 6 + (1500 − 111) × 12.
    expect(s.liquorBoardFees).toBe(10002 + 16668);
  });

  it("gives a subscriber with only shop lines or only reservations nothing", () => {
    const s = summarizeCart({
      province: "QC",
      taxMode: "IN",
      ...FLAGS.subscriber,
      lines: [bottle("b", 2, 2500), { ...CASE, section: "RESERVED" }],
    });
    expect(s.priceBenefit).toBeNull();
    expect(s.discoveryDiscount).toBe(0);
    expect(cartSummaryForDisplay(s).parts[0]!.rows.map((r) => r.key)).toEqual(["boutique"]);
  });

  it("refuses a non-boolean isDiscoverySubscriber", () => {
    expect(() =>
      summarizeCart({ province: "QC", taxMode: "OUT", isMember: false, isDiscoverySubscriber: "yes" as never, lines: [] }),
    ).toThrow(/isDiscoverySubscriber/);
  });
});
