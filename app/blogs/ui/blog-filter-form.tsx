/**
 * The blog list's filters (docs/product.md#blogs `/blogs`): a GET form of type and themes (the date order has
 * its own form beside the count, and is kept here as a hidden field). It works
 * without JavaScript (Apply button); with it, each choice submits at once. Its key follows the
 * URL, so back/forward show the URL's filters.
 */
import { Form, Link, useSubmit } from "react-router";
import { activeBlogFilterCount, type BlogFilters, blogListHref } from "~/blogs/blog-filters";
import type { BlogTheme } from "~/blogs/blogs.server";
import { submitOnChoice } from "~/components/ui/auto-submit";
import { useT } from "~/i18n/translation";
import { BLOG_TYPES } from "~/vocabulary";

export function BlogFilterForm({ filters, themes }: { filters: BlogFilters; themes: BlogTheme[] }) {
  const { t } = useT();
  const submit = useSubmit();
  const count = activeBlogFilterCount(filters);
  return (
    <Form
      key={blogListHref({ ...filters, page: 1 })}
      method="get"
      action="/blogs"
      autoComplete="off"
      onChange={submitOnChoice(submit)}
      data-testid="blog-filters"
      aria-label={t("blogs.filters")}
    >
      <fieldset className="mb-5">
        <legend className="mb-1 font-semibold">{t("blogs.type")}</legend>
        <ul className="space-y-1 text-sm">
          <li>
            <label className="flex min-h-6 items-center gap-2">
              <input type="radio" name="type" value="" defaultChecked={filters.type === null} />
              {t("blogs.allTypes")}
            </label>
          </li>
          {BLOG_TYPES.map((type) => (
            <li key={type}>
              <label className="flex min-h-6 items-center gap-2">
                <input type="radio" name="type" value={type} defaultChecked={filters.type === type} />
                {t(`blogs.types.${type}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="mb-5">
        <legend className="mb-1 font-semibold">{t("blogs.themes")}</legend>
        <ul className="space-y-1 text-sm">
          {themes.map((theme) => (
            <li key={theme.code}>
              <label className="flex min-h-6 items-center gap-2">
                <input type="checkbox" name="a" value={theme.code} defaultChecked={filters.themes.includes(theme.code)} />
                {theme.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {/* The date order has its own form beside the count; a filter change keeps it. */}
      {filters.sort !== "DESC" ? <input type="hidden" name="sortByDate" value={filters.sort} /> : null}
      <div className="flex items-center gap-3">
        <button type="submit" className="rounded bg-wine-700 px-4 py-1.5 text-white">
          {t("filters.apply")}
        </button>
        {count > 0 ? (
          <Link to="/blogs" className="text-sm underline">
            {t("filters.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
