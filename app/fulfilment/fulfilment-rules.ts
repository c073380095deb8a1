/**
 * Which step the agency may take on an order, and what it does (docs/product.md#branch-follow-up agency order;
 * docs/decisions/019). Pure; shared with the browser, so the page offers exactly the buttons the
 * server accepts.
 *
 * - agency fees received: NEW → AGENCY_FEES_RECEIVED, for a paid or confirmed order with
 *   private-import lines (a boutique-only order has no agency fees);
 * - ready for pick-up: AGENCY_FEES_RECEIVED → READY_FOR_PICKUP, or NEW → READY_FOR_PICKUP when the
 *   order has no private-import line (boutique only);
 * - picked up: READY_FOR_PICKUP → PICKED_UP;
 * - refund: PAID → REFUNDED at any step (the stock returns unless the order was picked up).
 */
import { type AuditAction, type FulfilmentStatus, isOneOf, type OrderStatus } from "~/vocabulary";

/** The agency's steps, in the order of the page's buttons. */
export const FULFILMENT_STEPS = ["agencyFeesReceived", "readyForPickup", "pickedUp", "refund"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/** The audit action each step writes. */
export const STEP_AUDIT_ACTION = {
  agencyFeesReceived: "order.agencyFeesReceived",
  readyForPickup: "order.readyForPickup",
  pickedUp: "order.pickedUp",
  refund: "order.refunded",
} as const satisfies Record<FulfilmentStep, AuditAction>;

/** What the rules read of an order. */
export interface StepState {
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** Whether it has a private-import (AGENCY) line: agency fees and a branch. */
  hasAgencyLines: boolean;
  /** Whether it has a boutique (SHOP) line. */
  hasShopLines: boolean;
}

/** The steps the agency may take now, in button order; [] when none. */
export function allowedSteps(state: StepState): FulfilmentStep[] {
  const steps: FulfilmentStep[] = [];
  const settled = state.status === "PAID" || state.status === "CONFIRMED";
  if (settled && (state.hasAgencyLines || state.hasShopLines)) {
    if (state.fulfilmentStatus === "NEW" && state.hasAgencyLines) steps.push("agencyFeesReceived");
    if (state.fulfilmentStatus === "AGENCY_FEES_RECEIVED" || (state.fulfilmentStatus === "NEW" && !state.hasAgencyLines)) {
      steps.push("readyForPickup");
    }
    if (state.fulfilmentStatus === "READY_FOR_PICKUP") steps.push("pickedUp");
  }
  if (state.status === "PAID") steps.push("refund");
  return steps;
}

/** Whether a value names a step (for reading `?done=` and the posted `intent` on the order's page). */
export function isFulfilmentStep(value: unknown): value is FulfilmentStep {
  return isOneOf(FULFILMENT_STEPS, value);
}

/**
 * The stock rule of a refund (decision 019): what was not picked up goes back on the shelf
 * (the bottles and units the order held return to their inventories); once picked up, nothing does.
 */
export function refundReturnsStock(fulfilmentStatus: FulfilmentStatus): boolean {
  return fulfilmentStatus !== "PICKED_UP";
}
