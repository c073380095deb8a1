/**
 * The forms of the members' private events (docs/decisions/050-member-events.md): the staff's
 * editor (new event and saved event), the staff's cancel button, and the member's register /
 * cancel buttons on /account/events. One zod schema per form, used by the action
 * (`parseWithZod`) and the page (`useForm` + `getZodConstraint`); every message is an i18n key.
 * Shared with the browser.
 */
import { z } from "zod";
import { isRowId } from "~/db/row-id";
import { shopLocalToInstant } from "~/i18n/shop-time";
import { MEMBER_EVENT_KINDS, PROVINCES } from "~/vocabulary";

/** The `intent` of each form of an event's staff page. */
export const MEMBER_EVENT_INTENTS = { save: "save", cancelEvent: "cancel-event" } as const;

/** The `intent` of the member's buttons on /account/events. */
export const REGISTRATION_INTENTS = { register: "register", unregister: "unregister" } as const;

/** Longest title and place (characters). */
export const MEMBER_EVENT_TITLE_MAX = 200;
/** Longest description (characters). */
export const MEMBER_EVENT_DESCRIPTION_MAX = 4_000;
/** Most seats of one event. */
export const MEMBER_EVENT_CAPACITY_MAX = 10_000;

const key = (name: string) => `memberEvents.errors.${name}`;

const requiredText = (max: number) =>
  z
    .string({ message: key("required") })
    .trim()
    .min(1, key("required"))
    .max(max, key("tooLong"));

const version = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(1, key("stale"))
  .max(2_147_483_647, key("stale"));

/** The editor's fields; `startsAt` is a date and time on the shop's clock (`YYYY-MM-DDTHH:mm`). */
export const MemberEventEditSchema = z.object({
  intent: z.literal(MEMBER_EVENT_INTENTS.save),
  /** The version the form was loaded with; absent on the new-event page. */
  version: version.optional(),
  kind: z.enum(MEMBER_EVENT_KINDS, { message: key("kind") }),
  province: z.enum(PROVINCES, { message: key("province") }),
  titleFr: requiredText(MEMBER_EVENT_TITLE_MAX),
  titleEn: requiredText(MEMBER_EVENT_TITLE_MAX),
  descriptionFr: z.string().trim().max(MEMBER_EVENT_DESCRIPTION_MAX, key("tooLong")).optional().default(""),
  descriptionEn: z.string().trim().max(MEMBER_EVENT_DESCRIPTION_MAX, key("tooLong")).optional().default(""),
  place: requiredText(MEMBER_EVENT_TITLE_MAX),
  startsAt: z
    .string({ message: key("startsAt") })
    .trim()
    .refine((text) => shopLocalToInstant(text) !== null, key("startsAt")),
  capacity: z
    .string({ message: key("capacity") })
    .trim()
    .regex(/^\d{1,5}$/, key("capacity"))
    .transform(Number)
    .refine((n) => n >= 1 && n <= MEMBER_EVENT_CAPACITY_MAX, key("capacity")),
});
export type MemberEventEditForm = z.infer<typeof MemberEventEditSchema>;
/** The editor's fields as the form holds them (before parsing). */
export type MemberEventEditInput = z.input<typeof MemberEventEditSchema>;

/** The staff's "cancel this event" form. */
export const MemberEventCancelSchema = z.object({
  intent: z.literal(MEMBER_EVENT_INTENTS.cancelEvent),
  version,
});

/** A member's register or cancel button: the event. */
export const RegistrationSchema = z.object({
  intent: z.enum([REGISTRATION_INTENTS.register, REGISTRATION_INTENTS.unregister], { message: key("eventGone") }),
  eventId: z.coerce.number({ message: key("eventGone") }).refine(isRowId, key("eventGone")),
});

/** The event id of a staff page's URL (`/agence/evenements/12`), or null when it names no row. */
export function memberEventIdOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return isRowId(id) ? id : null;
}

/** An event's staff page. */
export function memberEventDeskPath(id: number | string): string {
  return `/agence/evenements/${id}`;
}

/** The CSV of an event's registrations. */
export function memberEventCsvPath(id: number | string): string {
  return `/agence/evenements/${id}/inscriptions.csv`;
}

/** The members' page of events. */
export const ACCOUNT_EVENTS_PATH = "/account/events";
