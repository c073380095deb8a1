/**
 * The staff's members list (`/agence/membres`, docs/decisions/049-member-tastings-and-allocations.md):
 * a GET search in names or e-mail that works without JavaScript, then the customers holding a
 * running membership, each linking to their page (tastings).
 */
import { Form, Link } from "react-router";
import { inputClass } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { staffMemberPath } from "~/member-tastings/tasting-forms";

export interface MemberListRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** ISO 8601: when the paid membership period ends. */
  periodEnd: string;
}

/** `/agence/membres`: members with a running membership, searched by name or e-mail (decision 049). */
export function MembersList({ title, search, members, limit }: { title: string; search: string; members: MemberListRow[]; limit: number }) {
  const { t, i18n } = useT();
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 text-stone-700">{t("memberTastings.list.intro")}</p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" role="search" aria-label={t("memberTastings.list.searchLabel")}>
        <div className="min-w-64 grow">
          <label htmlFor="members-q" className="block text-sm font-medium">
            {t("memberTastings.list.search")}
          </label>
          <input id="members-q" name="q" type="search" defaultValue={search} autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("memberTastings.list.submit")}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-stone-700" data-testid="members-count">
        {members.length >= limit
          ? t("memberTastings.list.limited", { count: limit })
          : t("memberTastings.list.count", { count: members.length })}
      </p>
      {members.length > 0 ? (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm" data-testid="members-table">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberTastings.list.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("memberTastings.list.email")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("memberTastings.list.periodEnd")}
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={staffMemberPath(member.userId)} className="text-wine-800 underline">
                      {member.lastName}, {member.firstName}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{member.email}</td>
                  <td className="py-2">{formatLongDate(member.periodEnd, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
