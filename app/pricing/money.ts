/**
 * Integer-cent arithmetic (docs/product.md#prices "Money (all integer cents; rounding half up,
 * to the cent)").
 *
 * Every computation goes through `bigint`, so results are exact for any amount
 * whose inputs and result are safe integers; no float ever touches a rate or an
 * intermediate product (900 719 925 474.09 dollars × 9.975 % is still exact).
 */

import { RATE_DENOMINATOR } from "./constants";
import { PricingInputError } from "./errors";

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/**
 * Converts an integer (a `bigint`, or a `number` that is a safe integer) to `bigint`.
 *
 * @throws PricingInputError when `value` is a non-integer, NaN, infinite or unsafe number.
 */
function toBigInt(value: bigint | number, field: string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  throw new PricingInputError(field, `expected a safe integer, got ${String(value)}`);
}

/**
 * Converts an exact `bigint` result back to a `number` of cents.
 *
 * @throws PricingInputError when the result is outside ±Number.MAX_SAFE_INTEGER.
 */
export function toSafeCents(value: bigint, field = "result"): number {
  if (value > MAX_SAFE || value < MIN_SAFE) {
    throw new PricingInputError(field, `amount ${value} does not fit in a safe integer of cents`);
  }
  return Number(value);
}

/**
 * Checks that `value` is a non-negative safe integer (cents, quantities, bottles).
 *
 * @param value  the amount to check
 * @param field  its name, reported in the error (e.g. `"lines[1].quantity"`)
 * @returns `value`, typed as number
 * @throws PricingInputError when `value` is not a number, is NaN, infinite,
 *         fractional, negative or above Number.MAX_SAFE_INTEGER.
 */
export function assertNonNegativeInteger(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new PricingInputError(field, `expected a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/**
 * Divides two integers and rounds the quotient half up, to the unit (docs/product.md#prices
 * "rounding half up, to the cent"): `roundHalfUp(5, 10) === 1`,
 * `roundHalfUp(4, 10) === 0`, `roundHalfUp(15, 10) === 2`.
 *
 * Negative quotients are rounded half away from zero, so
 * `roundHalfUp(-n, d) === -roundHalfUp(n, d)` (the usual commercial rule; the
 * cart only uses it on non-negative amounts and on signed tax shares).
 *
 * Exact for any size: the division is done on `bigint`.
 *
 * @param numerator    integer (`bigint`, or a safe-integer `number`), e.g. cents × parts per 100 000
 * @param denominator  non-zero integer (`bigint` or safe-integer `number`)
 * @returns the rounded quotient as a safe-integer `number`
 * @throws PricingInputError when an argument is not an integer, the denominator
 *         is zero, or the result does not fit in a safe integer.
 */
export function roundHalfUp(numerator: bigint | number, denominator: bigint | number): number {
  return toSafeCents(roundHalfUpBig(toBigInt(numerator, "numerator"), toBigInt(denominator, "denominator")));
}

/**
 * `bigint` version of {@link roundHalfUp}: same rule, `bigint` in and out, no size limit.
 *
 * @throws PricingInputError when the denominator is zero.
 */
export function roundHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new PricingInputError("denominator", "must not be zero");
  let num = numerator;
  let den = denominator;
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const negative = num < 0n;
  const magnitude = negative ? -num : num;
  // floor(m / d + 1/2) == floor((2m + d) / 2d) for m >= 0, d > 0.
  const rounded = (2n * magnitude + den) / (2n * den);
  return negative ? -rounded : rounded;
}

/**
 * A rate applied to an amount of cents, rounded half up once, to the cent
 * (docs/product.md#prices "Money"): `percentOf(10_000, 9_975) === 998` (QST on $100.00).
 *
 * @param cents           non-negative integer cents
 * @param partsPer100000  non-negative integer rate in parts per 100 000 (5 % = 5000)
 * @returns integer cents = round_half_up(cents × partsPer100000 / 100 000)
 * @throws PricingInputError when either argument is not a non-negative safe
 *         integer, or the result does not fit in a safe integer.
 */
export function percentOf(cents: number, partsPer100000: number): number {
  assertNonNegativeInteger(cents, "cents");
  assertNonNegativeInteger(partsPer100000, "partsPer100000");
  return toSafeCents(roundHalfUpBig(BigInt(cents) * BigInt(partsPer100000), BigInt(RATE_DENOMINATOR)));
}

/**
 * Splits `totalCents` into integer shares proportional to `weights`, so that the
 * shares add up exactly to `totalCents` (largest-remainder / Hamilton method):
 * each share is first floored, then the cents left over go one by one to the
 * shares with the largest fractional remainders; equal remainders go to the
 * earlier weight (deterministic, input order).
 *
 * Used to spread a discount computed once on a subtotal over the lines it came
 * from (docs/product.md#taxes: discounts reduce each line's taxable base).
 *
 * @param totalCents  non-negative integer cents to split
 * @param weights     non-negative integers (e.g. each line's cents)
 * @returns one integer share per weight, summing to `totalCents`; all zeros when
 *          `totalCents` is 0
 * @throws PricingInputError when an argument is not a non-negative safe integer,
 *         or when `totalCents` > 0 while every weight is 0.
 */
export function allocateProportionally(totalCents: number, weights: readonly number[]): number[] {
  assertNonNegativeInteger(totalCents, "totalCents");
  weights.forEach((w, i) => assertNonNegativeInteger(w, `weights[${i}]`));
  const total = BigInt(totalCents);
  const sum = weights.reduce((acc, w) => acc + BigInt(w), 0n);
  if (total === 0n) return weights.map(() => 0);
  if (sum === 0n) throw new PricingInputError("weights", "cannot allocate a non-zero amount over zero weights");
  const floors = weights.map((w) => (total * BigInt(w)) / sum);
  const remainders = weights.map((w, i) => total * BigInt(w) - (floors[i] ?? 0n) * sum);
  let left = total - floors.reduce((acc, f) => acc + f, 0n);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] ?? 0n;
      const rb = remainders[b] ?? 0n;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  for (const i of order) {
    if (left === 0n) break;
    floors[i] = (floors[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map((f) => toSafeCents(f));
}

const DOLLARS = /^(\d{1,9})(?:[.,](\d+))?$/;

/** Why {@link parseDollars} refused a text. */
export type DollarsRefusal = "format" | "decimals" | "tooHigh";

/**
 * Dollars written as a decimal string to integer cents, without floating point (the product
 * list's price filter, docs/product.md#prices; the catalogue import's prices): `"24.95"` and
 * `"24,95"` → 2495, `"24"` → 2400, `"24.5"` → 2450, `"0"` → 0. Surrounding spaces are ignored.
 *
 * @param text      what the visitor or the file wrote
 * @param maxCents  the largest amount accepted, in cents
 * @returns the cents, or why not: `format` (not a number, negative, thousands separators, a
 *          currency sign), `decimals` (more than two: `"24.999"`), `tooHigh` (above `maxCents`)
 */
export function parseDollars(text: string, maxCents: number): { ok: true; cents: number } | { ok: false; reason: DollarsRefusal } {
  const match = DOLLARS.exec(text.trim());
  if (!match) return { ok: false, reason: "format" };
  const [, whole = "", decimals = ""] = match;
  if (decimals.length > 2) return { ok: false, reason: "decimals" };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  return cents > maxCents ? { ok: false, reason: "tooHigh" } : { ok: true, cents };
}
