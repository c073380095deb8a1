/**
 * The page's progress bar (docs/decisions/039-progress-and-notifications.md): the global
 * pending counter made visible. While a navigation or any fetcher (a form kept on the page) is
 * under way, a slim indeterminate bar is in the page; app.css (`.progress-bar`) keeps it hidden,
 * from sight and from assistive technologies, for its first 150 ms, so a quick answer shows
 * nothing, and keeps it still under `prefers-reduced-motion`.
 */
import { useFetchers, useNavigation } from "react-router";
import { useT } from "~/i18n/translation";

/** How many requests are under way: the navigation (0 or 1) and the busy fetchers. */
function usePendingCount(): number {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return (navigation.state === "idle" ? 0 : 1) + fetchers.filter((fetcher) => fetcher.state !== "idle").length;
}

/**
 * The bar while something is under way, in a landmark of its own (it sits outside the header and
 * the main part, and all content belongs to a landmark); nothing otherwise.
 */
export function ProgressBar() {
  const { t } = useT();
  if (usePendingCount() === 0) return null;
  return (
    <section aria-label={t("feedback.loading")}>
      <div role="progressbar" aria-label={t("feedback.loading")} className="progress-bar print:hidden" data-testid="progress-bar" />
    </section>
  );
}
