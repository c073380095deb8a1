/**
 * The staff's reservations list: the filter (a GET form: status, province, product),
 * the rows newest first with the current stock, and on each REQUESTED row "Marquer disponible"
 * (bottles received, prefilled with the shortfall) and "Annuler"; on an AVAILABLE row "Annuler".
 * Every form is a POST that works without JavaScript; conform validates it in the browser with the
 * same schema as the action.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FieldErrors, inputClass } from "~/components/ui/form-field";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { TableScroll } from "~/components/ui/table-scroll";
import { channelNameKey } from "~/i18n/channel-names";
import { formatCount, formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { Pagination } from "~/lib/pagination";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import { CancelReservationSchema, MarkAvailableSchema, type ReservationsFilter, reservationsQuery } from "~/reservations/reservation-forms";
import type { ReservationListItem } from "~/reservations/reservations.server";
import { PROVINCES, RESERVATION_STATUSES, type ReservationStatus } from "~/vocabulary";

/** What a refused staff form answers: which row, conform's reply, and the current state when stale. */
export interface StaffReservationActionData {
  reservationId: number | null;
  result: SubmissionResult<string[]>;
  /** 409: the reservation's current status. */
  conflict?: ReservationStatus;
  /** 400 "stock": the stock with the bottles received, and the bottles the reservation needs. */
  stock?: { stock: number; bottles: number };
}

const AVAILABLE_CONSTRAINT = getZodConstraint(MarkAvailableSchema);
const CANCEL_CONSTRAINT = getZodConstraint(CancelReservationSchema);

function Filter({ filter }: { filter: ReservationsFilter }) {
  const { t } = useT();
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label={t("reservations.staff.filter")}>
      <div>
        <label htmlFor="reservations-status" className="block text-sm font-medium">
          {t("reservations.staff.status")}
        </label>
        <select id="reservations-status" name="status" defaultValue={filter.status ?? ""} className={inputClass}>
          <option value="">{t("reservations.staff.all")}</option>
          {RESERVATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reservations.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="reservations-province" className="block text-sm font-medium">
          {t("reservations.staff.province")}
        </label>
        <select id="reservations-province" name="province" defaultValue={filter.province ?? ""} className={inputClass}>
          <option value="">{t("reservations.staff.all")}</option>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {t(`provinces.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor="reservations-q" className="block text-sm font-medium">
          {t("reservations.staff.product")}
        </label>
        <input id="reservations-q" type="search" name="q" defaultValue={filter.product} autoComplete="off" className={inputClass} />
      </div>
      <button type="submit" className="min-h-11 rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("reservations.staff.apply")}
      </button>
    </Form>
  );
}

function MarkAvailable({ item, lastResult }: { item: ReservationListItem; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const [form, fields] = useForm({
    id: `reservation-available-${item.id}`,
    lastResult,
    constraint: AVAILABLE_CONSTRAINT,
    shouldValidate: "onSubmit",
    defaultValue: { bottlesReceived: String(item.shortfall) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MarkAvailableSchema }),
  });
  const busy = useNavigation().formData?.get("reservationId") === String(item.id);
  const { key: _key, ...bottlesProps } = getInputProps(fields.bottlesReceived, { type: "number" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="available" />
      <input type="hidden" name="reservationId" value={item.id} />
      <div>
        <label htmlFor={fields.bottlesReceived.id} className="block text-xs font-medium">
          {t(item.byCase ? "reservations.staff.bottlesReceived" : "reservations.staff.unitsReceived")}
        </label>
        <input {...bottlesProps} autoComplete="off" inputMode="numeric" className={`${inputClass} w-24`} />
      </div>
      <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-700 px-3 py-2 text-sm font-semibold text-white">
        {t("reservations.staff.markAvailable")}
      </button>
      <FieldErrors id={fields.bottlesReceived.errorId} errors={fields.bottlesReceived.errors} />
      <FieldErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function Cancel({ item, lastResult }: { item: ReservationListItem; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const [form] = useForm({
    id: `reservation-cancel-${item.id}`,
    lastResult,
    constraint: CANCEL_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelReservationSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="reservationId" value={item.id} />
      <button type="submit" className="min-h-11 rounded border border-stone-300 px-3 py-2 text-sm">
        {t("reservations.staff.cancel")}
      </button>
      <FieldErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function Row({ item, actionData }: { item: ReservationListItem; actionData: StaffReservationActionData | undefined }) {
  const { t, i18n } = useT();
  const mine = actionData?.reservationId === item.id ? actionData : undefined;
  const intent = mine?.result.initialValue?.intent;
  return (
    <tr className="align-top" data-testid="reservation-row" data-reservation-id={item.id}>
      <td className="p-2">
        <span className="block font-semibold">{item.productName}</span>
        <span className="block text-xs text-stone-600">
          {item.puid} · {t(channelNameKey(item.inventoryCode))}
        </span>
      </td>
      <td className="p-2">
        {item.byCase
          ? t("reservations.quantity.cases", { count: item.quantity, bottles: item.bottles })
          : t("reservations.quantity.units", { count: item.quantity })}
      </td>
      <td className="p-2" data-testid="reservation-stock">
        {formatCount(item.stock, i18n.language)}
      </td>
      <td className="p-2">
        <span className="block">
          {item.firstName} {item.lastName}
        </span>
        <span className="block text-xs text-stone-600">{item.email}</span>
        <span className="block text-xs text-stone-600">
          {t(`provinces.${item.province}`)} · {item.orderNumber}
        </span>
      </td>
      <td className="p-2">
        <span className="font-semibold" data-testid="reservation-status">
          {t(`reservations.status.${item.status}`)}
        </span>
        {item.status === "AVAILABLE" && item.paymentDueAt ? (
          <span className="block text-xs text-stone-600">
            {t("reservations.page.deadline", { deadline: formatDateTime(item.paymentDueAt, i18n.language) })}
          </span>
        ) : null}
        {item.paymentOrderNumber ? <span className="block text-xs text-stone-600">{item.paymentOrderNumber}</span> : null}
        {mine?.conflict ? (
          <p role="alert" className="mt-1 text-sm text-red-700" data-testid="reservation-conflict">
            {t("reservations.errors.conflictNow", { status: t(`reservations.status.${mine.conflict}`) })}
          </p>
        ) : null}
        {mine?.stock ? (
          <p role="alert" className="mt-1 text-sm text-red-700" data-testid="reservation-stock-short">
            {t("reservations.errors.stockDetail", { stock: mine.stock.stock, bottles: mine.stock.bottles })}
          </p>
        ) : null}
      </td>
      <td className="space-y-2 p-2">
        {item.status === "REQUESTED" ? <MarkAvailable item={item} lastResult={intent === "available" ? mine?.result : undefined} /> : null}
        {item.status === "REQUESTED" || item.status === "AVAILABLE" ? (
          <Cancel item={item} lastResult={intent === "cancel" ? mine?.result : undefined} />
        ) : null}
      </td>
    </tr>
  );
}

/** The page: title, filter, table and paging. */
export function ReservationsList({
  title,
  filter,
  items,
  pagination,
  actionData,
}: {
  title: string;
  filter: ReservationsFilter;
  items: ReservationListItem[];
  pagination: Pagination;
  actionData: StaffReservationActionData | undefined;
}) {
  const { t } = useT();
  return (
    <section data-testid="reservations-page">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-stone-600">{t("reservations.staff.intro", { days: RESERVATION_WINDOW_DAYS })}</p>
      <Filter filter={filter} />
      <p className="mt-4 text-sm" role="status" data-testid="reservations-count">
        {t("reservations.staff.count", { count: pagination.total })}
      </p>
      {items.length === 0 ? (
        <p className="mt-4" data-testid="reservations-empty">
          {t("reservations.staff.empty")}
        </p>
      ) : (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300">
              <tr>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.product")}
                </th>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.quantity")}
                </th>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.stock")}
                </th>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.customer")}
                </th>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.status")}
                </th>
                <th scope="col" className="p-2">
                  {t("reservations.staff.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {items.map((item) => (
                <Row key={item.id} item={item} actionData={actionData} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PaginationNav pagination={pagination} hrefFor={(page) => `/agence/reservations?${reservationsQuery(filter, page)}`} />
      {filter.status || filter.province || filter.product ? (
        <p className="mt-4 text-sm">
          <Link to="/agence/reservations" className="underline">
            {t("reservations.staff.clear")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
