import { describe, expect, it } from "vitest";
import type { TaxMode } from "~/vocabulary";
import type { Province } from "~/vocabulary";
import { type CartSummaryInput, type PricingLine, summarizeCart } from "./cart-summary";
import { PricingInputError } from "./errors";

// Every expected figure below is computed by hand (integer cents, half up) and
// written as a literal; the arithmetic is in the comments.

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

const shop = (id: string, units: number, priceCents: number, extra: Partial<PricingLine> = {}): PricingLine => ({
  id,
  section: "SHOP",
  quantity: units,
  uvc: 1,
  priceCents,
  agencyFeeCents: 0,
  zeroRated: false,
  isAlcohol: false,
  singleBottle: false,
  ...extra,
});

const bottle = (id: string, units: number, priceCents: number): PricingLine =>
  shop(id, units, priceCents, { isAlcohol: true, singleBottle: true });
const food = (id: string, units: number, priceCents: number): PricingLine => shop(id, units, priceCents, { zeroRated: true });
const reserved = (id: string, units: number, priceCents: number): PricingLine => ({
  ...shop(id, units, priceCents, { isAlcohol: true, singleBottle: true }),
  section: "RESERVED",
});

/** Mixed cart: one private-import case + 2 single bottles in the shop + a zero-rated cheese. */
const MIXED: PricingLine[] = [
  agency("ip", 1, 6, 3000, 800), // 6 bottles; agency fees 800 × 6 = 4800; liquor board (3000 − 800) × 6 = 13200
  bottle("wine", 2, 2500), // boutique 5000 (−20 % for members = 1000)
  food("cheese", 1, 1200), // boutique 1200, zero-rated
];

interface Row {
  name: string;
  province: Province;
  isMember: boolean;
  lines: PricingLine[];
  expected: {
    agencyFees: number;
    liquorBoardFees: number;
    boutique: number;
    memberDiscounts: { singleBottle: number; payNow: number };
    payNowTaxes: { gst: number; qst: number; hst: number };
    liquorBoardTaxes: { gst: number; qst: number; hst: number };
    gst: number;
    qst: number;
    hst: number;
    payNow: number;
    payAtLiquorBoard: number;
    total: number;
  };
  /** memberDiscount of each line, in order. */
  lineDiscounts: number[];
  /** Tax-inclusive figures expected with taxMode IN. */
  display: {
    agencyFees: number;
    liquorBoardFees: number;
    boutique: number;
    memberDiscounts: { singleBottle: number; payNow: number };
  };
}

const ZERO_TAX = { gst: 0, qst: 0, hst: 0 };

const ROWS: Row[] = [
  {
    name: "QC non-member, mixed cart",
    province: "QC",
    isMember: false,
    lines: MIXED,
    // pay-now taxable = 4800 + 5000 = 9800 (cheese zero-rated): GST 490, QST 977.55 → 978
    // liquor board 13200: GST 660, QST 1316.7 → 1317
    // pay now = 4800 + 6200 + 490 + 978 = 12468; at SAQ = 13200 + 660 + 1317 = 15177
    expected: {
      agencyFees: 4800,
      liquorBoardFees: 13200,
      boutique: 6200,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 490, qst: 978, hst: 0 },
      liquorBoardTaxes: { gst: 660, qst: 1317, hst: 0 },
      gst: 1150,
      qst: 2295,
      hst: 0,
      payNow: 12468,
      payAtLiquorBoard: 15177,
      total: 27645,
    },
    lineDiscounts: [0, 0, 0],
    // T = 1468 over B = 9800; agency share 1468 × 4800 / 9800 = 719.02 → 719;
    // boutique (larger taxable, 5000) takes 1468 − 719 = 749 → 5519 + 6949 = 12468
    display: { agencyFees: 5519, liquorBoardFees: 15177, boutique: 6949, memberDiscounts: { singleBottle: 0, payNow: 0 } },
  },
  {
    name: "QC member, mixed cart (−20 % on the single bottles, below $500)",
    province: "QC",
    isMember: true,
    lines: MIXED,
    // −20 % of 5000 = 1000; subtotal 11000 < 50000: no −15 %
    // taxable = 4800 + 5000 − 1000 = 8800: GST 440, QST 877.8 → 878
    // pay now = 4800 + 6200 − 1000 + 440 + 878 = 11318
    expected: {
      agencyFees: 4800,
      liquorBoardFees: 13200,
      boutique: 6200,
      memberDiscounts: { singleBottle: 1000, payNow: 0 },
      payNowTaxes: { gst: 440, qst: 878, hst: 0 },
      liquorBoardTaxes: { gst: 660, qst: 1317, hst: 0 },
      gst: 1100,
      qst: 2195,
      hst: 0,
      payNow: 11318,
      payAtLiquorBoard: 15177,
      total: 26495,
    },
    lineDiscounts: [0, 1000, 0],
    // T = 1318 over B = 8800: agency 1318 × 4800 / 8800 = 718.91 → 719; discount 1318 × 1000 / 8800 = 149.77 → 150;
    // boutique = 1318 − 719 + 150 = 749 → 5519 + 6949 − 1150 = 11318
    display: {
      agencyFees: 5519,
      liquorBoardFees: 15177,
      boutique: 6949,
      memberDiscounts: { singleBottle: 1150, payNow: 0 },
    },
  },
  {
    name: "ON non-member, mixed cart",
    province: "ON",
    isMember: false,
    lines: MIXED,
    // taxable 9800: HST 1274; liquor board 13200: HST 1716
    // pay now = 11000 + 1274 = 12274; at LCBO = 13200 + 1716 = 14916
    expected: {
      agencyFees: 4800,
      liquorBoardFees: 13200,
      boutique: 6200,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 0, qst: 0, hst: 1274 },
      liquorBoardTaxes: { gst: 0, qst: 0, hst: 1716 },
      gst: 0,
      qst: 0,
      hst: 2990,
      payNow: 12274,
      payAtLiquorBoard: 14916,
      total: 27190,
    },
    lineDiscounts: [0, 0, 0],
    // agency 1274 × 4800 / 9800 = 624; boutique 1274 − 624 = 650
    display: { agencyFees: 5424, liquorBoardFees: 14916, boutique: 6850, memberDiscounts: { singleBottle: 0, payNow: 0 } },
  },
  {
    name: "ON member, mixed cart",
    province: "ON",
    isMember: true,
    lines: MIXED,
    // taxable 8800: HST 1144; pay now = 10000 + 1144 = 11144
    expected: {
      agencyFees: 4800,
      liquorBoardFees: 13200,
      boutique: 6200,
      memberDiscounts: { singleBottle: 1000, payNow: 0 },
      payNowTaxes: { gst: 0, qst: 0, hst: 1144 },
      liquorBoardTaxes: { gst: 0, qst: 0, hst: 1716 },
      gst: 0,
      qst: 0,
      hst: 2860,
      payNow: 11144,
      payAtLiquorBoard: 14916,
      total: 26060,
    },
    lineDiscounts: [0, 1000, 0],
    // agency 1144 × 4800 / 8800 = 624; discount 1144 × 1000 / 8800 = 130; boutique 1144 − 624 + 130 = 650
    display: {
      agencyFees: 5424,
      liquorBoardFees: 14916,
      boutique: 6850,
      memberDiscounts: { singleBottle: 1130, payNow: 0 },
    },
  },
  {
    name: "QC member, pay-now subtotal 49999 (just below $500): no −15 %",
    province: "QC",
    isMember: true,
    lines: [agency("ip", 1, 12, 4000, 2500), shop("glasses", 1, 19999)],
    // agency fees 2500 × 12 = 30000, liquor board 1500 × 12 = 18000, boutique 19999 → subtotal 49999
    // taxable 49999: GST 2499.95 → 2500, QST 4987.40025 → 4987; pay now = 49999 + 7487 = 57486
    // liquor board 18000: GST 900, QST 1795.5 → 1796; at SAQ = 20696
    expected: {
      agencyFees: 30000,
      liquorBoardFees: 18000,
      boutique: 19999,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 2500, qst: 4987, hst: 0 },
      liquorBoardTaxes: { gst: 900, qst: 1796, hst: 0 },
      gst: 3400,
      qst: 6783,
      hst: 0,
      payNow: 57486,
      payAtLiquorBoard: 20696,
      total: 78182,
    },
    lineDiscounts: [0, 0],
    // T = 7487 over 49999: boutique 7487 × 19999 / 49999 = 2994.70 → 2995; agency (larger) 7487 − 2995 = 4492
    display: {
      agencyFees: 34492,
      liquorBoardFees: 20696,
      boutique: 22994,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
    },
  },
  {
    name: "QC member, pay-now subtotal exactly 50000: −15 %",
    province: "QC",
    isMember: true,
    lines: [agency("ip", 1, 12, 4000, 2500), shop("glasses", 1, 20000)],
    // −15 % of 50000 = 7500 (agency line 30000 → 4500, glasses 20000 → 3000)
    // taxable 42500: GST 2125, QST 4239.375 → 4239; pay now = 42500 + 6364 = 48864
    expected: {
      agencyFees: 30000,
      liquorBoardFees: 18000,
      boutique: 20000,
      memberDiscounts: { singleBottle: 0, payNow: 7500 },
      payNowTaxes: { gst: 2125, qst: 4239, hst: 0 },
      liquorBoardTaxes: { gst: 900, qst: 1796, hst: 0 },
      gst: 3025,
      qst: 6035,
      hst: 0,
      payNow: 48864,
      payAtLiquorBoard: 20696,
      total: 69560,
    },
    lineDiscounts: [4500, 3000],
    // T = 6364 over 42500: boutique 6364 × 20000 / 42500 = 2994.82 → 2995;
    // discount 6364 × 7500 / 42500 = 1123.06 → 1123; agency 6364 − 2995 + 1123 = 4492
    // → 34492 + 22995 − 8623 = 48864
    display: {
      agencyFees: 34492,
      liquorBoardFees: 20696,
      boutique: 22995,
      memberDiscounts: { singleBottle: 0, payNow: 8623 },
    },
  },
  {
    name: "QC non-member, pay-now subtotal 50000: the −15 % is for members only",
    province: "QC",
    isMember: false,
    lines: [agency("ip", 1, 12, 4000, 2500), shop("glasses", 1, 20000)],
    // taxable 50000: GST 2500, QST 4987.5 → 4988; pay now = 50000 + 7488 = 57488
    expected: {
      agencyFees: 30000,
      liquorBoardFees: 18000,
      boutique: 20000,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 2500, qst: 4988, hst: 0 },
      liquorBoardTaxes: { gst: 900, qst: 1796, hst: 0 },
      gst: 3400,
      qst: 6784,
      hst: 0,
      payNow: 57488,
      payAtLiquorBoard: 20696,
      total: 78184,
    },
    lineDiscounts: [0, 0],
    // boutique 7488 × 20000 / 50000 = 2995.2 → 2995; agency 7488 − 2995 = 4493
    display: {
      agencyFees: 34493,
      liquorBoardFees: 20696,
      boutique: 22995,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
    },
  },
  {
    name: "QC member: −20 % and −15 % never on the same line",
    province: "QC",
    isMember: true,
    lines: [bottle("grand-cru", 1, 40000), shop("glasses", 1, 10000)],
    // subtotal before discounts 50000 reaches the threshold (after the −20 % it would be 42000);
    // −20 % on grand-cru = 8000; −15 % only on glasses = 1500 (not 15 % of 50000 = 7500, nor of 42000 = 6300)
    // taxable 50000 − 9500 = 40500: GST 2025, QST 4039.875 → 4040; pay now = 40500 + 6065 = 46565
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 50000,
      memberDiscounts: { singleBottle: 8000, payNow: 1500 },
      payNowTaxes: { gst: 2025, qst: 4040, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 2025,
      qst: 4040,
      hst: 0,
      payNow: 46565,
      payAtLiquorBoard: 0,
      total: 46565,
    },
    lineDiscounts: [8000, 1500],
    // T = 6065 over 40500: −20 % share 6065 × 8000 / 40500 = 1198.02 → 1198; −15 % share 6065 × 1500 / 40500
    // = 224.63 → 225; boutique 6065 + 1198 + 225 = 7488 → 57488 − 9198 − 1725 = 46565
    display: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 57488,
      memberDiscounts: { singleBottle: 9198, payNow: 1725 },
    },
  },
  {
    name: "QC member: single bottles alone above $500 get −20 % only",
    province: "QC",
    isMember: true,
    lines: [bottle("magnum", 1, 60000)],
    // −20 % = 12000; threshold reached but nothing without the −20 % → −15 % of 0 = 0
    // taxable 48000: GST 2400, QST 4788; pay now = 48000 + 7188 = 55188
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 60000,
      memberDiscounts: { singleBottle: 12000, payNow: 0 },
      payNowTaxes: { gst: 2400, qst: 4788, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 2400,
      qst: 4788,
      hst: 0,
      payNow: 55188,
      payAtLiquorBoard: 0,
      total: 55188,
    },
    lineDiscounts: [12000],
    // discount share 7188 × 12000 / 48000 = 1797; boutique 7188 + 1797 = 8985 → 68985 − 13797 = 55188
    display: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 68985,
      memberDiscounts: { singleBottle: 13797, payNow: 0 },
    },
  },
  {
    name: "QC member: −20 % rounded per line",
    province: "QC",
    isMember: true,
    lines: [bottle("a", 1, 1998), bottle("b", 1, 1998)],
    // per line 399.6 → 400, twice = 800 (20 % of the 3996 total would be 799.2 → 799)
    // taxable 3996 − 800 = 3196: GST 159.8 → 160, QST 318.801 → 319; pay now = 3196 + 479 = 3675
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 3996,
      memberDiscounts: { singleBottle: 800, payNow: 0 },
      payNowTaxes: { gst: 160, qst: 319, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 160,
      qst: 319,
      hst: 0,
      payNow: 3675,
      payAtLiquorBoard: 0,
      total: 3675,
    },
    lineDiscounts: [400, 400],
    // discount share 479 × 800 / 3196 = 119.90 → 120; boutique 479 + 120 = 599 → 4595 − 920 = 3675
    display: { agencyFees: 0, liquorBoardFees: 0, boutique: 4595, memberDiscounts: { singleBottle: 920, payNow: 0 } },
  },
  {
    name: "QC member: −15 % rounded once on the subtotal, then split",
    province: "QC",
    isMember: true,
    lines: [shop("a", 1, 16670), shop("b", 1, 16670), shop("c", 1, 16670)],
    // 15 % of 50010 = 7501.5 → 7502 (per line: 2500.5 → 2501, × 3 = 7503)
    // split 2501 + 2501 + 2500 (equal remainders: the earlier lines get the spare cents)
    // taxable 42508: GST 2125.4 → 2125, QST 4240.173 → 4240; pay now = 42508 + 6365 = 48873
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 50010,
      memberDiscounts: { singleBottle: 0, payNow: 7502 },
      payNowTaxes: { gst: 2125, qst: 4240, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 2125,
      qst: 4240,
      hst: 0,
      payNow: 48873,
      payAtLiquorBoard: 0,
      total: 48873,
    },
    lineDiscounts: [2501, 2501, 2500],
    // discount share 6365 × 7502 / 42508 = 1123.33 → 1123; boutique 6365 + 1123 = 7488 → 57498 − 8625 = 48873
    display: { agencyFees: 0, liquorBoardFees: 0, boutique: 57498, memberDiscounts: { singleBottle: 0, payNow: 8625 } },
  },
  {
    name: "ON member above $500 with a zero-rated food: the discount share of the food is not taxed",
    province: "ON",
    isMember: true,
    lines: [agency("pi", 2, 6, 5000, 3000), food("cheese", 3, 3333), shop("glasses", 1, 4001)],
    // 12 bottles: agency fees 36000, liquor board 2000 × 12 = 24000; boutique 9999 + 4001 = 14000
    // subtotal 50000 → −15 % = 7500, split 5400 (36000), 1499.85 → 1500 (9999), 600.15 → 600 (4001)
    // taxable (cheese out) = (36000 − 5400) + (4001 − 600) = 34001: HST 4420.13 → 4420
    // (taxing the cheese too would give 42500 × 13 % = 5525)
    // pay now = 42500 + 4420 = 46920; at LCBO = 24000 + 3120 = 27120
    expected: {
      agencyFees: 36000,
      liquorBoardFees: 24000,
      boutique: 14000,
      memberDiscounts: { singleBottle: 0, payNow: 7500 },
      payNowTaxes: { gst: 0, qst: 0, hst: 4420 },
      liquorBoardTaxes: { gst: 0, qst: 0, hst: 3120 },
      gst: 0,
      qst: 0,
      hst: 7540,
      payNow: 46920,
      payAtLiquorBoard: 27120,
      total: 74040,
    },
    lineDiscounts: [5400, 1500, 600],
    // T = 4420 over 34001: boutique 4420 × 4001 / 34001 = 520.11 → 520; taxable discount 6000 → 4420 × 6000 / 34001
    // = 779.98 → 780; agency (larger) 4420 − 520 + 780 = 4680 → 40680 + 14520 − 8280 = 46920
    display: {
      agencyFees: 40680,
      liquorBoardFees: 27120,
      boutique: 14520,
      memberDiscounts: { singleBottle: 0, payNow: 8280 },
    },
  },
  {
    name: "QC: taxes rounded once on the part total, not per line",
    province: "QC",
    isMember: false,
    lines: [shop("a", 1, 1010), shop("b", 1, 1010), shop("c", 1, 1010)],
    // per part: GST 3030 × 5 % = 151.5 → 152, QST 302.2425 → 302 → pay now 3030 + 454 = 3484
    // per line would be: GST 50.5 → 51 × 3 = 153, QST 100.7475 → 101 × 3 = 303 → 3489
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 3030,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 152, qst: 302, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 152,
      qst: 302,
      hst: 0,
      payNow: 3484,
      payAtLiquorBoard: 0,
      total: 3484,
    },
    lineDiscounts: [0, 0, 0],
    display: { agencyFees: 0, liquorBoardFees: 0, boutique: 3484, memberDiscounts: { singleBottle: 0, payNow: 0 } },
  },
  {
    name: "ON: HST rounded once on the part total, not per line; agency case priced per bottle",
    province: "ON",
    isMember: false,
    lines: [shop("a", 1, 1050), shop("b", 1, 1050), shop("c", 1, 1050), agency("pi", 1, 3, 1175, 350)],
    // pay now = boutique 3150 + agency fees 350 × 3 = 1050 → 4200: HST 546 → 4746
    // (per line: 136.5 → 137 × 3 + 136.5 → 137 = 548 → 4748)
    // liquor board (1175 − 350) × 3 = 2475: HST 321.75 → 322 (per bottle 107.25 → 107 × 3 = 321) → 2797
    expected: {
      agencyFees: 1050,
      liquorBoardFees: 2475,
      boutique: 3150,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 0, qst: 0, hst: 546 },
      liquorBoardTaxes: { gst: 0, qst: 0, hst: 322 },
      gst: 0,
      qst: 0,
      hst: 868,
      payNow: 4746,
      payAtLiquorBoard: 2797,
      total: 7543,
    },
    lineDiscounts: [0, 0, 0, 0],
    // agency 546 × 1050 / 4200 = 136.5 → 137; boutique 546 − 137 = 409
    display: { agencyFees: 1187, liquorBoardFees: 2797, boutique: 3559, memberDiscounts: { singleBottle: 0, payNow: 0 } },
  },
  {
    name: "QC member: reserved lines are not charged and do not count toward $500",
    province: "QC",
    isMember: true,
    lines: [reserved("upcoming", 2, 30000), shop("glass", 1, 1000)],
    // reserved value 60000 ignored; boutique 1000: GST 50, QST 99.75 → 100; pay now 1150
    expected: {
      agencyFees: 0,
      liquorBoardFees: 0,
      boutique: 1000,
      memberDiscounts: { singleBottle: 0, payNow: 0 },
      payNowTaxes: { gst: 50, qst: 100, hst: 0 },
      liquorBoardTaxes: ZERO_TAX,
      gst: 50,
      qst: 100,
      hst: 0,
      payNow: 1150,
      payAtLiquorBoard: 0,
      total: 1150,
    },
    lineDiscounts: [0, 0],
    display: { agencyFees: 0, liquorBoardFees: 0, boutique: 1150, memberDiscounts: { singleBottle: 0, payNow: 0 } },
  },
];

const TAX_MODES: TaxMode[] = ["OUT", "IN"];

describe("summarizeCart (docs/product.md#cart-summary cart summary, docs/product.md#cart-summary Money)", () => {
  describe.each(ROWS)("$name", (row) => {
    it.each(TAX_MODES)("tax mode %s: amounts", (taxMode) => {
      const s = summarizeCart({ province: row.province, taxMode, isMember: row.isMember, lines: row.lines });
      expect(s).toMatchObject(row.expected);
      expect(s.lines.map((l) => l.memberDiscount)).toEqual(row.lineDiscounts);
      expect(s.taxMode).toBe(taxMode);
      expect(s.liquorBoardName).toBe(row.province === "QC" ? "SAQ" : "LCBO");
      expect(s.taxLines).toEqual(row.province === "QC" ? ["GST", "QST"] : ["HST"]);
    });

    it("tax mode IN: tax-inclusive display lines add up to pay now and total", () => {
      const s = summarizeCart({ province: row.province, taxMode: "IN", isMember: row.isMember, lines: row.lines });
      const e = row.expected;
      expect(s.display).toEqual({
        ...row.display,
        // Members and guests only in these rows: the discovery discount is 0.
        discoveryDiscount: 0,
        payNow: e.payNow,
        payAtLiquorBoard: e.payAtLiquorBoard,
        total: e.total,
      });
      const d = row.display;
      expect(d.agencyFees + d.boutique - d.memberDiscounts.singleBottle - d.memberDiscounts.payNow).toBe(e.payNow);
      expect(d.liquorBoardFees).toBe(e.payAtLiquorBoard);
    });

    it("tax mode OUT: no display figures", () => {
      const s = summarizeCart({ province: row.province, taxMode: "OUT", isMember: row.isMember, lines: row.lines });
      expect(s.display).toBeNull();
    });
  });

  it("per-line breakdown of the mixed cart", () => {
    const s = summarizeCart({ province: "QC", taxMode: "OUT", isMember: true, lines: MIXED });
    expect(s.lines).toEqual([
      {
        id: "ip",
        section: "AGENCY",
        bottles: 6,
        agencyFees: 4800,
        liquorBoardPart: 13200,
        boutique: 0,
        memberDiscount: 0,
        reservedValue: 0,
      },
      {
        id: "wine",
        section: "SHOP",
        bottles: 2,
        agencyFees: 0,
        liquorBoardPart: 0,
        boutique: 5000,
        memberDiscount: 1000,
        reservedValue: 0,
      },
      { id: "cheese", section: "SHOP", bottles: 1, agencyFees: 0, liquorBoardPart: 0, boutique: 1200, memberDiscount: 0, reservedValue: 0 },
    ]);
  });

  it("singleBottle is ignored outside the shop: a flagged private-import line still gets the −15 %", () => {
    const flagged: PricingLine = { ...agency("ip", 1, 12, 4000, 2500), singleBottle: true };
    const s = summarizeCart({ province: "QC", taxMode: "OUT", isMember: true, lines: [flagged, shop("glasses", 1, 20000)] });
    // same figures as the "exactly 50000" row: −15 % of 50000 = 7500 → 4500 + 3000, no −20 %
    expect(s.lines.map((l) => l.memberDiscount)).toEqual([4500, 3000]);
    expect(s.memberDiscounts).toEqual({ singleBottle: 0, payNow: 7500 });
    expect(s.payNow).toBe(48864);
  });

  it("reserved lines are listed and counted, never charged", () => {
    const s = summarizeCart({
      province: "ON",
      taxMode: "IN",
      isMember: true,
      lines: [reserved("r1", 2, 30000), reserved("r2", 1, 4500)],
    });
    expect(s.lines).toEqual([
      {
        id: "r1",
        section: "RESERVED",
        bottles: 2,
        agencyFees: 0,
        liquorBoardPart: 0,
        boutique: 0,
        memberDiscount: 0,
        reservedValue: 60000,
      },
      { id: "r2", section: "RESERVED", bottles: 1, agencyFees: 0, liquorBoardPart: 0, boutique: 0, memberDiscount: 0, reservedValue: 4500 },
    ]);
    expect(s.reserved).toEqual({ count: 2, units: 3, value: 64500 });
    expect([s.agencyFees, s.liquorBoardFees, s.boutique, s.hst, s.payNow, s.payAtLiquorBoard, s.total]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  describe.each([
    ["QC", "OUT"],
    ["QC", "IN"],
    ["ON", "OUT"],
    ["ON", "IN"],
  ] as const)("empty cart, %s, tax mode %s", (province, taxMode) => {
    it.each([false, true])("member=%s: all zeros", (isMember) => {
      const s = summarizeCart({ province, taxMode, isMember, lines: [] });
      expect(s).toEqual({
        province,
        taxMode,
        lines: [],
        agencyFees: 0,
        liquorBoardFees: 0,
        boutique: 0,
        priceBenefit: null,
        memberDiscounts: { singleBottle: 0, payNow: 0 },
        discoveryDiscount: 0,
        payNowTaxes: ZERO_TAX,
        liquorBoardTaxes: ZERO_TAX,
        gst: 0,
        qst: 0,
        hst: 0,
        payNow: 0,
        payAtLiquorBoard: 0,
        total: 0,
        liquorBoardName: province === "QC" ? "SAQ" : "LCBO",
        taxLines: province === "QC" ? ["GST", "QST"] : ["HST"],
        reserved: { count: 0, units: 0, value: 0 },
        display:
          taxMode === "IN"
            ? {
                agencyFees: 0,
                liquorBoardFees: 0,
                boutique: 0,
                memberDiscounts: { singleBottle: 0, payNow: 0 },
                discoveryDiscount: 0,
                payNow: 0,
                payAtLiquorBoard: 0,
                total: 0,
              }
            : null,
      });
    });
  });

  it("totals never change with the tax mode", () => {
    for (const row of ROWS) {
      const input = { province: row.province, isMember: row.isMember, lines: row.lines };
      const { display: _in, taxMode: _m1, ...inMode } = summarizeCart({ ...input, taxMode: "IN" });
      const { display: _out, taxMode: _m2, ...outMode } = summarizeCart({ ...input, taxMode: "OUT" });
      expect(inMode).toEqual(outMode);
    }
  });

  it("does not mutate its input", () => {
    const lines = MIXED.map((l) => ({ ...l }));
    summarizeCart({ province: "QC", taxMode: "IN", isMember: true, lines });
    expect(lines).toEqual(MIXED);
  });
});

describe("summarizeCart input validation (PricingInputError)", () => {
  const valid = (): CartSummaryInput => ({
    province: "QC",
    taxMode: "OUT",
    isMember: false,
    lines: [agency("ip", 1, 6, 3000, 800), shop("glass", 1, 1000)],
  });
  const withLine = (patch: Record<string, unknown>, index = 0): CartSummaryInput => {
    const input = valid();
    const lines = [...input.lines];
    lines[index] = { ...lines[index], ...patch } as PricingLine;
    return { ...input, lines };
  };

  it("accepts the valid base input, and uvc 0 on a shop line (unused there)", () => {
    expect(() => summarizeCart(valid())).not.toThrow();
    expect(() => summarizeCart(withLine({ uvc: 0 }, 1))).not.toThrow();
  });

  it.each([
    ["negative quantity", withLine({ quantity: -1 }), "lines[0].quantity"],
    ["fractional quantity", withLine({ quantity: 1.5 }), "lines[0].quantity"],
    ["NaN quantity", withLine({ quantity: Number.NaN }), "lines[0].quantity"],
    ["infinite quantity", withLine({ quantity: Number.POSITIVE_INFINITY }, 1), "lines[1].quantity"],
    ["quantity as a string", withLine({ quantity: "2" }, 1), "lines[1].quantity"],
    ["negative price", withLine({ priceCents: -100 }, 1), "lines[1].priceCents"],
    ["fractional price (dollars, not cents)", withLine({ priceCents: 19.99 }, 1), "lines[1].priceCents"],
    ["NaN price", withLine({ priceCents: Number.NaN }), "lines[0].priceCents"],
    ["NaN agency fee", withLine({ agencyFeeCents: Number.NaN }), "lines[0].agencyFeeCents"],
    ["agency fee above the price", withLine({ agencyFeeCents: 3001 }), "lines[0].agencyFeeCents"],
    ["private-import case of 0 bottles", withLine({ uvc: 0 }), "lines[0].uvc"],
    ["fractional uvc", withLine({ uvc: 6.5 }), "lines[0].uvc"],
    ["unknown section", withLine({ section: "GIFT" }), "lines[0].section"],
    ["missing zeroRated", withLine({ zeroRated: undefined }, 1), "lines[1].zeroRated"],
    ["non-boolean singleBottle", withLine({ singleBottle: 1 }, 1), "lines[1].singleBottle"],
    ["non-string id", withLine({ id: 7 }), "lines[0].id"],
    ["unknown province", { ...valid(), province: "BC" as Province }, "province"],
    ["unknown tax mode", { ...valid(), taxMode: "INCL" as TaxMode }, "taxMode"],
    ["non-boolean isMember", { ...valid(), isMember: "yes" as unknown as boolean }, "isMember"],
    ["lines not an array", { ...valid(), lines: null as unknown as PricingLine[] }, "lines"],
    ["amount beyond a safe integer", withLine({ quantity: 2 ** 50, uvc: 12, agencyFeeCents: 800 }), "lines[0].bottles"],
  ])("%s", (_name, input, field) => {
    let caught: unknown;
    try {
      summarizeCart(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PricingInputError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as PricingInputError).name).toBe("PricingInputError");
    expect((caught as PricingInputError).field).toBe(field);
  });
});
