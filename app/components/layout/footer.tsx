import { useT } from "~/i18n/translation";
import { Link } from "react-router";
import { useRootData } from "~/root-data";

const ADDRESSES = [
  { cityKey: "footer.montreal", lines: ["5445, avenue de Gaspé", "Montréal (Québec) H2T 3B2"] },
  { cityKey: "footer.quebec", lines: ["250, rue Saint-Vallier Ouest", "Québec (Québec) G1K 1K2"] },
  { cityKey: "footer.toronto", lines: ["1201 Dundas Street West", "Toronto (Ontario) M6J 1X3"] },
];

const SOCIAL = [
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "LinkedIn", href: "https://www.linkedin.com/" },
];

/** Footer of SPEC §2 Layout: newsletter block, menus, city addresses, social links, copyright. */
export function Footer() {
  const { t } = useT();
  const year = useRootData()?.year ?? new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-4">
        <section aria-labelledby="newsletter-title" className="md:col-span-1">
          <h2 id="newsletter-title" className="font-serif text-lg text-white">
            {t("footer.newsletterTitle")}
          </h2>
          <p className="mt-2 text-sm">{t("footer.newsletterComingSoon")}</p>
        </section>
        <nav aria-label={t("footer.menus")}>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to="/providers">{t("nav.producers")}</Link>
            </li>
            <li>
              <Link to="/products">{t("nav.products")}</Link>
            </li>
            <li>
              <Link to="/faq">{t("nav.links.faq")}</Link>
            </li>
            <li>
              <Link to="/about-us">{t("footer.about")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("contact.footerLink")}</Link>
            </li>
            <li>
              <Link to="/pricing-policy">{t("nav.links.pricingPolicy")}</Link>
            </li>
          </ul>
        </nav>
        <div className="grid gap-4 sm:grid-cols-3 md:col-span-2">
          {ADDRESSES.map((address) => (
            <address key={address.cityKey} className="text-sm not-italic">
              <strong className="block text-white">{t(address.cityKey)}</strong>
              {address.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ))}
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 border-t border-stone-700 px-4 py-4 text-sm">
        <p>{t("footer.copyright", { year })}</p>
        <ul className="flex gap-4" aria-label={t("footer.social")}>
          {SOCIAL.map((s) => (
            <li key={s.name}>
              <a href={s.href} rel="noopener noreferrer" className="hover:underline">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
