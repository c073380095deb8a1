/**
 * A member's staff page (`/agence/membres/:userId`, docs/decisions/049-member-tastings-and-allocations.md):
 * the membership year, the tastings recorded in it with how many are left, a form to record one
 * (the day, the boutique, with or without a guest) and a remove button per tasting recorded by
 * mistake. Every form is a POST that works without JavaScript.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { type RecordTastingForm, RecordTastingSchema, TASTING_INTENTS, TASTING_STORE_CODES } from "~/member-tastings/tasting-forms";

const CONSTRAINT = getZodConstraint(RecordTastingSchema);

/** The member's tastings as the page shows them (null: no running membership). */
export interface MemberTastingsData {
  year: { firstDay: string; lastDay: string };
  allowed: number;
  used: number;
  left: number;
  tastings: { id: number; tastedOn: string; storeCode: string; withGuest: boolean }[];
}

/** What the action answered (400, 409), for the form it came from, with the values its message names. */
export interface TastingActionData {
  form: "record" | "remove";
  result: SubmissionResult<string[]>;
  values?: Record<string, string | number>;
}

/** A member's staff page (decision 049): the membership year, the tastings recorded, a form to record one and a button to remove one. */
export function MemberPage({
  member,
  tastings,
  today,
  done,
  reply,
}: {
  member: { id: number; firstName: string; lastName: string; email: string };
  tastings: MemberTastingsData | null;
  /** The shop's day, the record form's default. */
  today: string;
  done: string | null;
  reply: TastingActionData | undefined;
}) {
  const { t, i18n } = useT();
  const day = (d: string) => formatShopDay(d, i18n.language);
  return (
    <div>
      <p className="text-sm">
        <Link to="/agence/membres" className="text-wine-800 underline">
          {t("memberTastings.member.back")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">
        {member.firstName} {member.lastName}
      </h1>
      <p className="mt-1 text-sm text-stone-700">{member.email}</p>
      {done ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3" data-testid="tasting-done">
          {t(`memberTastings.done.${done}`)}
        </p>
      ) : null}
      {reply?.form === "remove" ? <FieldErrors errors={reply.result.error?.[""] ?? undefined} /> : null}
      {tastings === null ? (
        <p className="mt-6 rounded border border-amber-300 bg-amber-50 p-3" data-testid="not-member">
          {t("memberTastings.member.notMember")}
        </p>
      ) : (
        <>
          <section aria-labelledby="tastings-title" className="mt-6">
            <h2 id="tastings-title" className="font-serif text-2xl">
              {t("memberTastings.member.title")}
            </h2>
            <p className="mt-1 text-stone-700">
              {t("memberTastings.member.year", { from: day(tastings.year.firstDay), until: day(tastings.year.lastDay) })}
            </p>
            <p className="mt-1 font-semibold" data-testid="tastings-left">
              {t("memberTastings.left", { count: tastings.left, allowed: tastings.allowed })}
            </p>
            {tastings.tastings.length > 0 ? (
              <TableScroll label={t("memberTastings.member.title")} className="mt-3">
                <table className="w-full text-left text-sm" data-testid="tastings-table">
                  <caption className="sr-only">{t("memberTastings.member.title")}</caption>
                  <thead className="border-b border-stone-300 text-stone-600">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t("memberTastings.fields.tastedOn")}
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t("memberTastings.fields.storeCode")}
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t("memberTastings.fields.withGuest")}
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        <span className="sr-only">{t("memberTastings.member.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {tastings.tastings.map((tasting) => (
                      <tr key={tasting.id} className="border-b border-stone-100" data-testid="tasting-row">
                        <th scope="row" className="py-2 pr-3 font-medium">
                          {day(tasting.tastedOn)}
                        </th>
                        <td className="py-2 pr-3">{t(boutiqueNameKey(tasting.storeCode))}</td>
                        <td className="py-2 pr-3">
                          {tasting.withGuest ? t("memberTastings.member.guestYes") : t("memberTastings.member.guestNo")}
                        </td>
                        <td className="py-2">
                          <Form method="post">
                            <input type="hidden" name="intent" value={TASTING_INTENTS.remove} />
                            <input type="hidden" name="tastingId" value={tasting.id} />
                            <button
                              type="submit"
                              className="rounded px-2 py-1 text-red-800 underline"
                              aria-label={t("memberTastings.member.removeOne", { date: day(tasting.tastedOn) })}
                            >
                              {t("memberTastings.member.remove")}
                            </button>
                          </Form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : null}
          </section>
          <RecordForm today={today} reply={reply?.form === "record" ? reply : undefined} />
        </>
      )}
    </div>
  );
}

function RecordForm({ today, reply }: { today: string; reply: TastingActionData | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<RecordTastingForm>({
    id: "record-tasting",
    lastResult: reply?.result,
    constraint: CONSTRAINT,
    defaultValue: { tastedOn: today, storeCode: TASTING_STORE_CODES[0] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecordTastingSchema }),
  });
  const { key: _d, ...dayProps } = getInputProps(fields.tastedOn, { type: "date" });
  const { key: _s, ...storeProps } = getSelectProps(fields.storeCode);
  const { key: _g, ...guestProps } = getInputProps(fields.withGuest, { type: "checkbox" });
  return (
    <section aria-labelledby="record-title" className="mt-10">
      <h2 id="record-title" className="font-serif text-2xl">
        {t("memberTastings.member.recordTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-4" data-testid="record-tasting">
        <input type="hidden" name="intent" value={TASTING_INTENTS.record} />
        <FieldErrors id={form.errorId} errors={form.errors} values={reply?.values} />
        <div>
          <label htmlFor={fields.tastedOn.id} className="block text-sm font-medium">
            {t("memberTastings.fields.tastedOn")}
          </label>
          <input {...dayProps} autoComplete="off" className={inputClass} />
          <FieldErrors id={fields.tastedOn.errorId} errors={fields.tastedOn.errors} />
        </div>
        <div>
          <label htmlFor={fields.storeCode.id} className="block text-sm font-medium">
            {t("memberTastings.fields.storeCode")}
          </label>
          <select {...storeProps} autoComplete="off" className={inputClass}>
            {TASTING_STORE_CODES.map((code) => (
              <option key={code} value={code}>
                {t(boutiqueNameKey(code))}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.storeCode.errorId} errors={fields.storeCode.errors} />
        </div>
        <div className="flex items-center gap-2">
          <input {...guestProps} className="h-5 w-5" />
          <label htmlFor={fields.withGuest.id}>{t("memberTastings.fields.withGuestLabel")}</label>
        </div>
        <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("memberTastings.member.record")}
        </button>
      </Form>
    </section>
  );
}
