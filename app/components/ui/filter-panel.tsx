import type { ReactNode } from "react";

/**
 * The filter column of a list page (products, producers, articles), docs/product.md#layout Layout and
 * breakpoints: from `lg` (1366 px) a column beside the results, always shown; below it (the mobile
 * layout of xs, sm and md) a disclosure that a "Filters (n)" button opens and closes. The button is
 * a label of a visually hidden checkbox, so it works without JavaScript; its focus ring is drawn on
 * the label, since the checkbox itself cannot show one. From `lg` the checkbox is not rendered
 * (`display: none`), so it is no stray stop in the keyboard order.
 *
 * @param id the checkbox's id, unique in the page.
 * @param label the accessible name of the filter region (an `<aside>`), e.g. "Filtres".
 * @param toggleLabel the button's text, with the number of active filters, e.g. "Filtres (2)".
 */
export function FilterPanel({ id, label, toggleLabel, children }: { id: string; label: string; toggleLabel: string; children: ReactNode }) {
  return (
    <div>
      <input type="checkbox" id={id} className="peer sr-only lg:hidden" />
      <label
        htmlFor={id}
        className="mb-3 inline-block min-h-6 cursor-pointer rounded border border-stone-300 bg-white px-3 py-1 text-sm peer-checked:bg-wine-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine-600 lg:hidden"
      >
        {toggleLabel}
      </label>
      <aside className="mb-6 hidden peer-checked:block lg:mb-0 lg:block" aria-label={label}>
        {children}
      </aside>
    </div>
  );
}
