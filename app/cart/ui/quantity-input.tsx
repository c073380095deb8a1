import type { InputHTMLAttributes } from "react";
import { MAX_LINE_QUANTITY } from "~/cart/cart-rules";

/**
 * A cart quantity field: whole numbers from 1 to {@link MAX_LINE_QUANTITY}. The browser's limits
 * only help; the server checks the same range (`parseQuantity`).
 */
export function QuantityInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      name="quantity"
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_LINE_QUANTITY}
      step={1}
      {...props}
      className="w-20 rounded border border-stone-300 p-1"
    />
  );
}
