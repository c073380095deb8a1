/**
 * The confirmation a logged-in customer goes through before leaving for the other province
 * (docs/product.md#province-switch "one province per customer"; decision 028): its URL, its one form and where "stay"
 * leads. Pure; shared with the browser.
 *
 * A GET never logs anyone out: `/qc`, `/on`, a store of the other province and the header's
 * province switch send such a customer to `/province?province=on&to=/on`, which says what
 * switching does; only that page's POST (same-origin checked by the server's guard) logs out,
 * clears the cart and switches.
 */
import { z } from "zod";
import { urlOfPath } from "~/http/path-url";
import { provinceFromPathSegment } from "~/preferences/preferences";
import { type Province, PROVINCES } from "~/vocabulary";

/** The confirmation page's path. */
export const PROVINCE_SWITCH_PATH = "/province";

/**
 * The confirmation's form (POST /province): the province to switch to and the page asked for
 * (a same-origin path, checked by `safeRedirect` on the server, not here). Buttons and hidden
 * fields only: nothing a person types.
 */
export const ProvinceSwitchSchema = z.object({
  province: z.enum(PROVINCES),
  to: z.string().max(2048).optional(),
});

/** `/province?province=on&to=…` (and the link's `lng`, so the page speaks the link's language). */
export function provinceSwitchUrl(province: Province, to: string, lng?: string | null): string {
  const query = new URLSearchParams({ province: province.toLowerCase(), to });
  if (lng) query.set("lng", lng);
  return `${PROVINCE_SWITCH_PATH}?${query}`;
}

/** Reads the `province` query value of the confirmation page (`qc`, `on`); anything else is null. */
export function provinceOfQuery(value: string | null): Province | null {
  return provinceFromPathSegment(value ?? undefined);
}

/**
 * Where "stay in my province" leads: the page of the customer's own province that matches the one
 * asked for. The other province's home (`/on`) gives the customer's (`/qc`); a store of the other
 * province gives the stores' list (`/boutiques`); any other page (the header's switch on
 * `/products`) is the same in both provinces, so it is itself.
 * @param own the customer's province
 * @param to the page asked for (a same-origin path)
 * @param provinceOfPage the province a path fixes, or null (`provinceOfPage` of the store directory)
 */
export function stayPath(own: Province, to: string, provinceOfPage: (pathname: string) => Province | null): string {
  const url = urlOfPath(to);
  const pageProvince = provinceOfPage(url.pathname);
  if (pageProvince === null || pageProvince === own) return url.pathname + url.search;
  const isProvinceHome = provinceFromPathSegment(url.pathname.replace(/^\/|\/+$/g, "")) !== null;
  return isProvinceHome ? `/${own.toLowerCase()}` : "/boutiques";
}
