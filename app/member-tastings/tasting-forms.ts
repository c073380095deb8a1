/**
 * The staff's forms of a member's tastings (docs/decisions/049-member-tastings-and-allocations.md):
 * record one (the day, the boutique, with or without a guest) and remove one recorded by mistake;
 * and the members list's search in the URL. One zod schema per form, messages are i18n keys.
 * Shared with the browser.
 */
import { z } from "zod";
import { isRowId } from "~/db/row-id";
import { cleanText } from "~/lib/url-params";
import { STORES } from "~/stores/store-directory";
import type { InventoryCode } from "~/vocabulary";

/** The `intent` of each form of a member's staff page. */
export const TASTING_INTENTS = { record: "record", remove: "remove" } as const;

/** The boutiques a tasting takes place in: the shop's stores' inventory codes. */
export const TASTING_STORE_CODES = STORES.map((store) => store.inventoryCode) as [InventoryCode, ...InventoryCode[]];

const key = (name: string) => `memberTastings.errors.${name}`;

export const RecordTastingSchema = z.object({
  intent: z.literal(TASTING_INTENTS.record),
  tastedOn: z
    .string({ message: key("dayRequired") })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), key("day")),
  storeCode: z.enum(TASTING_STORE_CODES, { message: key("store") }),
  /** conform reads a ticked checkbox as true, an unticked one as missing. */
  withGuest: z.boolean().optional(),
});
export type RecordTastingForm = z.infer<typeof RecordTastingSchema>;

export const RemoveTastingSchema = z.object({
  intent: z.literal(TASTING_INTENTS.remove),
  tastingId: z.coerce.number({ message: key("gone") }).refine(isRowId, key("gone")),
});

/** Longest search text kept in the members list (longer input is cut, never refused). */
export const MEMBER_SEARCH_MAX = 100;

/** The members list's search (`/agence/membres?q=tremblay`): control characters removed, trimmed and cut. */
export function parseMemberSearch(params: URLSearchParams): string {
  return cleanText(params.get("q")).slice(0, MEMBER_SEARCH_MAX);
}

/** A member's staff page. */
export const staffMemberPath = (userId: number) => `/agence/membres/${userId}`;
