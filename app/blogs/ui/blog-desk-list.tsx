/**
 * The content desk's article list (docs/decisions/045-content-desk-articles.md): a GET search by
 * title or slug (in the URL, works without JavaScript), a link to write a new article, and each
 * article with its status, scheduled or publication date and last change, linking to its editor.
 */
import { Form, Link } from "react-router";
import type { StaffBlogRow } from "~/blogs/blog-desk.server";
import { type BlogDeskFilter, blogDeskHref, blogDeskPath } from "~/blogs/blog-desk-forms";
import { inputClass } from "~/components/ui/form-field";
import { PaginationNav } from "~/components/ui/pagination-nav";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { localized } from "~/lib/localized";
import type { Pagination } from "~/lib/pagination";

export function BlogDeskList({
  title,
  filter,
  rows,
  pagination,
}: {
  title: string;
  filter: BlogDeskFilter;
  rows: StaffBlogRow[];
  pagination: Pagination;
}) {
  const { t, i18n } = useT();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : "—");
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl">{title}</h1>
        <Link to="/agence/articles/nouveau" className="min-h-11 rounded bg-wine-800 px-4 py-2.5 font-semibold text-white hover:bg-wine-900">
          {t("blogDesk.new")}
        </Link>
      </div>
      <Form
        method="get"
        action="/agence/articles"
        role="search"
        aria-label={t("blogDesk.searchLabel")}
        className="mt-6 flex flex-wrap items-end gap-4"
      >
        <div className="min-w-64 grow">
          <label htmlFor="blog-desk-q" className="block text-sm font-medium">
            {t("blogDesk.search")}
          </label>
          <input id="blog-desk-q" name="q" type="search" defaultValue={filter.search} autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" className="min-h-11 rounded bg-wine-800 px-4 py-2 font-semibold text-white hover:bg-wine-900">
          {t("blogDesk.searchSubmit")}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-stone-700" data-testid="staff-list-count">
        {t("blogDesk.count", { count: pagination.total })}
      </p>
      {rows.length > 0 ? (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm" data-testid="blog-desk-list">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("blogDesk.columns.title")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("blogDesk.columns.status")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("blogDesk.columns.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("blogDesk.columns.updated")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link to={blogDeskPath(row.id)} className="text-wine-800 underline">
                      {localized(i18n.language === "en-US" ? "en-US" : "fr-CA", row.titleFr, row.titleEn)}
                    </Link>
                    <div className="font-normal text-stone-600">
                      <code>{row.slug}</code>
                    </div>
                  </th>
                  <td className="py-2 pr-3">{t(`blogDesk.statuses.${row.status}`)}</td>
                  <td className="py-2 pr-3">{row.status === "SCHEDULED" ? date(row.publishAt) : date(row.publishedAt)}</td>
                  <td className="py-2 pr-3">{date(row.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <PaginationNav pagination={pagination} hrefFor={(page) => blogDeskHref({ ...filter, page })} />
    </div>
  );
}
