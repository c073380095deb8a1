/**
 * /agence/carrousels: every carousel staff arrange — each group for Québec, for Ontario and for
 * both provinces — with its number of items and its last change, each linking to its editor.
 */
import { Link } from "react-router";
import { type CarouselGroup, staffCarouselPath } from "~/carousels/carousel-groups";
import type { StaffCarouselRow } from "~/carousels/carousels.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";

export function StaffCarouselList({ title, rows }: { title: string; rows: StaffCarouselRow[] }) {
  const { t, i18n } = useT();
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t("carousels.staff.intro")}</p>
      <TableScroll label={title} className="mt-6">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                {t("carousels.staff.columns.group")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("carousels.staff.columns.items")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("carousels.staff.columns.updatedAt")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.group}-${row.province ?? "both"}`} className="border-b border-stone-200" data-testid="staff-carousel-row">
                <th scope="row" className="py-2 pr-4 font-normal">
                  <Link to={staffCarouselPath(row.group, row.province)} className="inline-block min-h-6 text-wine-800 underline">
                    {groupLabel(t, row.group)} · {t(`carousels.provinces.${row.province ?? "both"}`)}
                  </Link>
                </th>
                <td className="py-2 pr-4">{t("carousels.staff.itemCount", { count: row.itemCount })}</td>
                <td className="py-2 pr-4">
                  {row.updatedAt ? formatDateTime(row.updatedAt, i18n.language) : t("carousels.staff.notCreated")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

/** A group's name in the page's language. */
export function groupLabel(t: (key: string) => string, group: CarouselGroup): string {
  return t(`carousels.groups.${group}`);
}
