import { Form } from "react-router";
import type { UsersFilter } from "~/agency/users-filter";
import { inputClass } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { type Locale, type Province, type Role, ROLES } from "~/vocabulary";

/** A user as the staff's list shows it (never the password hash). */
export interface UserRow {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  province: Province;
  locale: Locale;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * The staff's users list (docs/product.md#staff-area): a GET form (role, search in names or e-mail)
 * that works without JavaScript, then the matching customers and staff in a table, with a note
 * when the list is cut at its limit.
 */
export function UsersList({
  title,
  filter,
  users,
  limit,
}: {
  title: string;
  filter: UsersFilter;
  users: UserRow[];
  /** The most rows the list shows; reached means "refine the search". */
  limit: number;
}) {
  const { t, i18n } = useT();
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" role="search" aria-label={t("agency.users.searchLabel")}>
        <div>
          <label htmlFor="users-role" className="block text-sm font-medium">
            {t("agency.users.role")}
          </label>
          <select id="users-role" name="role" defaultValue={filter.role ?? ""} className={inputClass}>
            <option value="">{t("agency.users.allRoles")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`agency.users.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-64 grow">
          <label htmlFor="users-q" className="block text-sm font-medium">
            {t("agency.users.search")}
          </label>
          <input id="users-q" name="q" type="search" defaultValue={filter.search} autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("agency.users.submit")}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-stone-700" data-testid="users-count">
        {users.length >= limit ? t("agency.users.limited", { count: limit }) : t("agency.users.count", { count: users.length })}
      </p>
      {users.length > 0 ? (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm" data-testid="users-table">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("agency.users.columns.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("agency.users.columns.email")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("agency.users.columns.role")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("agency.users.columns.province")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("agency.users.columns.phone")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("agency.users.columns.since")}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {user.lastName}, {user.firstName}
                  </th>
                  <td className="py-2 pr-3">
                    <a href={`mailto:${user.email}`} className="text-wine-800 underline">
                      {user.email}
                    </a>
                  </td>
                  <td className="py-2 pr-3">{t(`agency.users.roles.${user.role}`)}</td>
                  <td className="py-2 pr-3">{user.province}</td>
                  <td className="py-2 pr-3">{user.phone}</td>
                  <td className="py-2">{formatLongDate(user.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
