import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import { NewsletterSignup } from "~/newsletter/ui/newsletter-footer";
import { STORES } from "~/stores/store-directory";
import { ConsentLink } from "~/visitor/ui/consent-link";
import type { Province } from "~/vocabulary";
import { usePageLayout } from "./page-layout";

const SOCIAL = [
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "LinkedIn", href: "https://www.linkedin.com/" },
];

/** What the footer shows of the root loader's data (app/root.tsx passes it down). */
export interface FooterData {
  year: number;
  preferences: { province: Province };
}

/**
 * The page's footer: the shop's ({@link ShopFooter}) or, on the checkout, payment and staff pages,
 * the minimal one ({@link MinimalFooter}; docs/decisions/044-order-e-mails.md).
 * @param root the root loader's data, or undefined when the root loader itself failed
 */
export function Footer({ root }: { root: FooterData | undefined }) {
  return usePageLayout() === "shop" ? <ShopFooter root={root} /> : <MinimalFooter root={root} />;
}

/**
 * The footer of a focused page: help and legal links and the copyright, no newsletter form, menus
 * or store addresses (nothing that leads the shopper away from paying, or staff from their work).
 */
function MinimalFooter({ root }: { root: FooterData | undefined }) {
  const { t } = useT();
  const year = root?.year ?? new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-50 text-sm text-stone-700 print:hidden" data-testid="minimal-footer">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4">
        <nav aria-label={t("footer.help")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link to="/faq" className="underline-offset-2 hover:underline">
                {t("nav.links.faq")}
              </Link>
            </li>
            <li>
              <Link to="/orders-deliveries" className="underline-offset-2 hover:underline">
                {t("nav.links.ordersDeliveries")}
              </Link>
            </li>
            <li>
              <Link to="/pricing-policy" className="underline-offset-2 hover:underline">
                {t("nav.links.pricingPolicy")}
              </Link>
            </li>
            <li>
              <Link to="/contact" className="underline-offset-2 hover:underline">
                {t("contact.footerLink")}
              </Link>
            </li>
            <li>
              <ConsentLink className="underline-offset-2 hover:underline" />
            </li>
          </ul>
        </nav>
        <p>{t("footer.copyright", { year })}</p>
      </div>
    </footer>
  );
}

/**
 * Footer of docs/product.md#layout Layout: newsletter block, menus, city addresses, social links, copyright.
 * @param root the root loader's data, or undefined when the root loader itself failed
 */
function ShopFooter({ root }: { root: FooterData | undefined }) {
  const { t } = useT();
  const year = root?.year ?? new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-900 text-stone-200 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-4">
        <section aria-labelledby="newsletter-title" className="md:col-span-1">
          <h2 id="newsletter-title" className="font-serif text-lg text-white">
            {t("footer.newsletterTitle")}
          </h2>
          <NewsletterSignup province={root?.preferences.province ?? "QC"} />
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
            <li>
              <ConsentLink />
            </li>
          </ul>
        </nav>
        <div className="grid gap-4 sm:grid-cols-3 md:col-span-2">
          {STORES.map((store) => (
            <address key={store.slug} className="text-sm not-italic">
              <Link to={`/boutiques/${store.slug}`} className="block font-bold text-white underline-offset-2 hover:underline">
                {t(`footer.${store.slug}`)}
              </Link>
              {store.addressLines.map((line) => (
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
