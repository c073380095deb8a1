/**
 * The agency's orders list: filters as a GET form (payment status, fulfilment status,
 * province, channel, placed from/to), so they live in the URL and work without JavaScript; the
 * orders newest first, each linking to its page; the shared pagination.
 */
import { Form, Link } from "react-router";
import { inputClass } from "~/components/ui/form-field";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { TableScroll } from "~/components/ui/table-scroll";
import { type OrderListFilters, orderListHref, staffOrderPath } from "~/fulfilment/fulfilment-forms";
import type { StaffOrderRow } from "~/fulfilment/order-fulfilment.server";
import { formatLongDate, formatMoney, formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { Pagination } from "~/lib/pagination";
import { CART_SECTIONS, FULFILMENT_STATUSES, ORDER_STATUSES, PROVINCES } from "~/vocabulary";

export interface OrderListData {
  title: string;
  filters: OrderListFilters;
  rows: StaffOrderRow[];
  pagination: Pagination;
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | null;
  options: { value: string; label: string }[];
}) {
  const { t } = useT();
  return (
    <div>
      <label htmlFor={`orders-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`orders-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t("fulfilment.list.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ filters }: { filters: OrderListFilters }) {
  const { t } = useT();
  return (
    <Form
      method="get"
      action="/agence/commandes"
      className="mt-4 grid gap-3 rounded border border-stone-200 bg-white p-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-7"
      aria-label={t("fulfilment.list.filtersLabel")}
    >
      <Select
        name="status"
        label={t("fulfilment.list.status")}
        value={filters.status}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`history.status.${s}`) }))}
      />
      <Select
        name="fulfilment"
        label={t("fulfilment.list.fulfilment")}
        value={filters.fulfilment}
        options={FULFILMENT_STATUSES.map((s) => ({ value: s, label: t(`fulfilment.status.${s}`) }))}
      />
      <Select
        name="province"
        label={t("fulfilment.list.province")}
        value={filters.province}
        options={PROVINCES.map((p) => ({ value: p, label: t(`provinces.${p}`) }))}
      />
      <Select
        name="channel"
        label={t("fulfilment.list.channel")}
        value={filters.channel}
        options={CART_SECTIONS.map((c) => ({ value: c, label: t(`history.sections.${c}`) }))}
      />
      <div>
        <label htmlFor="orders-from" className="block text-sm font-medium">
          {t("fulfilment.list.from")}
        </label>
        <input id="orders-from" type="date" name="from" defaultValue={filters.from ?? ""} className={inputClass} />
      </div>
      <div>
        <label htmlFor="orders-to" className="block text-sm font-medium">
          {t("fulfilment.list.to")}
        </label>
        <input id="orders-to" type="date" name="to" defaultValue={filters.to ?? ""} className={inputClass} />
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="min-h-11 rounded bg-wine-700 px-4 py-2 font-semibold text-white">
          {t("fulfilment.list.submit")}
        </button>
        <Link to="/agence/commandes" className="py-2 text-sm underline">
          {t("fulfilment.list.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** The page: heading with the count, the filters, the table, the pagination. */
export function OrderListPage({ data }: { data: OrderListData }) {
  const { t, i18n } = useT();
  const { filters, rows, pagination } = data;
  return (
    <div data-testid="staff-orders">
      <h1 className="font-serif text-3xl">{data.title}</h1>
      <Filters filters={filters} />
      <p className="mt-4 text-sm text-stone-700" data-testid="staff-orders-count" aria-live="polite">
        {t("fulfilment.list.count", { count: pagination.total })}
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded border border-stone-200 bg-white p-6 text-center font-semibold">{t("common.noRecords")}</p>
      ) : (
        <TableScroll label={data.title} className="mt-2">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">{data.title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.order")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.placed")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.customer")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.province")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.channels")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.status")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.fulfilment")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("fulfilment.list.columns.followUp")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("fulfilment.list.columns.payNow")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("fulfilment.list.columns.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.orderNumber} className="border-b border-stone-100 align-top" data-testid="staff-order-row">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    <Link to={staffOrderPath(row.orderNumber)} className="inline-block min-h-6 text-wine-800 underline">
                      {row.orderNumber}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">
                    <time dateTime={row.placedAt}>{formatLongDate(row.placedAt, i18n.language)}</time>
                  </td>
                  <td className="py-2 pr-3">
                    <span className="block">
                      {row.firstName} {row.lastName}
                    </span>
                    <span className="block text-xs text-stone-600">{row.email}</span>
                  </td>
                  <td className="py-2 pr-3">{t(`provinces.${row.province}`)}</td>
                  <td className="py-2 pr-3">{row.channels.map((c) => t(`history.sections.${c}`)).join(", ")}</td>
                  <td className="py-2 pr-3" data-testid="staff-order-status">
                    {t(`history.status.${row.status}`)}
                  </td>
                  <td className="py-2 pr-3" data-testid="staff-order-fulfilment">
                    {t(`fulfilment.status.${row.fulfilmentStatus}`)}
                  </td>
                  <td className="py-2 pr-3" data-testid="staff-order-row-follow-up">
                    {row.followUpDueOn ? (
                      <time dateTime={row.followUpDueOn}>{formatShopDay(row.followUpDueOn, i18n.language)}</time>
                    ) : (
                      t("fulfilment.detail.notYet")
                    )}
                  </td>
                  <td className="py-2 pr-3 text-right">{formatMoney(row.payNowCents, i18n.language)}</td>
                  <td className="py-2 text-right">{formatMoney(row.totalCents, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PaginationNav pagination={pagination} hrefFor={(page) => orderListHref({ ...filters, page })} />
    </div>
  );
}
