/**
 * /register (docs/product.md#accounts registration: first name, last name, e-mail required): creates a customer in
 * the visitor's province and language. The answer never tells whether the address already had an
 * account (docs/decisions/031): either way a 303 to /login with a notice ("if this e-mail is new,
 * your account is ready: log in; if it had one, we wrote to it"), the wanted route kept; the
 * owner of a known address gets an e-mail instead. A password too easy to guess is refused.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { RegisterSchema } from "~/accounts/account-forms";
import { linkGuestOrders } from "~/accounts/guest-orders.server";
import { registerOrNotifyOwner } from "~/accounts/registration.server";
import { RegisterForm } from "~/accounts/ui/auth-forms";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { shopOrigin } from "~/http/shop-origin.server";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { isWeakPassword, WEAK_PASSWORD_MESSAGE } from "~/users/password-strength.server";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/register";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "register");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  if (await readUser(shop.db, request)) throw redirect("/account");
  return {
    title: shop.t("auth.register.title"),
    redirect: (url.searchParams.get("redirect") ?? "").slice(0, 2048),
    email: (url.searchParams.get("email") ?? "").slice(0, 254),
    order: (url.searchParams.get("order") ?? "").slice(0, 32),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const submission = parseWithZod(await readFormData(request), { schema: RegisterSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const { firstName, lastName, email, password } = submission.value;
  if (await isWeakPassword(password, [email, firstName, lastName])) {
    return data(
      { result: submission.reply({ fieldErrors: { password: [WEAK_PASSWORD_MESSAGE] }, hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const { user } = await registerOrNotifyOwner(
    shop.db,
    { firstName, lastName, email, password, province: shop.preferences.province, locale: shop.locale },
    shopOrigin(request),
  );
  // The guest order whose confirmation page sent them here follows; the login links
  // those placed in this browser.
  if (user) await linkGuestOrders(shop.db, user, { confirmationNumber: submission.value.order });
  // The same answer for a new and a known address: log in next, then go where they wanted.
  const target = safeRedirect(submission.value.redirect || "/account", new URL(request.url).origin);
  throw redirect(`/login?${new URLSearchParams({ registered: "1", redirect: target })}`, { status: 303 });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <MessagePage title={t("auth.register.title")} testId="register-page">
      <div className="mt-6">
        <RegisterForm lastResult={actionData?.result} redirect={loaderData.redirect} email={loaderData.email} order={loaderData.order} />
      </div>
    </MessagePage>
  );
}
