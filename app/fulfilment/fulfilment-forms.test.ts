/** The orders list's URL filters and the step form's schema. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { FulfilmentStepSchema, isIsoDate, orderListHref, parseOrderListFilters, staffOrderPath } from "./fulfilment-forms";

const parse = (query: string) => parseOrderListFilters(new URLSearchParams(query));

describe("the list's filters", () => {
  it("reads every filter and writes them back in the same URL", () => {
    const filters = parse("status=PAID&fulfilment=READY_FOR_PICKUP&province=ON&channel=SHOP&from=2026-01-01&to=2026-01-31&page=3");
    expect(filters).toEqual({
      status: "PAID",
      fulfilment: "READY_FOR_PICKUP",
      province: "ON",
      channel: "SHOP",
      from: "2026-01-01",
      to: "2026-01-31",
      page: 3,
    });
    expect(orderListHref(filters)).toBe(
      "/agence/commandes?status=PAID&fulfilment=READY_FOR_PICKUP&province=ON&channel=SHOP&from=2026-01-01&to=2026-01-31&page=3",
    );
  });

  it("ignores values outside the vocabulary, impossible dates and bad pages; swaps reversed dates", () => {
    expect(parse("status=paid&fulfilment=DONE&province=BC&channel=&from=2026-02-30&to=tomorrow&page=-2")).toEqual({
      status: null,
      fulfilment: null,
      province: null,
      channel: null,
      from: null,
      to: null,
      page: 1,
    });
    expect(parse("from=2026-03-10&to=2026-03-01")).toMatchObject({ from: "2026-03-01", to: "2026-03-10" });
    expect(orderListHref(parse(""))).toBe("/agence/commandes");
  });

  it("checks calendar dates and builds an order's path", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(staffOrderPath("CUV-000123")).toBe("/agence/commandes/CUV-000123");
  });
});

describe("the step form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    const submission = parseWithZod(data, { schema: FulfilmentStepSchema });
    return { status: submission.status, error: submission.status === "success" ? undefined : submission.error };
  };

  it("accepts a step with the state the page showed", () => {
    const submission = form({ intent: "readyForPickup", status: "PAID", fulfilmentStatus: "AGENCY_FEES_RECEIVED" });
    expect(submission.status).toBe("success");
  });

  it("asks the refund's confirmation, and refuses an unknown step or state", () => {
    const refund = form({ intent: "refund", status: "PAID", fulfilmentStatus: "NEW" });
    expect(refund.status).toBe("error");
    expect(refund.error?.confirm).toEqual(["fulfilment.errors.confirmRefund"]);
    expect(form({ intent: "refund", status: "PAID", fulfilmentStatus: "NEW", confirm: "on" }).status).toBe("success");
    expect(form({ intent: "teleport", status: "PAID", fulfilmentStatus: "NEW" }).status).toBe("error");
    expect(form({ intent: "pickedUp", status: "LOST", fulfilmentStatus: "NEW" }).error?.status).toEqual(["fulfilment.errors.stale"]);
  });
});
