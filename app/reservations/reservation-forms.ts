/**
 * The reservations' forms and the staff list's filter (docs/decisions/018): one zod
 * schema per form, used by the action (`parseWithZod`) and the form (`getZodConstraint`); messages
 * are i18n keys. The filter lives in the URL (`/agence/reservations?status=REQUESTED&province=QC&q=…&page=2`).
 * Pure; shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { parsePage } from "~/lib/pagination";
import { isOneOf, type Province, PROVINCES, RESERVATION_STATUSES, type ReservationStatus } from "~/vocabulary";

/** Longest product search kept (longer input is cut, never refused). */
export const RESERVATION_SEARCH_MAX = 100;
/** Most bottles (or units) a staff member may say arrived at once. */
export const MAX_BOTTLES_RECEIVED = 100_000;

export interface ReservationsFilter {
  status: ReservationStatus | null;
  province: Province | null;
  /** Text in the product's name or its puid. */
  product: string;
  page: number;
}

/** The filter of a list URL: unknown values are ignored, the search trimmed and cut, the page ≥ 1. */
export function parseReservationsFilter(params: URLSearchParams): ReservationsFilter {
  const status = params.get("status");
  const province = params.get("province");
  return {
    status: isOneOf(RESERVATION_STATUSES, status) ? status : null,
    province: isOneOf(PROVINCES, province) ? province : null,
    product: (params.get("q") ?? "").trim().slice(0, RESERVATION_SEARCH_MAX),
    page: parsePage(params.get("page")),
  };
}

/** The query string of a filter (empty values left out), e.g. "status=REQUESTED&page=2". */
export function reservationsQuery(filter: ReservationsFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.province) params.set("province", filter.province);
  if (filter.product) params.set("q", filter.product);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

const reservationId = z
  .number({ message: "reservations.errors.unknown" })
  .int("reservations.errors.unknown")
  .min(1, "reservations.errors.unknown")
  .max(MAX_ROW_ID, "reservations.errors.unknown");

/** Staff: mark a REQUESTED reservation available, with the bottles (or units) received for it. */
export const MarkAvailableSchema = z.object({
  intent: z.literal("available"),
  reservationId,
  bottlesReceived: z
    .number({ message: "reservations.errors.bottlesReceived" })
    .int("reservations.errors.bottlesReceived")
    .min(0, "reservations.errors.bottlesReceived")
    .max(MAX_BOTTLES_RECEIVED, "reservations.errors.bottlesReceived"),
});

/** Staff: cancel a REQUESTED or AVAILABLE reservation. */
export const CancelReservationSchema = z.object({
  intent: z.literal("cancel"),
  reservationId,
});

/** The staff list's two forms, told apart by `intent`. */
export const StaffReservationSchema = z.discriminatedUnion("intent", [MarkAvailableSchema, CancelReservationSchema]);
