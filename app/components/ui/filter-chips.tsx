/**
 * The active filters of a list page as chips (products, producers, articles): each a link that
 * removes its filter (keeping the others, back on page 1), and "Tout effacer". Plain links, so
 * they work without JavaScript; the chips themselves are built on the server
 * (`buildFilterChips` in app/lib/filter-chips.ts).
 */
import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import type { FilterChips } from "~/lib/filter-chips";

export function FilterChipList({ chips, clearHref }: FilterChips) {
  const { t } = useT();
  if (chips.length === 0) return null;
  return (
    <nav aria-label={t("filters.active")} className="mb-4" data-testid="filter-chips">
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip, index) => (
          <li key={`${index}-${chip.href}`}>
            <Link
              to={chip.href}
              aria-label={t("filters.removeChip", { label: chip.label })}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-wine-700 bg-wine-50 px-3 py-1 text-sm text-wine-900 hover:bg-wine-100"
            >
              {chip.label}
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={clearHref} className="inline-flex min-h-8 items-center px-2 text-sm font-semibold text-wine-800 underline">
            {t("filters.clearAll")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
