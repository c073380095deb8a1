/**
 * Errors raised by the pricing module (docs/product.md#prices "Money").
 *
 * The pricing functions are pure and trust nothing: a malformed amount or
 * quantity is a programming error upstream (the cart loader or a form action
 * let it through), so it is thrown rather than returned as a value
 * (docs/product.md#how-the-shop-is-built "Errors": expected failures are values, the rest are exceptions).
 */

/**
 * Thrown when a pricing function receives an input it cannot price:
 * a non-integer, negative, NaN or infinite quantity/amount, an unknown
 * province, section or tax mode, an agency fee above the price, a case size
 * (`uvc`) below 1 on a private-import line, or an amount whose result would
 * not fit in a safe integer number of cents.
 *
 * `field` names the offending input, e.g. `"lines[2].quantity"`.
 */
export class PricingInputError extends Error {
  /** Path of the offending input, e.g. `"lines[0].priceCents"` or `"province"`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = "PricingInputError";
    this.field = field;
  }
}
