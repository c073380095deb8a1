/**
 * Order numbers (docs/product.md#orders-and-payment order confirmation): "CUV-" and the order's id
 * zero-padded to six digits, never cut ("CUV-000123", "CUV-1234567"), as the `orders.order_number`
 * generated column writes them (app/db/schema.ts). Pure; shared with the browser.
 */
import { isRowId } from "~/db/row-id";

const ORDER_NUMBER = /^CUV-(\d{6,10})$/;

/**
 * The order id an order number names, read from the number alone: `orderIdOfNumber("CUV-000123")`
 * is 123. The caller still compares the row's own `orderNumber` (a padding such as "CUV-0000123"
 * parses to the same id).
 * @returns null when the text is not an order number, or its id is beyond any row id (never queried).
 */
export function orderIdOfNumber(orderNumber: string): number | null {
  const match = ORDER_NUMBER.exec(orderNumber);
  if (!match) return null;
  const id = Number(match[1]);
  return isRowId(id) ? id : null;
}
