/**
 * Resource route of the language, province, tax-display and view switches (docs/product.md#tax-display Layout):
 * a form POST sets the signed `prefs` cookie and redirects (303) back to the page it came from.
 * A logged-in customer switching to the other province goes to the confirmation page instead,
 * which says that switching logs out and clears the cart; its own POST does it (docs/product.md#province-switch;
 * decision 028). Nothing changes here then, not even the other preferences.
 */
import { redirect } from "react-router";
import { mustLeaveForProvince } from "~/accounts/login-flow.server";
import { provinceSwitchUrl } from "~/accounts/province-switch";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { applyPreferenceChange } from "~/preferences/preference-change";
import { serializePreferences } from "~/preferences/preferences.server";
import { provinceOfPage } from "~/stores/store-directory";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/preferences";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, preferences } = context.get(shopContext);
  const form = await readFormData(request);
  const { next, redirectTo } = applyPreferenceChange(preferences, Object.fromEntries(form), new URL(request.url).origin, provinceOfPage);
  if (next.province !== preferences.province) {
    const user = await readUser(db, request);
    // Only the confirmation's POST logs a customer out (decision 028): this button says nothing of it.
    if (mustLeaveForProvince(user, next.province)) throw redirect(provinceSwitchUrl(next.province, redirectTo), 303);
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
