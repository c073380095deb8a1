import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import { pageWindow, type Pagination } from "~/lib/pagination";

/**
 * Pagination links (docs/product.md#product-list): previous only above page 1, next only below the last page. Each is
 * a plain link, so back/forward and sharing keep the page.
 */
export function PaginationNav({ pagination, hrefFor }: { pagination: Pagination; hrefFor: (page: number) => string }) {
  const { t } = useT();
  if (pagination.totalPages <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {pagination.hasPrevious ? (
        <Link rel="prev" to={hrefFor(pagination.page - 1)} className="rounded border px-3 py-1 hover:bg-wine-50">
          {t("pagination.previous")}
        </Link>
      ) : null}
      {pageWindow(pagination.page, pagination.totalPages).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} className="px-2" aria-hidden="true">
            …
          </span>
        ) : page === pagination.page ? (
          <span key={page} aria-current="page" className="rounded bg-wine-700 px-3 py-1 font-semibold text-white">
            {page}
          </span>
        ) : (
          <Link
            key={page}
            to={hrefFor(page)}
            className="rounded border px-3 py-1 hover:bg-wine-50"
            aria-label={t("pagination.page", { page })}
          >
            {page}
          </Link>
        ),
      )}
      {pagination.hasNext ? (
        <Link rel="next" to={hrefFor(pagination.page + 1)} className="rounded border px-3 py-1 hover:bg-wine-50">
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
