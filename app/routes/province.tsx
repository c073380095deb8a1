/**
 * /province?province=on&to=/on (decision 028; docs/product.md#province-switch one province per customer): the page a
 * logged-in customer sees before leaving for the other province. It says what switching does
 * (logged out, cart cleared, orders and account kept), with a POST button that does it and a link
 * to stay on the equivalent page of the customer's own province. `/qc`, `/on`, a store's page and
 * the header's province switch lead here; a GET here changes nothing.
 *
 * The POST (same-origin checked by the server's guard, like every write) does what docs/product.md#province-switch asks:
 * the cart's lines deleted, the session ended, a new guest identity, the shop in the new
 * province, 303 to /login. A visitor with nothing to confirm (a guest, staff, a customer of that
 * province, or one already logged out in another tab) is sent on to the page asked for, the
 * POST storing the province as the header's switch would. A refused form answers 400.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { leaveForProvince, mustLeaveForProvince } from "~/accounts/login-flow.server";
import { provinceOfQuery, ProvinceSwitchSchema, stayPath } from "~/accounts/province-switch";
import { countItems } from "~/cart/cart.server";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { safeRedirect } from "~/http/safe-redirect";
import { useT } from "~/i18n/translation";
import { serializePreferences } from "~/preferences/preferences.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { provinceOfPage } from "~/stores/store-directory";
import { readUser } from "~/users/users.server";
import type { Province } from "~/vocabulary";
import type { Route } from "./+types/province";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "provinceSwitch");
}

/** Personal (it counts the cart): never stored by a cache. */
export const headers = noStoreHeaders;

/**
 * The page to open in `province`: `to` when it is a safe same-origin path that does not fix the
 * other province (that page would switch back), else `province`'s home (`/on`).
 */
function targetOf(to: unknown, province: Province, origin: string): string {
  const home = `/${province.toLowerCase()}`;
  const path = safeRedirect(to, origin, home);
  const pageProvince = provinceOfPage(new URL(path, origin).pathname);
  return pageProvince === null || pageProvince === province ? path : home;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const province = provinceOfQuery(url.searchParams.get("province"));
  if (province === null) throw data(null, { status: 404 });
  const to = targetOf(url.searchParams.get("to"), province, url.origin);
  const user = await readUser(shop.db, request);
  // Nothing to confirm: the page asked for does what it always did.
  if (!mustLeaveForProvince(user, province)) throw redirect(to);
  return {
    title: shop.t(`provinceSwitch.title.${province}`),
    province,
    own: user.province,
    to,
    stay: stayPath(user.province, to, provinceOfPage),
    // The cart the customer shops with, which the switch empties.
    cartCount: await countItems(shop.db, { customerId: user.id }, user.province),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const submission = parseWithZod(await readFormData(request), { schema: ProvinceSwitchSchema });
  if (submission.status !== "success") return data({ invalid: true }, { status: 400 });
  const { province } = submission.value;
  const user = await readUser(shop.db, request);
  if (mustLeaveForProvince(user, province)) {
    throw redirect("/login", { status: 303, headers: await leaveForProvince(shop.db, request, user, shop.preferences, province) });
  }
  const to = targetOf(submission.value.to, province, new URL(request.url).origin);
  throw redirect(to, { status: 303, headers: { "Set-Cookie": await serializePreferences({ ...shop.preferences, province }) } });
}

export default function ProvinceSwitch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { province, own, to, stay, cartCount } = loaderData;
  return (
    <MessagePage title={loaderData.title} testId="province-switch">
      <div className="mx-auto mt-6 max-w-xl text-left">
        {actionData?.invalid ? (
          <p role="alert" className="mb-4 text-red-800">
            {t("provinceSwitch.invalid")}
          </p>
        ) : null}
        <p>{t(`provinceSwitch.intro.${own}`)}</p>
        <p className="mt-4">{t("provinceSwitch.consequences")}</p>
        <ul className="mt-2 list-disc pl-6">
          <li>{t("provinceSwitch.logout")}</li>
          <li data-testid="province-switch-cart">
            {cartCount > 0 ? t("provinceSwitch.cartCleared", { count: cartCount }) : t("provinceSwitch.cartEmpty")}
          </li>
        </ul>
        <p className="mt-4">{t("provinceSwitch.kept")}</p>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Form method="post">
            <input type="hidden" name="province" value={province} />
            <input type="hidden" name="to" value={to} />
            <button type="submit" className="rounded bg-wine-700 px-4 py-2 font-semibold text-white hover:bg-wine-800">
              {t(`provinceSwitch.confirm.${province}`)}
            </button>
          </Form>
          <Link to={stay} className="rounded border border-stone-400 px-4 py-2 text-stone-900 hover:bg-stone-50">
            {t(`provinceSwitch.stay.${own}`)}
          </Link>
        </div>
      </div>
    </MessagePage>
  );
}
