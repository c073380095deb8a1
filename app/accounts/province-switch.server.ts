/**
 * Province switches are writes (decision 028): what the shop does when a request would move a
 * logged-in customer to the other province, before any page runs.
 */
import type { Database } from "~/db/client.server";
import { LANGUAGE_PARAM, localeOfUrl } from "~/seo/page-meta";
import { readUser } from "~/users/users.server";
import type { Province } from "~/vocabulary";
import { mustLeaveForProvince } from "./login-flow.server";
import { provinceSwitchUrl } from "./province-switch";

/**
 * The answer to a request for a page that fixes `province` (`/qc`, `/on`, a store's page), when
 * the visitor is a customer of the other province: a redirect (302, whatever the method) to the
 * confirmation page, which says what switching does and whose POST alone logs out, clears the
 * cart and switches. Nothing is changed: no session, cart or cookie. Guests and staff (not bound
 * to a province, decision 010) get null and the page switches their preference as before.
 * @param request the page's request (a client navigation's `.data` request too: its
 *   `_routes` query is dropped; `?lng=` is carried to the confirmation)
 * @param path the page's path without `.data`
 * @returns the redirect to send, or null to serve the page.
 */
export async function provinceSwitchGate(db: Database, request: Request, path: string, province: Province): Promise<Response | null> {
  const user = await readUser(db, request);
  if (!mustLeaveForProvince(user, province)) return null;
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const lng = localeOfUrl(url) ? url.searchParams.get(LANGUAGE_PARAM) : null;
  return new Response(null, {
    status: 302,
    headers: { Location: provinceSwitchUrl(province, path + url.search, lng), "Cache-Control": "private, no-store" },
  });
}
