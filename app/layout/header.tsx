import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetchers } from "react-router";
import { cartCountDelta, CartFormSchema } from "~/cart/cart-forms";
import { PreferenceSwitches } from "~/components/ui/preference-switches";
import { useT } from "~/i18n/translation";
import { SITE_NAME } from "~/lib/brand";
import { DEFAULT_PREFERENCES, type Preferences } from "~/preferences/preferences";
import type { Locale } from "~/vocabulary";
import { type Menu, MENUS } from "./menus";
import { useCheckoutWayBack, usePageLayout } from "./page-layout";

function DesktopMenu({ menu }: { menu: Menu }) {
  const { t } = useT();
  return (
    <li className="group relative">
      <Link to={menu.to} className="block px-3 py-2 font-medium hover:text-wine-700">
        {t(menu.labelKey)}
      </Link>
      {menu.groups.length > 0 ? (
        <div className="invisible absolute left-0 top-full z-20 flex gap-6 rounded-b border border-stone-200 bg-white p-4 opacity-0 shadow-lg group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
          {menu.groups.map((group) => (
            <div key={group.titleKey} className="min-w-40">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">{t(group.titleKey)}</p>
              <ul className="space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm hover:text-wine-700 hover:underline">
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function SearchForm({ text, id }: { text: string; id: string }) {
  const { t } = useT();
  return (
    <Form method="get" action="/global-search" role="search" className="flex w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        // A new text (back/forward, another search) re-renders the field with it.
        key={text}
        id={id}
        type="search"
        name="t"
        defaultValue={text}
        placeholder={t("search.placeholder")}
        className="w-full rounded-l border border-stone-300 px-3 py-1.5 text-sm"
      />
      <button type="submit" className="rounded-r bg-wine-700 px-3 text-sm text-white">
        {t("search.submit")}
      </button>
    </Form>
  );
}

/** How a pending cart form changes the badge: read with the cart's own schema (0 when invalid). */
function pendingCartDelta(formData: FormData): number {
  const submission = parseWithZod(formData, { schema: CartFormSchema });
  return submission.status === "success" ? cartCountDelta(submission.value) : 0;
}

/** What the header shows of the root loader's data (app/root.tsx passes it down). */
export interface HeaderData {
  preferences: Preferences;
  locale: Locale;
  cartCount: number;
  searchText: string;
  user: { firstName: string } | null;
}

/**
 * The page's header: the checkout's own ({@link CheckoutHeader}) on the checkout and payment pages,
 * the shop's ({@link ShopHeader}) everywhere else (docs/decisions/044-order-e-mails.md).
 * @param root the root loader's data, or undefined when the root loader itself failed
 */
export function Header({ root }: { root: HeaderData | undefined }) {
  return usePageLayout() === "checkout" ? <CheckoutHeader /> : <ShopHeader root={root} />;
}

/**
 * The header of the checkout steps and payment pages: the logo (home), a secure-checkout note and a
 * way back to the cart; no menus, search or preference switches to lead the shopper away.
 */
function CheckoutHeader() {
  const { t } = useT();
  const wayBack = useCheckoutWayBack();
  return (
    <header className="border-b border-stone-200 bg-white print:hidden" data-testid="checkout-header">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("nav.skip")}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="font-serif text-2xl font-bold text-wine-800" aria-label={t("brand.home")}>
          {SITE_NAME}
        </Link>
        <p className="flex items-center gap-1 text-sm text-stone-700">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          {t("nav.secureCheckout")}
        </p>
        {wayBack === "cart" ? (
          <Link to="/shopping-cart" className="ml-auto text-sm text-wine-800 underline underline-offset-2">
            {t("nav.backToCart")}
          </Link>
        ) : (
          <Link to="/" className="ml-auto text-sm text-wine-800 underline underline-offset-2">
            {t("nav.backToShop")}
          </Link>
        )}
      </div>
    </header>
  );
}

/**
 * Navbar, search, cart and account icons, action bar and the no-JavaScript mobile drawer.
 * @param root the root loader's data, or undefined when the root loader itself failed
 */
function ShopHeader({ root }: { root: HeaderData | undefined }) {
  const { t } = useT();
  const preferences = root?.preferences ?? DEFAULT_PREFERENCES;
  const menus = MENUS[preferences.province];
  // Optimistic badge: pending cart changes count at once, before the server answers.
  const pendingDelta = useFetchers()
    .filter((f) => f.formAction === "/shopping-cart" && f.formData)
    .reduce((sum, f) => sum + pendingCartDelta(f.formData!), 0);
  const cartCount = Math.max(0, (root?.cartCount ?? 0) + pendingDelta);
  return (
    // `relative`: the phone drawer opens below the whole header, never over its controls.
    <header className="relative border-b border-stone-200 bg-white print:hidden">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("nav.skip")}
      </a>
      <div className="border-b border-stone-100 bg-stone-50">
        <div className="mx-auto flex max-w-7xl items-center justify-end px-4 py-1">
          <PreferenceSwitches preferences={{ ...preferences, locale: root?.locale ?? preferences.locale }} />
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        {/* Mobile drawer: a <details> element opens without JavaScript, below the header (not
            over its controls: the ☰ button that closes it stays in sight). */}
        <details className="lg:hidden">
          <summary className="rounded border border-stone-300 bg-white px-2 py-1 text-sm" aria-label={t("nav.openMenu")}>
            <span aria-hidden="true">☰</span> <span className="sr-only">{t("nav.menu")}</span>
          </summary>
          <nav
            aria-label={t("nav.mobile")}
            className="absolute left-0 top-full z-30 min-h-[60vh] w-3/5 min-w-60 border-r border-t border-stone-200 bg-white p-4 shadow-xl"
          >
            <ul className="mt-4 space-y-3">
              {menus.map((menu) => (
                <li key={menu.labelKey}>
                  <Link to={menu.to} className="font-medium">
                    {t(menu.labelKey)}
                  </Link>
                  {menu.groups.length > 0 ? (
                    <ul className="ml-3 mt-1 space-y-1 text-sm">
                      {menu.groups.flatMap((group) =>
                        group.links.map((link) => (
                          <li key={`${group.titleKey}-${link.to}`}>
                            <Link to={link.to}>{t(link.labelKey)}</Link>
                          </li>
                        )),
                      )}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <Link to="/" className="font-serif text-2xl font-bold text-wine-800" aria-label={t("brand.home")}>
          {SITE_NAME}
        </Link>
        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex">
            {menus.map((menu) => (
              <DesktopMenu key={menu.labelKey} menu={menu} />
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden flex-1 justify-end md:flex">
          <SearchForm text={root?.searchText ?? ""} id="search-desktop" />
        </div>
        <Link
          to={cartCount > 0 ? "/shopping-cart" : "/shopping-cart-empty"}
          className="relative ml-auto rounded px-2 py-1 hover:bg-wine-50 md:ml-0"
          aria-label={t("cart.iconLabel", { count: cartCount })}
          data-testid="cart-link"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2" />
            <circle cx="9.5" cy="19.5" r="1.5" />
            <circle cx="17" cy="19.5" r="1.5" />
          </svg>
          {cartCount > 0 ? (
            <span
              data-testid="cart-count"
              className="absolute -right-1 -top-1 rounded-full bg-wine-700 px-1.5 text-xs font-bold text-white"
            >
              {cartCount}
            </span>
          ) : null}
        </Link>
        <Link
          to={root?.user ? "/account" : "/login"}
          className="flex items-center gap-1 rounded px-2 py-1 hover:bg-wine-50"
          aria-label={root?.user ? t("account.iconLabelNamed", { name: root.user.firstName }) : t("account.iconLabel")}
          data-testid="account-link"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
          </svg>
          {root?.user ? <span className="hidden text-sm sm:inline">{root.user.firstName}</span> : null}
        </Link>
      </div>
      {/* Phones and tablets: the search stays in sight, not only inside the drawer. */}
      <div className="mx-auto max-w-7xl px-4 pb-3 md:hidden">
        <SearchForm text={root?.searchText ?? ""} id="search-mobile" />
      </div>
    </header>
  );
}
