/**
 * Resource route of the language, province, tax-display and view switches (SPEC §2 Layout, §4):
 * a form POST sets the signed `prefs` cookie and redirects (303) back to the page it came from.
 * A logged-in customer switching to the other province is logged out instead, with a cleared
 * cart and a new guest identity, and goes to /login (SPEC §4).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { leaveForProvince, mustLeaveForProvince } from "~/accounts/login-flow.server";
import { readUser } from "~/users/users.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { applyPreferenceChange } from "~/preferences/preference-change";
import { provinceOfPage } from "~/stores/store-directory";
import { serializePreferences } from "~/preferences/preferences.server";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, preferences } = context.get(shopContext);
  const form = await readFormData(request);
  const { next, redirectTo } = applyPreferenceChange(
    preferences,
    Object.fromEntries(form),
    new URL(request.url).origin,
    provinceOfPage,
  );
  if (next.province !== preferences.province) {
    const user = await readUser(db, request);
    if (mustLeaveForProvince(user, next.province)) {
      throw redirect("/login", { status: 303, headers: await leaveForProvince(db, request, user, next, next.province) });
    }
  }
  return redirect(redirectTo, {
    status: 303,
    headers: { "Set-Cookie": await serializePreferences(next) },
  });
}

/** A GET (e.g. a bookmarked form target) has nothing to change: go home. */
export function loader() {
  return redirect("/", 303);
}
