/**
 * /account/events (docs/decisions/050-member-events.md): the private events of the customer's
 * province still to come — kind, title, date (Montréal time), place, description and seats left —
 * with a register or cancel button for a member (plain POST forms, so they work without
 * JavaScript; a 303 brings the page back with a notice). A customer who is not a member sees the
 * events and how to become one, without buttons. A refusal (full, cancelled, begun, not a member)
 * is said on the event itself.
 */
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { localized } from "~/lib/localized";
import { REGISTRATION_INTENTS } from "~/member-events/member-event-forms";
import type { MemberEventView } from "~/member-events/member-events.server";

/** A refused register or cancel button: the event and the message's i18n key. */
export interface RegistrationActionData {
  eventId: number | null;
  message: string;
}

/** `/account/events`: the upcoming events of the member's province, with a register or cancel button each (decision 050). */
export function MemberEventsPage({
  isMember,
  events,
  done,
  refusal,
}: {
  isMember: boolean;
  events: MemberEventView[];
  done: { kind: "registered" | "unregistered"; eventId: number } | null;
  refusal: RegistrationActionData | undefined;
}) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-3xl py-10" data-testid="member-events-page">
      <p className="text-sm">
        <Link to="/account" className="text-wine-800 underline">
          {t("memberEvents.account.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{t("memberEvents.account.title")}</h1>
      <p className="mt-2 text-stone-700">{t("memberEvents.account.intro")}</p>
      {!isMember ? (
        <p className="mt-4 rounded border border-amber-300 bg-amber-50 p-3" data-testid="members-only">
          {t("memberEvents.account.membersOnly")}{" "}
          <Link to="/membres" className="text-wine-800 underline">
            {t("memberEvents.account.becomeMember")}
          </Link>
        </p>
      ) : null}
      {refusal && refusal.eventId === null ? (
        <p role="alert" className="mt-4 text-red-700">
          {t(refusal.message)}
        </p>
      ) : null}
      {events.length === 0 ? (
        <p className="mt-6" data-testid="no-events">
          {t("memberEvents.account.none")}
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              isMember={isMember}
              done={done?.eventId === event.id ? done.kind : null}
              refusal={refusal?.eventId === event.id ? refusal.message : null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function EventCard({
  event,
  isMember,
  done,
  refusal,
}: {
  event: MemberEventView;
  isMember: boolean;
  done: "registered" | "unregistered" | null;
  refusal: string | null;
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  const locale = i18n.language === "en-US" ? "en-US" : "fr-CA";
  const title = localized(locale, event.titleFr, event.titleEn);
  const description = localized(locale, event.descriptionFr, event.descriptionEn);
  const headingId = `event-${event.id}-title`;
  return (
    <li id={`event-${event.id}`} className="rounded-lg border border-stone-200 p-4" data-testid="member-event">
      <p className="text-sm font-medium uppercase tracking-wide text-wine-800">{t(`memberEvents.kinds.${event.kind}`)}</p>
      <h2 id={headingId} className="mt-1 font-serif text-2xl">
        {title}
      </h2>
      <p className="mt-1" data-testid="event-when">
        {formatDateTime(event.startsAt, i18n.language)} · {event.place}
      </p>
      {description ? <p className="mt-2 whitespace-pre-line text-stone-700">{description}</p> : null}
      {event.cancelledAt ? (
        <p className="mt-2 font-semibold text-red-800" data-testid="event-state">
          {t("memberEvents.account.eventCancelled")}
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-700" data-testid="event-seats">
          {event.seatsLeft > 0 ? t("memberEvents.account.seatsLeft", { count: event.seatsLeft }) : t("memberEvents.account.full")}
        </p>
      )}
      {event.registered ? (
        <p className="mt-2 font-semibold text-green-800" data-testid="event-registered">
          {t("memberEvents.account.youAreRegistered")}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-2 rounded border border-green-300 bg-green-50 p-2" data-testid="event-done">
          {t(`memberEvents.account.done.${done}`)}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 p-2 text-red-800" data-testid="event-refusal">
          {t(refusal)}
        </p>
      ) : null}
      {event.registered ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="eventId" value={event.id} />
          <button
            type="submit"
            name="intent"
            value={REGISTRATION_INTENTS.unregister}
            disabled={busy}
            className="min-h-11 rounded border border-wine-800 px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50"
          >
            {t("memberEvents.account.unregister")}
            <span className="sr-only"> : {title}</span>
          </button>
        </Form>
      ) : isMember && !event.cancelledAt && event.seatsLeft > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="eventId" value={event.id} />
          <button
            type="submit"
            name="intent"
            value={REGISTRATION_INTENTS.register}
            disabled={busy}
            className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900"
          >
            {t("memberEvents.account.register")}
            <span className="sr-only"> : {title}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}
