/**
 * One order for the agency (docs/product.md#branch-follow-up agency order): what was sold as it was sold (the
 * customer history's lines and summary), the customer's contact, the branch or boutique, the dates
 * of each step, the step buttons the order allows now — each its own POST form carrying the state
 * the page shows, so a stale click is refused (409) and the current state shown — and the audit trail.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { Form, Link, useNavigation } from "react-router";
import { OrderLines, OrderSummary } from "~/accounts/ui/order-history";
import { FieldErrors } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { FulfilmentStepSchema, isIsoDate, ORDER_LIST_PATH } from "~/fulfilment/fulfilment-forms";
import { type FulfilmentStep, STEP_AUDIT_ACTION } from "~/fulfilment/fulfilment-rules";
import type { StaffOrderDetail } from "~/fulfilment/order-fulfilment.server";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatDateTime, formatLongDate, formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { FULFILMENT_STATUSES, isOneOf, ORDER_STATUSES } from "~/vocabulary";

const STEP_CONSTRAINT = getZodConstraint(FulfilmentStepSchema);

/** What the action answered to a refused step: which step, conform's reply. */
export interface StepReply {
  step: FulfilmentStep | null;
  result: SubmissionResult<string[]>;
}

function StepForm({
  step,
  order,
  lastResult,
}: {
  step: FulfilmentStep;
  order: StaffOrderDetail;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === step;
  const [form] = useForm({
    id: `step-${step}`,
    lastResult,
    constraint: STEP_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FulfilmentStepSchema }),
  });
  const confirmErrors = form.allErrors.confirm;
  const confirmId = `${form.id}-confirm`;
  return (
    <Form method="post" {...getFormProps(form)} className="rounded border border-stone-200 bg-white p-3" data-testid={`step-${step}`}>
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="status" value={order.status} />
      <input type="hidden" name="fulfilmentStatus" value={order.fulfilmentStatus} />
      <p className="text-sm text-stone-700">{t(`fulfilment.steps.${step}.help`, { days: BRANCH_FOLLOW_UP_BUSINESS_DAYS })}</p>
      {step === "refund" ? (
        <div className="mt-2 flex items-start gap-2 text-sm">
          <input
            id={confirmId}
            type="checkbox"
            name="confirm"
            className="mt-1 size-5"
            aria-invalid={confirmErrors?.length ? true : undefined}
            aria-describedby={confirmErrors?.length ? `${confirmId}-error` : undefined}
          />
          <label htmlFor={confirmId}>{t(`fulfilment.steps.refund.confirm.${order.refundThroughProvider ? "stripe" : "simulated"}`)}</label>
        </div>
      ) : null}
      <FieldErrors id={`${confirmId}-error`} errors={confirmErrors} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        disabled={busy}
        className={`mt-2 min-h-11 rounded px-4 py-2 font-semibold text-white ${step === "refund" ? "bg-red-800" : "bg-wine-700"}`}
      >
        {t(`fulfilment.steps.${step}.button`)}
      </button>
    </Form>
  );
}

function DateRow({ label, iso, testId }: { label: string; iso: string | null; testId: string }) {
  const { t, i18n } = useT();
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd data-testid={testId}>{iso ? <time dateTime={iso}>{formatLongDate(iso, i18n.language)}</time> : t("fulfilment.detail.notYet")}</dd>
    </>
  );
}

/** The label of each field a step's audit row records (the fields of `takeFulfilmentStep`). */
const FIELD_LABELS: Record<string, string> = {
  status: "fulfilment.list.status",
  fulfilmentStatus: "fulfilment.list.fulfilment",
  agencyFeesReceivedAt: "fulfilment.detail.agencyFeesReceivedAt",
  readyForPickupAt: "fulfilment.detail.readyForPickupAt",
  followUpDueOn: "fulfilment.detail.followUpDueOn",
  pickedUpAt: "fulfilment.detail.pickedUpAt",
  refundedAt: "fulfilment.detail.refundedAt",
  stripeRefundId: "fulfilment.detail.stripeRefund",
  refundReference: "fulfilment.detail.stripeRefund",
  stockReturned: "fulfilment.detail.stockReturned",
};

const ORDER_AUDIT_ACTIONS: readonly string[] = Object.values(STEP_AUDIT_ACTION);

/** One recorded value as the page's language writes it: statuses by name, days and instants as dates. */
function auditValue(field: string, value: unknown, t: TFunction, locale: string): string {
  if (value === null || value === undefined) return t("fulfilment.detail.notYet");
  if (typeof value === "boolean") return t(value ? "fulfilment.detail.yes" : "fulfilment.detail.no");
  if (field === "status" && isOneOf(ORDER_STATUSES, value)) return t(`history.status.${value}`);
  if (field === "fulfilmentStatus" && isOneOf(FULFILMENT_STATUSES, value)) return t(`fulfilment.status.${value}`);
  if (typeof value === "string" && isIsoDate(value)) return formatShopDay(value, locale);
  if (typeof value === "string" && field.endsWith("At") && !Number.isNaN(Date.parse(value))) return formatDateTime(value, locale);
  return `${value as number | string}`; // what is left: a number or a string (the audited fields are scalars)
}

/** The audit trail's change, "field: before → after" per field, in the page's language. */
function changeText(before: Record<string, unknown> | null, after: Record<string, unknown> | null, t: TFunction, locale: string): string {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) =>
      t("fulfilment.detail.change", {
        field: field in FIELD_LABELS ? t(FIELD_LABELS[field]!) : field,
        from: auditValue(field, before?.[field], t, locale),
        to: auditValue(field, after?.[field], t, locale),
      }),
    )
    .join(" · ");
}

/** The order's page for the staff. `done` is the step just taken (a notice), `reply` a refused step's answer. */
export function StaffOrderPage({
  order,
  done,
  reply,
}: {
  order: StaffOrderDetail;
  done: FulfilmentStep | null;
  reply: StepReply | undefined;
}) {
  const { t, i18n } = useT();
  const view = order.view;
  const board = view.province === "ON" ? "LCBO" : "SAQ";
  const titleId = "staff-order-title";
  return (
    <article aria-labelledby={titleId} data-testid="staff-order">
      <p className="text-sm">
        <Link to={ORDER_LIST_PATH} className="underline">
          {t("fulfilment.detail.back")}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-3">
        <h1 id={titleId} className="font-serif text-3xl">
          {t("fulfilment.detail.title", { number: view.orderNumber })}
        </h1>
        <p className="flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded border border-stone-300 bg-white px-2 py-0.5" data-testid="staff-order-status">
            {t(`history.status.${order.status}`)}
          </span>
          <span className="rounded border border-wine-300 bg-wine-50 px-2 py-0.5" data-testid="staff-order-fulfilment">
            {t(`fulfilment.status.${order.fulfilmentStatus}`)}
          </span>
        </p>
      </div>
      {done ? (
        <p role="status" className="mt-3 rounded border border-green-300 bg-green-50 p-2 text-sm text-green-900" data-testid="step-done">
          {t(`fulfilment.done.${done}`)}
        </p>
      ) : null}

      <section aria-labelledby="staff-order-steps" className="mt-6">
        <h2 id="staff-order-steps" className="font-serif text-xl">
          {t("fulfilment.detail.steps")}
        </h2>
        {reply && reply.step === null ? <FieldErrors errors={reply.result.error?.[""] ?? undefined} /> : null}
        {order.steps.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700" data-testid="no-steps">
            {t("fulfilment.detail.noSteps")}
          </p>
        ) : (
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            {order.steps.map((step) => (
              <StepForm key={step} step={step} order={order} lastResult={reply?.step === step ? reply.result : undefined} />
            ))}
          </div>
        )}
        {reply && reply.step !== null && !order.steps.includes(reply.step) ? (
          <div className="mt-2">
            <FieldErrors errors={reply.result.error?.[""] ?? undefined} />
          </div>
        ) : null}
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="staff-order-contact">
          <h2 id="staff-order-contact" className="font-serif text-xl">
            {t("fulfilment.detail.contact")}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">{t("fulfilment.detail.name")}</dt>
            <dd>
              {order.contact.firstName} {order.contact.lastName}
              {order.contact.customer ? "" : ` (${t("fulfilment.detail.guest")})`}
            </dd>
            <dt className="text-stone-600">{t("fulfilment.detail.email")}</dt>
            <dd>
              <a href={`mailto:${order.contact.email}`} className="underline">
                {order.contact.email}
              </a>
            </dd>
            <dt className="text-stone-600">{t("fulfilment.detail.phone")}</dt>
            <dd>{order.contact.phone}</dd>
            <dt className="text-stone-600">{t("fulfilment.detail.language")}</dt>
            <dd>{t(`fulfilment.detail.languages.${order.contact.locale.startsWith("en") ? "en" : "fr"}`)}</dd>
            <dt className="text-stone-600">{t("fulfilment.list.province")}</dt>
            <dd>{t(`provinces.${view.province}`)}</dd>
            <dt className="text-stone-600">{t("history.confirmationNumber")}</dt>
            <dd>{view.confirmationNumber}</dd>
          </dl>
        </section>
        <section aria-labelledby="staff-order-delivery">
          <h2 id="staff-order-delivery" className="font-serif text-xl">
            {t("fulfilment.detail.delivery")}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {view.branchLabel ? (
              <>
                <dt className="text-stone-600">{t("history.branch", { board })}</dt>
                <dd data-testid="staff-order-branch">{view.branchLabel}</dd>
              </>
            ) : null}
            {view.boutiqueCode ? (
              <>
                <dt className="text-stone-600">{t("history.boutique")}</dt>
                <dd>{t(boutiqueNameKey(view.boutiqueCode))}</dd>
              </>
            ) : null}
            <DateRow label={t("fulfilment.detail.placedAt")} iso={view.placedAt} testId="date-placed" />
            <DateRow label={t("fulfilment.detail.paidAt")} iso={order.dates.paidAt} testId="date-paid" />
            <DateRow label={t("fulfilment.detail.agencyFeesReceivedAt")} iso={order.dates.agencyFeesReceivedAt} testId="date-fees" />
            <DateRow label={t("fulfilment.detail.readyForPickupAt")} iso={order.dates.readyForPickupAt} testId="date-ready" />
            <dt className="text-stone-600">{t("fulfilment.detail.followUpDueOn")}</dt>
            <dd data-testid="staff-order-follow-up">
              {order.followUpDueOn ? formatShopDay(order.followUpDueOn, i18n.language) : t("fulfilment.detail.notYet")}
            </dd>
            <DateRow label={t("fulfilment.detail.pickedUpAt")} iso={order.dates.pickedUpAt} testId="date-picked-up" />
            <DateRow label={t("fulfilment.detail.refundedAt")} iso={order.dates.refundedAt} testId="date-refunded" />
            {order.refundReference ? (
              <>
                <dt className="text-stone-600">{t("fulfilment.detail.stripeRefund")}</dt>
                <dd>{order.refundReference}</dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>

      <section aria-labelledby="staff-order-lines" className="mt-6">
        <h2 id="staff-order-lines" className="font-serif text-xl">
          {t("fulfilment.detail.lines")}
        </h2>
        <div className="mt-2 grid gap-6 md:grid-cols-[1fr_18rem]">
          <OrderLines order={view} />
          <OrderSummary order={view} headingId="staff-order-summary" />
        </div>
        {view.reservations.length > 0 ? (
          <>
            <h3 className="mt-4 font-serif text-lg">{t("history.reservations")}</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {view.reservations.map((r) => (
                <li key={r.id}>
                  {r.name} —{" "}
                  {r.byCase
                    ? t("history.cases", { count: r.quantity, uvc: r.bottles / r.quantity })
                    : t("history.units", { count: r.quantity })}{" "}
                  — <span className="font-semibold">{t(`history.reservationStatus.${r.status}`)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {/* Not a landmark of its own: the table's scroll region already carries this name. */}
      <section className="mt-6">
        <h2 className="font-serif text-xl">{t("fulfilment.detail.audit")}</h2>
        {order.audit.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">{t("fulfilment.detail.noAudit")}</p>
        ) : (
          <TableScroll label={t("fulfilment.detail.audit")}>
            <table className="mt-2 w-full text-left text-sm" data-testid="staff-order-audit">
              <caption className="sr-only">{t("fulfilment.detail.audit")}</caption>
              <thead className="border-b border-stone-300 text-stone-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("fulfilment.detail.auditColumns.at")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("fulfilment.detail.auditColumns.who")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("fulfilment.detail.auditColumns.what")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("fulfilment.detail.auditColumns.change")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.audit.map((row) => (
                  <tr key={row.id} className="border-b border-stone-100 align-top">
                    <td className="py-1 pr-3">
                      <time dateTime={row.at}>{formatDateTime(row.at, i18n.language)}</time>
                    </td>
                    <td className="py-1 pr-3">{row.actorEmail}</td>
                    <td className="py-1 pr-3">
                      {ORDER_AUDIT_ACTIONS.includes(row.action) ? t(`fulfilment.audit.${row.action}`) : row.action}
                    </td>
                    <td className="py-1 break-all text-xs text-stone-700">{changeText(row.before, row.after, t, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </article>
  );
}
