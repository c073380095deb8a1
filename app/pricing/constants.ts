/**
 * Every money constant of Cuvée, in one place (docs/product.md#prices "Money": "Keep these
 * numbers in one module of constants").
 *
 * Units: amounts are integer cents (CAD); rates are integer parts per 100 000
 * (so 9.975 % is exactly 9975 and no float ever carries a rate).
 */

/** Denominator of every rate in this module: rates are parts per 100 000 (5 % = 5000). */
export const RATE_DENOMINATOR = 100_000;

/** GST (federal goods and services tax), Québec: 5 % (docs/product.md#taxes "Taxes: GST, QST, HST"; docs/product.md#taxes). */
export const GST_RATE = 5_000;

/**
 * QST (Québec sales tax): 9.975 %, charged on the pre-tax amount, not on the GST
 * (docs/product.md#prices; docs/product.md#taxes "QST is not charged on GST").
 */
export const QST_RATE = 9_975;

/** HST (harmonized sales tax), Ontario: 13 % (docs/product.md#taxes). */
export const HST_RATE = 13_000;

/**
 * Member discount on single bottles bought in the shop: 20 %
 * (docs/product.md#members "preferential prices (-20% for members on single bottles)").
 */
export const MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE = 20_000;

/**
 * Member discount on the pay-now subtotal: 15 %
 * (docs/product.md#members "A -15% offer applies for 500 dollars of purchase"; docs/product.md#prices reading:
 * not combined with the −20 % on the same line).
 */
export const MEMBER_PAY_NOW_DISCOUNT_RATE = 15_000;

/**
 * Pay-now subtotal (before any discount) from which the member −15 % applies:
 * $500.00 = 50 000 cents, inclusive ("reaches", docs/product.md#members; docs/product.md#prices).
 */
export const MEMBER_PAY_NOW_THRESHOLD_CENTS = 50_000;

/**
 * Discovery subscribers' preferential prices on private imports: 10 % off the agency fees of the
 * private-import lines (the part of a private-import price the agency sets and collects now), from
 * the first case, no threshold. Never combined with the member discounts: the better of the two
 * for the cart applies (docs/decisions/048-discovery-subscriber-prices.md).
 */
export const DISCOVERY_AGENCY_FEES_DISCOUNT_RATE = 10_000;

/** Yearly membership fee: $150.00 (docs/product.md#members "Member (150 per year)"; docs/product.md#members "Membership 150 per year"). */
export const MEMBERSHIP_YEARLY_CENTS = 15_000;

/** Monthly discovery packages: $290.00 and $380.00 per month (docs/product.md#discovery-subscribers "discovery packages 290 per month, 380 per month"). */
export const DISCOVERY_MONTHLY_CENTS = [29_000, 38_000] as const;

/** Yearly discovery package: $500.00 per year (docs/product.md#prices "500 per year"). */
export const DISCOVERY_YEARLY_CENTS = 50_000;
