/**
 * The global search's tabs (docs/product.md#search: Products, Producers, Blogs), each a plain link with its count,
 * so they work without JavaScript and back/forward moves between them; the active one carries
 * `aria-current="page"`.
 */
import { Link } from "react-router";
import { formatCount } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { SEARCH_TABS, searchHref, type SearchTab, type TabCount } from "~/search/search-tabs";

/** A tab's count as shown: "12", or "1 000+" / "1,000+" when capped. */
function TabCountText({ count }: { count: TabCount }) {
  const { t, i18n } = useT();
  const number = formatCount(count.count, i18n.language);
  return <>{count.capped ? t("search.countMore", { count: number }) : number}</>;
}

export function SearchTabsNav({ text, active, counts }: { text: string; active: SearchTab; counts: Record<SearchTab, TabCount> }) {
  const { t } = useT();
  return (
    <nav aria-label={t("search.tabsLabel")} className="mt-6 border-b border-stone-200">
      <ul className="flex flex-wrap gap-1">
        {SEARCH_TABS.map((tab) => {
          const current = tab === active;
          return (
            <li key={tab}>
              <Link
                to={searchHref({ text, tab })}
                aria-current={current ? "page" : undefined}
                data-testid={`search-tab-${tab}`}
                className={`-mb-px inline-flex min-h-11 items-center gap-2 rounded-t border px-4 py-2 ${
                  current
                    ? "border-stone-200 border-b-white bg-white font-semibold text-wine-800"
                    : "border-transparent text-stone-700 hover:text-wine-700"
                }`}
              >
                <span>{t(`search.tabs.${tab}`)}</span>
                <span
                  className={`rounded-full px-2 text-sm ${current ? "bg-wine-700 text-white" : "bg-stone-100 text-stone-700"}`}
                  data-testid="search-tab-count"
                >
                  <TabCountText count={counts[tab]} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
