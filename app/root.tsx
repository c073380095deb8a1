// First: before any module builds a zod schema (app/zod-jitless.ts).
import "~/zod-jitless";
import { preload } from "react-dom";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { countCartItems } from "~/cart/cart-count.server";
import { RouteErrorPage } from "~/components/ui/error-page";
import { FlashBanner, Toaster } from "~/components/ui/notifications";
import { ProgressBar } from "~/components/ui/progress-bar";
import { shopContext } from "~/context";
import { readFlash } from "~/http/flash.server";
import { shopOrigin } from "~/http/shop-origin.server";
import { fetchLanguageOfNavigation } from "~/i18n/page-language";
import { STRINGS_URL } from "~/i18n/strings";
import { TranslationProvider } from "~/i18n/translation";
import { Footer } from "~/layout/footer";
import { Header } from "~/layout/header";
import { databaseOutageMiddleware } from "~/middleware/database-outage.server";
import { keepPageOnFailedAction } from "~/middleware/failed-submission";
import { i18nextMiddleware } from "~/middleware/i18n.server";
import { sharedPageCache } from "~/middleware/shared-page-cache.server";
import { shopMiddleware } from "~/middleware/shop-context.server";
import { provinceOfPage } from "~/stores/store-directory";
import { InlineStylesheet } from "~/styles/inline-stylesheet";
import { readUser } from "~/users/users.server";
import { VisitorGate } from "~/visitor/ui/visitor-gate";
import { readVisitorState } from "~/visitor/visitor.server";
import type { Route } from "./+types/root";

/**
 * The shared page cache runs inside the shop's middleware: it reads the shop context. A database
 * outage met anywhere inside turns into the 503 page (decision 029), in the request's language.
 */
export const middleware = [i18nextMiddleware, databaseOutageMiddleware, shopMiddleware, sharedPageCache];

/**
 * A navigation into the other language fetches its strings before showing it (decision 023); a
 * failed submission keeps the page and says so in a toast (decision 039).
 */
export const clientMiddleware = [fetchLanguageOfNavigation, keepPageOnFailedAction];

/** An error page rendered here keeps the headers of the error (a 429's `Retry-After`). */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? new Headers();
}

/** An error page (404 included) is not for search engines; its `<title>` comes from the page itself. */
export function meta({ error }: Route.MetaArgs) {
  return error ? [{ name: "robots", content: "noindex" }] : [];
}

/**
 * The root loader runs again on a client navigation to a page that chooses the province (`/qc`,
 * `/on`, a store's page): its data (province, age gate, consent) changes there though neither the
 * root's params nor the query do, which is all React Router watches by default. Staying on the
 * page (a fetcher's action) keeps the default: the notice's "use my location" asks for none.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || (currentUrl.href !== nextUrl.href && provinceOfPage(nextUrl.pathname) !== null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  // Age gate, province notice, consent; the notice's first-visit marker cookie.
  const visitor = await readVisitorState(request, shop.preferences.province);
  // The success message a redirect left for this page, shown once (decision 039).
  const { flash, clear } = await readFlash(request);
  const headers = new Headers(visitor.headers);
  if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      visitor: visitor.state,
      locale: shop.locale,
      preferences: shop.preferences,
      cartCount: await countCartItems(shop, request),
      // The header's account icon shows the first name of a logged-in customer (docs/product.md#accounts layout).
      user: await readUser(shop.db, request).then((u) => (u ? { firstName: u.firstName } : null)),
      year: new Date().getFullYear(),
      searchText: url.pathname === "/global-search" ? (url.searchParams.get("t") ?? "") : "",
      // Canonical and shared links are absolute on the shop's origin.
      origin: shopOrigin(request),
      flash,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  // An error page without the root's data (the database is down) keeps the request's language.
  const locale = root?.locale ?? (i18n.language === "en-US" ? "en-US" : "fr-CA");
  // The locale follows the cookie after a switch (client navigation after the POST).
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  // The page's strings, which hydration waits for, start with the scripts (decision 023).
  if (typeof document === "undefined") preload(STRINGS_URL[locale], { as: "fetch", crossOrigin: "anonymous" });
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The stylesheet inline (decision 023). */}
        <InlineStylesheet />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <TranslationProvider>
          {/* The pending counter made visible, and the one toast region (decision 039). */}
          <ProgressBar />
          <VisitorGate root={root}>
            <Header root={root} />
            <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
              <FlashBanner />
              {children}
            </main>
            <Footer root={root} />
          </VisitorGate>
          <Toaster />
        </TranslationProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** docs/product.md#errors: the message, the HTTP status, the application code and the request's reference. */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
