/** Which steps the agency may take (decision 019), for every state that matters. */
import { describe, expect, it } from "vitest";
import { allowedSteps, isFulfilmentStep, refundReturnsStock, type StepState } from "./fulfilment-rules";

const state = (overrides: Partial<StepState>): StepState => ({
  status: "PAID",
  fulfilmentStatus: "NEW",
  hasAgencyLines: true,
  hasShopLines: false,
  ...overrides,
});

describe("allowedSteps", () => {
  it("walks a private-import order through fees, ready, picked up, with the refund while paid", () => {
    expect(allowedSteps(state({}))).toEqual(["agencyFeesReceived", "refund"]);
    expect(allowedSteps(state({ fulfilmentStatus: "AGENCY_FEES_RECEIVED" }))).toEqual(["readyForPickup", "refund"]);
    expect(allowedSteps(state({ fulfilmentStatus: "READY_FOR_PICKUP" }))).toEqual(["pickedUp", "refund"]);
    expect(allowedSteps(state({ fulfilmentStatus: "PICKED_UP" }))).toEqual(["refund"]);
  });

  it("lets a boutique-only order skip the agency fees", () => {
    const boutique = { hasAgencyLines: false, hasShopLines: true };
    expect(allowedSteps(state({ ...boutique }))).toEqual(["readyForPickup", "refund"]);
    expect(allowedSteps(state({ ...boutique, fulfilmentStatus: "READY_FOR_PICKUP" }))).toEqual(["pickedUp", "refund"]);
  });

  it("keeps the steps of a mixed order and of a confirmed one (nothing was paid: no refund)", () => {
    expect(allowedSteps(state({ hasShopLines: true }))).toEqual(["agencyFeesReceived", "refund"]);
    expect(allowedSteps(state({ status: "CONFIRMED" }))).toEqual(["agencyFeesReceived"]);
  });

  it("offers nothing on an order that is not paid, is over, or holds only reservations", () => {
    for (const status of ["PENDING_PAYMENT", "CANCELLED", "EXPIRED", "REFUNDED"] as const) {
      expect(allowedSteps(state({ status }))).toEqual([]);
    }
    expect(allowedSteps(state({ status: "CONFIRMED", hasAgencyLines: false, hasShopLines: false }))).toEqual([]);
  });
});

describe("what a step does", () => {
  it("names the steps and nothing else", () => {
    expect(["agencyFeesReceived", "readyForPickup", "pickedUp", "refund"].every(isFulfilmentStep)).toBe(true);
    for (const value of ["teleport", "REFUND", "", null, undefined, 1]) expect(isFulfilmentStep(value)).toBe(false);
  });

  it("returns the stock of a refund unless the order was picked up", () => {
    expect(refundReturnsStock("NEW")).toBe(true);
    expect(refundReturnsStock("READY_FOR_PICKUP")).toBe(true);
    expect(refundReturnsStock("PICKED_UP")).toBe(false);
  });
});
