/**
 * "Imprimer" on /providers (docs/product.md#producers "Printing to PDF: A4 landscape preview with a logo
 * header"): a plain link to `/listing/providers` with the page's current query (filters, page and
 * page size), opening the PDF preview in a new tab. A link, not a router `<Link>`: the target is a
 * PDF, not a page.
 */
import { useLocation } from "react-router";
import { useT } from "~/i18n/translation";

export function PrintProvidersLink() {
  const { t } = useT();
  const location = useLocation();
  return (
    <a
      href={`/listing/providers${location.search}`}
      target="_blank"
      rel="noopener"
      aria-label={t("listing.providers.printLabel")}
      className="inline-block min-h-6 rounded border border-stone-300 px-3 py-1 text-sm hover:bg-wine-50 print:hidden"
      data-testid="print-providers"
    >
      {t("listing.providers.print")}
    </a>
  );
}
