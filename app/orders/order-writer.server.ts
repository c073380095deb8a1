/**
 * The one order writer (docs/decisions/032): an order row with its money columns, its line
 * snapshots (names, unit prices, quantities as sold: Medusa's line snapshots) and its tax rows, in
 * the caller's transaction. Checkout places orders from a cart, reservations from a reservation
 * made available; both write them here, so an order has one shape whoever made it.
 */
import { orderLines, orders, orderTaxLines } from "~/db/schema";
import type { CartSummary } from "~/pricing";
import type { CartSection, InventoryCode } from "~/vocabulary";
import { newConfirmationNumber, type Order, orderMoneyColumns, taxRows, type Tx } from "./orders.server";

/** A line as the order keeps it, before pricing; prices in cents, `bottles` in bottles or units. */
export interface OrderLineSnapshot {
  productInventoryId: number;
  section: CartSection;
  inventoryCode: InventoryCode;
  productName: string;
  providerName: string;
  vintage: number | null;
  quantity: number;
  uvc: number;
  bottles: number;
  unitPriceCents: number;
  /** The agency's fee per unit on a private-import line; 0 on the others. */
  agencyFeeCents: number;
  zeroRated: boolean;
}

/** The order row's own fields: everything but its id, its confirmation number and the money the summary gives. */
export type OrderFields = Omit<typeof orders.$inferInsert, "id" | "confirmationNumber" | keyof ReturnType<typeof orderMoneyColumns>>;

/**
 * Writes an order, its lines and its tax rows (pay-now and liquor-board parts, in the order's
 * province) in `tx`, with a new confirmation number.
 * @param input.summary the priced cart of `input.lines` (same lines, same order): its totals become
 *   the order's money columns, `summary.lines[i]` the money of line i.
 * @returns the order row written.
 */
export async function writeOrder(
  tx: Tx,
  input: { order: OrderFields; summary: CartSummary; lines: readonly OrderLineSnapshot[] },
): Promise<Order> {
  const { summary } = input;
  const [order] = await tx
    .insert(orders)
    .values({ ...input.order, confirmationNumber: newConfirmationNumber(), ...orderMoneyColumns(summary) })
    .returning();
  if (!order) throw new Error("order row missing after insert");
  await tx.insert(orderLines).values(
    input.lines.map((line, i) => {
      const priced = summary.lines[i]!;
      return {
        orderId: order.id,
        ...line,
        agencyFeesCents: priced.agencyFees,
        liquorBoardPartCents: priced.liquorBoardPart,
        boutiqueCents: priced.boutique,
        memberDiscountCents: priced.memberDiscount,
      };
    }),
  );
  await tx
    .insert(orderTaxLines)
    .values([
      ...taxRows(order.id, "PAY_NOW", order.province, summary.payNowTaxes),
      ...taxRows(order.id, "LIQUOR_BOARD", order.province, summary.liquorBoardTaxes),
    ]);
  return order;
}
