/**
 * Resource route of the language, province, tax-display and view switches (SPEC §2 Layout, §4):
 * a form POST sets the signed `prefs` cookie and redirects (303) back to the page it came from.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { applyPreferenceChange } from "~/preferences/preference-change";
import { serializePreferences } from "~/preferences/preferences.server";

export async function action({ request, context }: Route.ActionArgs) {
  const { preferences } = context.get(shopContext);
  const form = await readFormData(request);
  const { next, redirectTo } = applyPreferenceChange(
    preferences,
    Object.fromEntries(form),
    new URL(request.url).origin,
  );
  return redirect(redirectTo, {
    status: 303,
    headers: { "Set-Cookie": await serializePreferences(next) },
  });
}

/** A GET (e.g. a bookmarked form target) has nothing to change: go home. */
export function loader() {
  return redirect("/", 303);
}
