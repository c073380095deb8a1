/**
 * The footer's "Cookie preferences" link: the same page with `?consent=open`, which
 * shows the consent dialog again (with JavaScript, as a modal over the page; without, as the
 * panel). A link, so it works without JavaScript and crawlers need not follow it.
 */
import { Link, useLocation } from "react-router";
import { useT } from "~/i18n/translation";
import { withConsentQuery } from "~/visitor/visitor-rules";

export function ConsentLink({ className }: { className?: string }) {
  const { t } = useT();
  const location = useLocation();
  return (
    <Link to={withConsentQuery(location.pathname + location.search)} rel="nofollow" preventScrollReset className={className}>
      {t("visitor.consent.footerLink")}
    </Link>
  );
}
