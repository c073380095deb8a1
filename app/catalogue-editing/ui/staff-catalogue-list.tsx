/**
 * The staff's list of products or producers: a GET search form (the text lives in the URL and
 * works without JavaScript), the count, a table whose first column links to each one's staff
 * page, and the shared pagination.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type StaffListFilter, staffListHref } from "~/catalogue-editing/editing-forms";
import { inputClass } from "~/components/ui/form-field";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { TableScroll } from "~/components/ui/table-scroll";
import { useT } from "~/i18n/translation";
import type { Pagination } from "~/lib/pagination";

/** One row: the link's text and target, then the other cells. */
export interface StaffListRow {
  key: string;
  name: string;
  href: string;
  cells: ReactNode[];
}

export function StaffCatalogueList({
  kind,
  title,
  path,
  filter,
  pagination,
  columns,
  rows,
}: {
  kind: "products" | "providers";
  title: string;
  /** The list's own path (`/agence/produits`). */
  path: string;
  filter: StaffListFilter;
  pagination: Pagination;
  /** The headers of the columns after the first (the name). */
  columns: string[];
  rows: StaffListRow[];
}) {
  const { t } = useT();
  const searchId = `${kind}-q`;
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <Form
        method="get"
        action={path}
        role="search"
        aria-label={t(`catalogueEditing.${kind}.searchLabel`)}
        className="mt-6 flex flex-wrap items-end gap-4"
      >
        <div className="min-w-64 grow">
          <label htmlFor={searchId} className="block text-sm font-medium">
            {t(`catalogueEditing.${kind}.search`)}
          </label>
          <input id={searchId} name="q" type="search" defaultValue={filter.search} autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("catalogueEditing.searchSubmit")}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-stone-700" data-testid="staff-list-count">
        {t(`catalogueEditing.${kind}.count`, { count: pagination.total })}
      </p>
      {rows.length > 0 ? (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm" data-testid="staff-list">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("catalogueEditing.columns.name")}
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={row.href} className="text-wine-800 underline">
                      {row.name}
                    </Link>
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={i} className="py-2 pr-3">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <PaginationNav pagination={pagination} hrefFor={(page) => staffListHref(path, { ...filter, page })} />
    </div>
  );
}
