/**
 * The agency's order forms (docs/product.md#branch-follow-up agency order): the list's filters, read from the
 * URL (a GET form, so they can be shared and work without JavaScript), and the one schema of the
 * step buttons of an order's page (`parseWithZod` in the action, `useForm` + `getZodConstraint`
 * in each button's form). Every step form carries the state the page showed, so a change made
 * meanwhile by someone else is refused (409) instead of applied twice. Messages are i18n keys
 * (`fulfilment.errors.*`). Pure; shared with the browser.
 */
import { z } from "zod";
import { parsePage } from "~/lib/pagination";
import {
  CART_SECTIONS,
  type CartSection,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  isOneOf,
  ORDER_STATUSES,
  type OrderStatus,
  type Province,
  PROVINCES,
} from "~/vocabulary";
import { FULFILMENT_STEPS } from "./fulfilment-rules";

/** Orders per page of the agency's list. */
export const ORDER_LIST_PAGE_SIZE = 25;

/** The path of the agency's orders list. */
export const ORDER_LIST_PATH = "/agence/commandes";

/** The filters of the agency's orders list; null means "any". */
export interface OrderListFilters {
  /** Payment status of the order. */
  status: OrderStatus | null;
  /** Where the order stands on its way to the customer. */
  fulfilment: FulfilmentStatus | null;
  province: Province | null;
  /** Orders with at least one line of this section (private import, boutique, reserved). */
  channel: CartSection | null;
  /** Placed on or after this shop day (America/Toronto), `YYYY-MM-DD`. */
  from: string | null;
  /** Placed on or before this shop day, `YYYY-MM-DD`. */
  to: string | null;
  /** 1-based page. */
  page: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * Reads the list's filters from its URL: `status`, `fulfilment`, `province`, `channel`, `from`,
 * `to` (`YYYY-MM-DD`), `page`. A value that is not one of the vocabulary's, or not a real date, is
 * ignored (docs/product.md#branch-follow-up: malformed query values never fail the page); `from` after `to` is swapped.
 */
export function parseOrderListFilters(params: URLSearchParams): OrderListFilters {
  const pick = <T extends string>(values: readonly T[], name: string): T | null => {
    const value = params.get(name);
    return isOneOf(values, value) ? value : null;
  };
  const date = (name: string) => {
    const value = params.get(name)?.trim() ?? "";
    return isIsoDate(value) ? value : null;
  };
  let from = date("from");
  let to = date("to");
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return {
    status: pick(ORDER_STATUSES, "status"),
    fulfilment: pick(FULFILMENT_STATUSES, "fulfilment"),
    province: pick(PROVINCES, "province"),
    channel: pick(CART_SECTIONS, "channel"),
    from,
    to,
    page: parsePage(params.get("page")),
  };
}

/** The list's URL for these filters (only the ones set; page 1 left out): `/agence/commandes?status=PAID&page=2`. */
export function orderListHref(filters: OrderListFilters): string {
  const params = new URLSearchParams();
  for (const name of ["status", "fulfilment", "province", "channel", "from", "to"] as const) {
    const value = filters[name];
    if (value !== null) params.set(name, value);
  }
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${ORDER_LIST_PATH}?${query}` : ORDER_LIST_PATH;
}

/** The page of one order for the staff: `/agence/commandes/CUV-000123`. */
export function staffOrderPath(orderNumber: string): string {
  return `${ORDER_LIST_PATH}/${encodeURIComponent(orderNumber)}`;
}

/** What every step form carries: the order's state as the page showed it. */
const shown = {
  status: z.enum(ORDER_STATUSES, { message: "fulfilment.errors.stale" }),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES, { message: "fulfilment.errors.stale" }),
};

/**
 * The step buttons of an order's page, one schema joined on `intent`:
 * `agencyFeesReceived`, `readyForPickup`, `pickedUp`, and `refund`, which also needs its
 * confirmation box ticked (an HTML checkbox posts "on").
 */
export const FulfilmentStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(FULFILMENT_STEPS[0]), ...shown }),
  z.object({ intent: z.literal(FULFILMENT_STEPS[1]), ...shown }),
  z.object({ intent: z.literal(FULFILMENT_STEPS[2]), ...shown }),
  z.object({
    intent: z.literal(FULFILMENT_STEPS[3]),
    ...shown,
    confirm: z.literal("on", { message: "fulfilment.errors.confirmRefund" }),
  }),
]);
export type FulfilmentStepForm = z.infer<typeof FulfilmentStepSchema>;
