/**
 * The order history as the page shows it (issue 8 §4): what `orderView` in
 * order-history.server.ts returns and `ui/order-history.tsx` renders. Shared with the browser.
 */
import type { InventoryCode, OrderStatus, Province, ReservationStatus, TaxCode } from "~/vocabulary";

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
  reservations: { id: number; name: string; quantity: number; byCase: boolean; bottles: number; status: ReservationStatus }[];
  money: {
    agencyFees: number;
    liquorBoardFees: number;
    boutique: number;
    memberDiscount: number;
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
}

export interface OrderHistoryData {
  orders: OrderView[];
  /** The support address of the follow-up text (SPEC §4). */
  supportEmail: string;
  /** Business days within which the branch calls (SPEC §9). */
  followUpDays: number;
}
