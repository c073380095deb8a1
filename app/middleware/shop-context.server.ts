/**
 * The root's shop middleware (one of the root route's middleware, app/root.tsx): it sets the
 * per-request shop context every loader and action reads.
 */
import type { MiddlewareFunction } from "react-router";
import { provinceSwitchGate } from "~/accounts/province-switch.server";
import { getDatabase } from "~/boot.server";
import { renewGuestSession } from "~/cart/guest-carts.server";
import { shopContext } from "~/context";
import { readPreferences, serializePreferences } from "~/preferences/preferences.server";
import { localeOfUrl } from "~/seo/page-meta";
import { isPublicFile } from "~/seo/public-files";
import { provinceOfPage } from "~/stores/store-directory";
import { getI18n, getLocale } from "./i18n.server";

/**
 * Sets the request's shop context. `/qc`, `/on` and a store's page `/boutiques/<city>` choose the
 * province (docs/product.md#provinces-and-languages: the country follows the path) and store it in the prefs cookie; a
 * logged-in customer of the other province is sent to the confirmation page instead, changing
 * nothing (decision 028: a GET never logs out). A page view renews the guest's session and
 * touches the guest's carts once an hour (docs/product.md#guests: guest lifetime 1 day, renewed on use); the
 * public, cacheable files (images, robots.txt, sitemaps) never carry a cookie. A `?lng=` link
 * stores its language like a switch would (decision 016).
 */
export const shopMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const stored = await readPreferences(request);
  // Client navigations fetch `/qc.data`; both forms choose the province.
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const pathProvince = provinceOfPage(path);
  // A page opened in a language (`?lng=`: shared and search-engine links) keeps it (decision 016).
  const linkLocale = localeOfUrl(new URL(request.url));
  const preferences = {
    ...stored,
    ...(pathProvince ? { province: pathProvince } : {}),
    ...(linkLocale ? { locale: linkLocale } : {}),
  };
  const db = getDatabase();
  // A customer of the other province is asked first; only that page's POST logs out (decision 028).
  if (pathProvince) {
    const confirmation = await provinceSwitchGate(db, request, path, pathProvince);
    if (confirmation) throw confirmation;
  }
  context.set(shopContext, {
    db,
    preferences,
    locale: getLocale(context),
    t: getI18n(context).t,
  });
  const response = await next();
  if (request.method !== "GET" || isPublicFile(path)) return response;
  if (preferences.province !== stored.province || preferences.locale !== stored.locale) {
    response.headers.append("Set-Cookie", await serializePreferences(preferences));
  }
  const renewedSession = await renewGuestSession(db, request);
  if (renewedSession) response.headers.append("Set-Cookie", renewedSession);
  return response;
};
