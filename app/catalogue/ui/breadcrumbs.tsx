import { Link } from "react-router";
import type { Crumb } from "~/catalogue/breadcrumbs";
import { useT } from "~/i18n/translation";

/**
 * A page's trail (docs/decisions/041-favourites-and-recently-viewed.md): a labelled `<nav>` with an
 * ordered list of links, the last one the page itself (`aria-current="page"`). The "›" separators
 * are hidden from screen readers, which announce the list and its items instead.
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useT();
  return (
    <nav aria-label={t("breadcrumbs.label")} className="mb-4 text-sm text-stone-600" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-x-1">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              <Link
                to={crumb.href}
                aria-current={last ? "page" : undefined}
                // 24 px tall at least (WCAG 2.2 target size): the trail wraps on phones.
                className={`inline-flex min-h-6 items-center ${last ? "text-stone-800" : "text-wine-700 underline hover:text-wine-900"}`}
              >
                {crumb.label}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
