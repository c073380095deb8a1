/**
 * What the event pages load and how they answer a POST (docs/decisions/050-member-events.md), so
 * the routes stay thin: the staff's editor (`/agence/evenements/nouveau`, `/agence/evenements/:id`:
 * a 303 after a change, 400 with the field errors and values kept, 409 with the current values
 * beside the staff's own when someone saved first) and the member's page `/account/events`
 * (register or cancel: 303 back with a notice; refused: the reason, localized, on the event).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { StaffUser } from "~/agency/staff.server";
import { conflictView } from "~/catalogue-editing/conflict";
import type { ShopContext } from "~/context";
import { hasActiveMembership } from "~/users/membership.server";
import type { User } from "~/users/users.server";
import {
  ACCOUNT_EVENTS_PATH,
  MEMBER_EVENT_INTENTS,
  MemberEventCancelSchema,
  memberEventDeskPath,
  MemberEventEditSchema,
  REGISTRATION_INTENTS,
  RegistrationSchema,
} from "./member-event-forms";
import {
  cancelMemberEvent,
  cancelMemberEventRegistration,
  createMemberEvent,
  listUpcomingMemberEvents,
  MEMBER_EVENT_VALUE_FIELDS,
  memberEventValuesOf,
  readStaffMemberEvent,
  registerForMemberEvent,
  type RegistrationRefusal,
  saveMemberEvent,
} from "./member-events.server";
import type { MemberEventActionData, MemberEventEditorData } from "./ui/member-event-editor";
import type { RegistrationActionData } from "./ui/member-events-page";

/** The new event's starting values. */
const NEW_EVENT_VALUES: Record<string, string> = { kind: "WINEMAKER", province: "QC" };

/** The `?done=` messages the editor shows after a 303. */
const EDITOR_DONE = ["created", "saved", "cancelled"] as const;

/**
 * The editor's data: the saved event (`eventId`), or a new one (null).
 * @returns null when `eventId` names no event (the route answers 404)
 */
export async function loadMemberEventEditor(
  shop: ShopContext,
  eventId: number | null,
  url: URL,
): Promise<{ title: string; event: MemberEventEditorData; done: string | null } | null> {
  const done = EDITOR_DONE.find((d) => d === url.searchParams.get("done")) ?? null;
  if (eventId === null) {
    return {
      title: shop.t("memberEvents.desk.newTitle"),
      done,
      event: { id: null, version: null, values: NEW_EVENT_VALUES, startsAt: null, cancelledAt: null, registrants: [], lastChange: null },
    };
  }
  const event = await readStaffMemberEvent(shop.db, eventId);
  if (!event) return null;
  const { values, ...rest } = event;
  return {
    title: shop.t("memberEvents.desk.editPageTitle", { title: values.titleFr }),
    done,
    event: { ...rest, values: { ...values, capacity: String(values.capacity) } },
  };
}

function fieldErrorsOf(errors: Partial<Record<string, string>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, key]) => (key ? [[field, [key]]] : [])));
}

/**
 * Answers a POST of the editor pages (the route checked the staff user first).
 * @param eventId the event, or null on the new-event page (where only the editor posts)
 * @returns the action's data (400, 409)
 * @throws a 303 redirect after a change; a 404 when the event is gone
 */
export async function answerMemberEventEditorPost(
  shop: ShopContext,
  staff: Pick<StaffUser, "id" | "email">,
  eventId: number | null,
  formData: FormData,
) {
  if (eventId !== null && formData.get("intent") === MEMBER_EVENT_INTENTS.cancelEvent) {
    const submission = parseWithZod(formData, { schema: MemberEventCancelSchema });
    if (submission.status !== "success")
      return data<MemberEventActionData>({ form: "cancel", result: submission.reply() }, { status: 400 });
    const outcome = await cancelMemberEvent(shop.db, staff, eventId, submission.value.version);
    if (outcome.kind === "notFound") throw data(null, { status: 404 });
    if (outcome.kind === "cancelled") throw redirect(`${memberEventDeskPath(eventId)}?done=cancelled`, { status: 303 });
    const message = outcome.kind === "alreadyCancelled" ? "memberEvents.errors.alreadyCancelled" : "memberEvents.errors.stale";
    return data<MemberEventActionData>({ form: "cancel", result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }

  const submission = parseWithZod(formData, { schema: MemberEventEditSchema });
  if (submission.status !== "success") return data<MemberEventActionData>({ form: "edit", result: submission.reply() }, { status: 400 });
  const values = memberEventValuesOf(submission.value);

  if (eventId === null) {
    const outcome = await createMemberEvent(shop.db, staff, values);
    if (outcome.kind === "saved") throw redirect(`${memberEventDeskPath(outcome.id)}?done=created`, { status: 303 });
    const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : {};
    return data<MemberEventActionData>(
      { form: "edit", result: submission.reply({ fieldErrors: fieldErrorsOf(fieldErrors) }) },
      { status: 400 },
    );
  }
  if (submission.value.version === undefined) {
    return data<MemberEventActionData>(
      { form: "edit", result: submission.reply({ formErrors: ["memberEvents.errors.stale"] }) },
      { status: 400 },
    );
  }
  const outcome = await saveMemberEvent(shop.db, staff, eventId, submission.value.version, values);
  if (outcome.kind === "notFound") throw data(null, { status: 404 });
  if (outcome.kind === "saved") throw redirect(`${memberEventDeskPath(eventId)}?done=saved`, { status: 303 });
  if (outcome.kind === "invalid") {
    return data<MemberEventActionData>(
      {
        form: "edit",
        result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.fieldErrors) }),
        registered: outcome.registered ?? null,
      },
      { status: 400 },
    );
  }
  const { current } = outcome;
  return data<MemberEventActionData>(
    {
      form: "edit",
      result: submission.reply({ formErrors: ["memberEvents.errors.stale"] }),
      conflict: conflictView(
        { ...current.values, capacity: String(current.values.capacity) },
        { ...values, capacity: String(values.capacity) },
        MEMBER_EVENT_VALUE_FIELDS,
        current.version,
        current.lastChange,
      ),
    },
    { status: 409 },
  );
}

/** The `?done=` notices of /account/events. */
const ACCOUNT_DONE = ["registered", "unregistered"] as const;

/** What /account/events shows a logged-in customer: their province's upcoming events. */
export async function loadAccountEvents(shop: ShopContext, user: User, url: URL) {
  const [isMember, events] = await Promise.all([hasActiveMembership(shop.db, user.id), listUpcomingMemberEvents(shop.db, user)]);
  const done = ACCOUNT_DONE.find((d) => d === url.searchParams.get("done")) ?? null;
  const doneEvent = Number(url.searchParams.get("event"));
  return {
    title: shop.t("memberEvents.account.title"),
    isMember,
    events,
    done: done && events.some((e) => e.id === doneEvent) ? { kind: done, eventId: doneEvent } : null,
  };
}

/** The status of each refusal: a state that changed under the member is a conflict. */
const REFUSAL_STATUS: Record<RegistrationRefusal, number> = { notMember: 403, full: 409, cancelled: 409, past: 409, notFound: 404 };

/**
 * Answers a member's register or cancel button (the route checked the login and the rate limit).
 * @returns the refusal (its i18n key on the event) with 400, 403, 404 or 409
 * @throws a 303 back to /account/events with a notice after a change or a repeat
 */
export async function answerRegistrationPost(user: User, shop: ShopContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: RegistrationSchema });
  if (submission.status !== "success") {
    return data<RegistrationActionData>({ eventId: null, message: "memberEvents.errors.eventGone" }, { status: 400 });
  }
  const { intent, eventId } = submission.value;
  const outcome =
    intent === REGISTRATION_INTENTS.register
      ? await registerForMemberEvent(shop.db, user, eventId)
      : await cancelMemberEventRegistration(shop.db, user, eventId);
  if (outcome.ok) {
    const done = intent === REGISTRATION_INTENTS.register ? "registered" : "unregistered";
    throw redirect(`${ACCOUNT_EVENTS_PATH}?${new URLSearchParams({ done, event: String(eventId) })}#event-${eventId}`, { status: 303 });
  }
  return data<RegistrationActionData>(
    { eventId, message: `memberEvents.refusals.${outcome.reason}` },
    { status: REFUSAL_STATUS[outcome.reason] },
  );
}
