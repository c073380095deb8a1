/**
 * The order history as the page shows it: what `orderView` in
 * order-history.server.ts returns and `ui/order-history.tsx` renders. Shared with the browser.
 */
import type { Order } from "~/orders/orders.server";
import type { FulfilmentStatus, InventoryCode, OrderStatus, PriceBenefit, Province, ReservationStatus, TaxCode } from "~/vocabulary";

export interface OrderLineView {
  id: number;
  section: "AGENCY" | "SHOP";
  name: string;
  providerName: string;
  vintage: number | null;
  /** Cases (AGENCY) or units (SHOP). */
  quantity: number;
  uvc: number;
  /** Per bottle (AGENCY) or unit (SHOP), cents, before taxes. */
  unitPriceCents: number;
  /** Unit price × bottles or units, cents, before taxes and member discount. */
  amountCents: number;
}

/** One order of the history; money in cents. */
export interface OrderView {
  orderNumber: string;
  confirmationNumber: string;
  status: OrderStatus;
  province: Province;
  /** ISO 8601. */
  placedAt: string;
  branchLabel: string | null;
  boutiqueCode: InventoryCode | null;
  lines: OrderLineView[];
  reservations: ReservationView[];
  money: {
    agencyFees: number;
    liquorBoardFees: number;
    boutique: number;
    memberDiscount: number;
    /** Which benefit `memberDiscount` is (decision 048); null without a discount. */
    priceBenefit: PriceBenefit | null;
    /** The province's taxes over both parts: GST and QST, or HST. */
    taxes: { code: TaxCode; amount: number }[];
    payNow: number;
    payAtLiquorBoard: number;
    total: number;
  };
  /** Where to pay a pending order still inside its payment window; null otherwise. */
  paymentPath: string | null;
  /** The invoice of a paid (or confirmed) order: where to get it and its file name; null before. */
  invoice: { path: string; fileName: string } | null;
  /** Where a paid or confirmed order stands with the agency; null for any other status. */
  fulfilment: FulfilmentView | null;
  /** When the agency refunded the order (ISO 8601; status REFUNDED), else null. */
  refundedAt: string | null;
}

/**
 * A reservation placed with an order and its state (docs/product.md#reservations). Open for the reservations' lifecycle:
 * an AVAILABLE one may carry its payment deadline and where to pay it.
 */
export interface ReservationView {
  id: number;
  name: string;
  quantity: number;
  byCase: boolean;
  bottles: number;
  status: ReservationStatus;
  /** ISO 8601: pay before this (AVAILABLE), when known. */
  paymentDueAt?: string | null;
  /** Where to pay it (AVAILABLE), when known. */
  paymentPath?: string | null;
}

/** The agency's steps on an order as its customer sees them (docs/product.md#branch-follow-up agency order). */
export interface FulfilmentView {
  status: FulfilmentStatus;
  /** `YYYY-MM-DD`: the branch calls by this business day (docs/product.md#branch-follow-up), once ready at a branch. */
  followUpDueOn: string | null;
}

/** What the history shows of the agency's side of an order: its step (paid or confirmed orders) and its refund. */
export function fulfilmentFieldsOf(
  order: Pick<Order, "status" | "fulfilmentStatus" | "followUpDueOn" | "refundedAt">,
): Pick<OrderView, "fulfilment" | "refundedAt"> {
  return {
    fulfilment:
      order.status === "PAID" || order.status === "CONFIRMED"
        ? { status: order.fulfilmentStatus, followUpDueOn: order.followUpDueOn }
        : null,
    refundedAt: order.refundedAt ? order.refundedAt.toISOString() : null,
  };
}

export interface OrderHistoryData {
  orders: OrderView[];
  /** The support address of the follow-up text (docs/product.md#branch-follow-up). */
  supportEmail: string;
  /** Business days within which the branch calls (docs/product.md#branch-follow-up). */
  followUpDays: number;
}
