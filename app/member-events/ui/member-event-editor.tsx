/**
 * The staff's event editor (docs/decisions/050-member-events.md): kind, province, title and
 * description in French and English side by side, place, date and time (Montréal) and capacity;
 * for a saved event, its registrations (with the CSV export) and the "cancel this event" button.
 * Every form works without JavaScript; a stale edit shows the current values beside the staff's.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { ConflictView } from "~/catalogue-editing/ui/edit-fields";
import { BilingualField, EditField } from "~/catalogue-editing/ui/edit-fields";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { phoneForDisplay } from "~/lib/phone";
import {
  MEMBER_EVENT_INTENTS,
  memberEventCsvPath,
  type MemberEventEditForm,
  type MemberEventEditInput,
  MemberEventEditSchema,
} from "~/member-events/member-event-forms";
import { MEMBER_EVENT_KINDS, PROVINCES } from "~/vocabulary";

const CONSTRAINT = getZodConstraint(MemberEventEditSchema);

/** An event as the editor shows it (from the loader); a new one has no id. */
export interface MemberEventEditorData {
  id: number | null;
  version: number | null;
  /** The form's values (`startsAt` as `YYYY-MM-DDTHH:mm` on the shop's clock). */
  values: Record<string, string>;
  startsAt: string | null;
  cancelledAt: string | null;
  registrants: { firstName: string; lastName: string; email: string; phone: string; registeredAt: string }[];
  lastChange: { at: string; actorEmail: string } | null;
}

/** What the action answered (refused 400, stale or not allowed 409). */
export interface MemberEventActionData {
  form: "edit" | "cancel";
  result: SubmissionResult<string[]>;
  conflict?: ConflictView;
  /** Seats taken, when the capacity was refused for being below them. */
  registered?: number | null;
}

const buttonClass = "min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900";
const dangerButtonClass = "min-h-11 rounded border border-red-800 px-4 py-2 font-semibold text-red-800 hover:bg-red-50";

/**
 * The staff's event editor (decision 050): a new event, or a saved one with its registrations, the
 * CSV link and the cancel button; a stale edit shows the current values beside the staff's own.
 */
export function MemberEventEditorPage({
  event,
  done,
  reply,
}: {
  event: MemberEventEditorData;
  done: string | null;
  reply: MemberEventActionData | undefined;
}) {
  const { t, i18n } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/evenements" className="text-wine-800 underline">
          {t("memberEvents.desk.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{event.id === null ? t("memberEvents.desk.newTitle") : event.values.titleFr}</h1>
      {event.cancelledAt ? (
        <p className="mt-1 font-semibold text-red-800" data-testid="event-cancelled">
          {t("memberEvents.desk.cancelledOn", { date: formatDateTime(event.cancelledAt, i18n.language) })}
        </p>
      ) : null}
      {event.lastChange ? (
        <p className="mt-1 text-sm text-stone-700">
          {t("memberEvents.desk.lastChange", {
            date: formatDateTime(event.lastChange.at, i18n.language),
            who: event.lastChange.actorEmail,
          })}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="edit-done">
          {t(`memberEvents.desk.done.${done}`)}
        </p>
      ) : null}
      <EditForm key={`edit-${event.version ?? 0}`} event={event} reply={reply?.form === "edit" ? reply : undefined} />
      {event.id !== null ? <Registrants event={event} /> : null}
      {event.id !== null && event.version !== null && event.cancelledAt === null ? (
        <CancelForm version={event.version} reply={reply?.form === "cancel" ? reply : undefined} />
      ) : null}
    </div>
  );
}

function EditForm({ event, reply }: { event: MemberEventEditorData; reply: MemberEventActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<MemberEventEditInput, MemberEventEditForm>({
    id: "member-event-edit",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: event.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MemberEventEditSchema }),
  });
  const { key: _kindKey, ...kindProps } = getSelectProps(fields.kind);
  const { key: _provinceKey, ...provinceProps } = getSelectProps(fields.province);
  const { key: _startsKey, ...startsProps } = getInputProps(fields.startsAt, { type: "datetime-local" });
  const { key: _capacityKey, ...capacityProps } = getInputProps(fields.capacity, { type: "text" });
  const startsHelp = `${fields.startsAt.id}-help`;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4" data-testid="member-event-edit">
      <h2 className="font-serif text-2xl">{t("memberEvents.desk.editTitle")}</h2>
      {event.version !== null ? <input type="hidden" name="version" value={reply?.conflict?.version ?? event.version} /> : null}
      {reply?.conflict ? <EventConflictPanel conflict={reply.conflict} /> : null}
      <FieldErrors id={form.errorId} errors={reply?.conflict ? undefined : form.errors} />
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={fields.kind.id} className="block text-sm font-medium">
            {t("memberEvents.fields.kind")}
          </label>
          <select {...kindProps} autoComplete="off" className={inputClass}>
            {MEMBER_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`memberEvents.kinds.${kind}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
        </div>
        <div>
          <label htmlFor={fields.province.id} className="block text-sm font-medium">
            {t("memberEvents.fields.province")}
          </label>
          <select {...provinceProps} autoComplete="off" className={inputClass}>
            {PROVINCES.map((province) => (
              <option key={province} value={province}>
                {t(`provinces.${province}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.province.errorId} errors={fields.province.errors} />
        </div>
      </div>
      <BilingualField fr={fields.titleFr} en={fields.titleEn} label={t("memberEvents.fields.title")} />
      <BilingualField fr={fields.descriptionFr} en={fields.descriptionEn} label={t("memberEvents.fields.description")} multiline />
      <EditField field={fields.place} label={t("memberEvents.fields.place")} help={t("memberEvents.help.place")} />
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={fields.startsAt.id} className="block text-sm font-medium">
            {t("memberEvents.fields.startsAt")}
          </label>
          <input
            {...startsProps}
            aria-describedby={[startsHelp, fields.startsAt.errors?.length ? fields.startsAt.errorId : null].filter(Boolean).join(" ")}
            autoComplete="off"
            className={inputClass}
          />
          <p id={startsHelp} className="mt-1 text-xs text-stone-600">
            {t("memberEvents.help.startsAt")}
          </p>
          <FieldErrors id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
        </div>
        <div>
          <label htmlFor={fields.capacity.id} className="block text-sm font-medium">
            {t("memberEvents.fields.capacity")}
          </label>
          <input {...capacityProps} inputMode="numeric" autoComplete="off" className={inputClass} />
          <FieldErrors id={fields.capacity.errorId} errors={fields.capacity.errors} values={{ count: reply?.registered ?? 0 }} />
        </div>
      </div>
      <button type="submit" name="intent" value={MEMBER_EVENT_INTENTS.save} disabled={busy} className={buttonClass}>
        {event.id === null ? t("memberEvents.desk.create") : t("memberEvents.desk.save")}
      </button>
    </Form>
  );
}

/** The members registered, first registered first, and the CSV export. */
function Registrants({ event }: { event: MemberEventEditorData }) {
  const { t, i18n } = useT();
  const capacity = event.values.capacity ?? "";
  return (
    <section aria-labelledby="event-registrants" className="mt-8">
      <h2 id="event-registrants" className="font-serif text-2xl">
        {t("memberEvents.desk.registrants")}
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="registrant-count">
        {t("memberEvents.desk.registrantCount", { count: event.registrants.length, capacity })}
      </p>
      {event.registrants.length > 0 ? (
        <>
          <p className="mt-2">
            <a href={memberEventCsvPath(event.id!)} download className="text-wine-800 underline" data-testid="registrants-csv">
              {t("memberEvents.desk.csv")}
            </a>
          </p>
          <TableScroll label={t("memberEvents.desk.registrants")} className="mt-2">
            <table className="w-full text-left text-sm" data-testid="registrant-list">
              <caption className="sr-only">{t("memberEvents.desk.registrants")}</caption>
              <thead className="border-b border-stone-300 text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("memberEvents.columns.name")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("memberEvents.columns.email")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("memberEvents.columns.phone")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("memberEvents.columns.registeredAt")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {event.registrants.map((r) => (
                  <tr key={r.email} className="border-b border-stone-100" data-testid="registrant">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {r.lastName}, {r.firstName}
                    </th>
                    <td className="py-2 pr-3">{r.email}</td>
                    <td className="py-2 pr-3">{phoneForDisplay(r.phone) || "—"}</td>
                    <td className="py-2 pr-3">{formatDateTime(r.registeredAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}

function CancelForm({ version, reply }: { version: number; reply: MemberEventActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const errors = reply?.result.error?.[""] ?? undefined;
  return (
    <section aria-labelledby="event-cancel" className="mt-8 rounded border border-stone-200 p-4">
      <h2 id="event-cancel" className="font-serif text-2xl">
        {t("memberEvents.desk.cancelTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("memberEvents.desk.cancelHelp")}</p>
      <Form method="post" className="mt-3" data-testid="member-event-cancel">
        <input type="hidden" name="intent" value={MEMBER_EVENT_INTENTS.cancelEvent} />
        <input type="hidden" name="version" value={version} />
        <FieldErrors errors={errors ?? undefined} />
        <button type="submit" disabled={busy} className={`mt-2 ${dangerButtonClass}`}>
          {t("memberEvents.desk.cancel")}
        </button>
      </Form>
    </section>
  );
}

/** A stale edit: who saved first, and each field saved differently from the form. */
function EventConflictPanel({ conflict }: { conflict: ConflictView }) {
  const { t, i18n } = useT();
  return (
    <div role="alert" className="mt-4 rounded border border-amber-400 bg-amber-50 p-4" data-testid="edit-conflict">
      <p className="font-semibold">
        {conflict.lastChange
          ? t("memberEvents.conflict.message", {
              date: formatDateTime(conflict.lastChange.at, i18n.language),
              who: conflict.lastChange.actorEmail,
            })
          : t("memberEvents.conflict.unknown")}
      </p>
      <p className="mt-1 text-sm">{t("memberEvents.conflict.help")}</p>
      {conflict.differences.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{t("memberEvents.conflict.caption")}</caption>
          <thead>
            <tr className="border-b border-amber-300">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("memberEvents.conflict.field")}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("memberEvents.conflict.current")}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t("memberEvents.conflict.yours")}
              </th>
            </tr>
          </thead>
          <tbody>
            {conflict.differences.map((d) => (
              <tr key={d.field} className="border-b border-amber-200 align-top" data-testid="conflict-row">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {t(`memberEvents.conflictFields.${d.field}`)}
                </th>
                <td className="whitespace-pre-line py-1 pr-3">{d.current || "—"}</td>
                <td className="whitespace-pre-line py-1">{d.yours || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
