/**
 * The staff's list of members' events (docs/decisions/050-member-events.md): every event, the
 * latest date first, with its kind, province, date, place, seats taken of its capacity and whether
 * it was cancelled; each links to its editor, and "Nouvel événement" to a new one.
 */
import { Link } from "react-router";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { localized } from "~/lib/localized";
import type { Pagination } from "~/lib/pagination";
import { memberEventDeskPath } from "~/member-events/member-event-forms";
import type { StaffMemberEventRow } from "~/member-events/member-events.server";

/** `/agence/evenements`: every event, latest first, with the seats taken out of its capacity (decision 050). */
export function MemberEventDeskList({ title, rows, pagination }: { title: string; rows: StaffMemberEventRow[]; pagination: Pagination }) {
  const { t, i18n } = useT();
  const locale = i18n.language === "en-US" ? "en-US" : "fr-CA";
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl">{title}</h1>
        <Link
          to="/agence/evenements/nouveau"
          className="min-h-11 rounded bg-wine-800 px-4 py-2.5 font-semibold text-white hover:bg-wine-900"
        >
          {t("memberEvents.desk.new")}
        </Link>
      </div>
      <p role="status" className="mt-4 text-sm text-stone-700" data-testid="staff-list-count">
        {t("memberEvents.desk.count", { count: pagination.total })}
      </p>
      {rows.length > 0 ? (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm" data-testid="member-event-list">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberEvents.columns.title")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberEvents.columns.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberEvents.columns.province")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberEvents.columns.seats")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-stone-100" data-testid="member-event-row">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={memberEventDeskPath(row.id)} className="text-wine-800 underline">
                      {localized(locale, row.titleFr, row.titleEn)}
                    </Link>
                    <div className="font-normal text-stone-600">
                      {t(`memberEvents.kinds.${row.kind}`)} · {row.place}
                      {row.cancelledAt ? <strong className="ml-1 text-red-800">{t("memberEvents.cancelled")}</strong> : null}
                    </div>
                  </th>
                  <td className="py-2 pr-3">{formatDateTime(row.startsAt, i18n.language)}</td>
                  <td className="py-2 pr-3">{t(`provinces.${row.province}`)}</td>
                  <td className="py-2 pr-3">{t("memberEvents.desk.seats", { registered: row.registered, capacity: row.capacity })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <PaginationNav pagination={pagination} hrefFor={(page) => (page > 1 ? `/agence/evenements?page=${page}` : "/agence/evenements")} />
    </div>
  );
}
