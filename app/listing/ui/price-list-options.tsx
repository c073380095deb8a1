/**
 * "Télécharger la liste de prix" on /products (docs/product.md#price-list `GET /listing`): a disclosure
 * (`<details>`, opens without JavaScript) holding a plain GET form to /listing with the list's
 * current filters as hidden fields and the options of {@link ListingOptionsSchema}; submitting it
 * downloads the PDF (an attachment: the page stays). Each checkbox follows a hidden `false` of the
 * same name, so an unticked box says so (the last value wins, `listing-options.ts`).
 */
import { type ProductFilters, productFiltersToSearchParams } from "~/catalogue/product-filters";
import { useT } from "~/i18n/translation";
import { LISTING_FLAG_DEFAULTS, LISTING_FLAGS, LISTING_REGION_VALUES, LISTING_SHOWS, regionOfProvince } from "~/listing/listing-options";
import type { Province, TaxMode } from "~/vocabulary";

/** The /products filters a price list keeps: all but the page, its size and the sort. */
function listingFilterFields(filters: ProductFilters): [string, string][] {
  return [...productFiltersToSearchParams(filters)].filter(([key]) => key !== "page" && key !== "size" && key !== "sort");
}

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-6 items-center gap-2">
      <input type="radio" name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}

export function PriceListOptions({ filters, taxMode, province }: { filters: ProductFilters; taxMode: TaxMode; province: Province }) {
  const { t } = useT();
  const fields = listingFilterFields(filters);
  const region = regionOfProvince(province);
  return (
    <details className="mb-4 rounded border border-stone-200 bg-white text-sm print:hidden" data-testid="price-list">
      <summary className="inline-block min-h-6 px-3 py-1.5 font-semibold text-wine-700 underline">{t("listing.form.summary")}</summary>
      {/* A plain form: the browser downloads the attachment; the router must not fetch it as data. */}
      <form method="get" action="/listing" className="border-t border-stone-200 p-3">
        <p className="mb-3 text-stone-600">{t("listing.form.intro")}</p>
        {fields.map(([name, value], i) => (
          <input key={`${name}-${value}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <div className="grid grid-cols-fit gap-4">
          <fieldset>
            <legend className="mb-1 font-semibold">{t("listing.form.columns")}</legend>
            {LISTING_FLAGS.map((flag) => (
              <label key={flag} className="flex min-h-6 items-center gap-2">
                <input type="hidden" name={flag} value="false" />
                <input type="checkbox" name={flag} value="true" defaultChecked={LISTING_FLAG_DEFAULTS[flag]} />
                {t(`listing.form.${flag}`)}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-semibold">{t("listing.form.taxes")}</legend>
            {(["IN", "OUT"] as const).map((mode) => (
              <Choice key={mode} name="taxes" value={mode} label={t(`listing.form.taxes${mode}`)} checked={mode === taxMode} />
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-semibold">{t("listing.form.region")}</legend>
            {LISTING_REGION_VALUES.map((value) => (
              <Choice key={value} name="region" value={value} label={t(`listing.form.region${value}`)} checked={value === region} />
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-semibold">{t("listing.form.show")}</legend>
            {LISTING_SHOWS.map((value) => (
              <Choice
                key={value}
                name="show"
                value={value}
                label={t(`listing.form.show${value}`)}
                checked={value === "AVAILABLE_UPCOMING"}
              />
            ))}
          </fieldset>
        </div>
        <button type="submit" className="mt-3 rounded bg-wine-700 px-4 py-1.5 text-white">
          {t("listing.form.submit")}
        </button>
      </form>
    </details>
  );
}
