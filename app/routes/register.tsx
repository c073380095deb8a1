/**
 * /register (SPEC §5 registration: first name, last name, e-mail required): creates a customer in
 * the visitor's province and language, logs them in (a new session id) and goes on. An address
 * that already has an account is refused with a message that sends to /login.
 */
import { noStoreHeaders } from "~/http/cache-headers";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { RegisterSchema } from "~/accounts/account-forms";
import { RegisterForm } from "~/accounts/ui/auth-forms";
import { linkGuestOrders } from "~/accounts/guest-orders.server";
import { logIn } from "~/accounts/login-flow.server";
import { readUser, registerCustomer } from "~/users/users.server";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { useT } from "~/i18n/translation";
import type { Route } from "./+types/register";
import { privatePageMeta, siteOf } from "~/seo/page-meta";

/** Title, description, `noindex` (issue 9 §9). */
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
  const created = await registerCustomer(shop.db, {
    ...submission.value,
    province: shop.preferences.province,
    locale: shop.locale,
  });
  if (created === "email-taken") {
    return data({ result: submission.reply({ fieldErrors: { email: ["auth.errors.emailTaken"] }, hideFields: ["password"] }) }, { status: 400 });
  }
  // The guest order whose confirmation page sent them here follows (issue 8 §7); logIn links
  // those placed in this browser.
  await linkGuestOrders(shop.db, created, { confirmationNumber: submission.value.order });
  const headers = await logIn(shop.db, request, created, shop.preferences);
  const target = safeRedirect(submission.value.redirect || "/account", new URL(request.url).origin);
  throw redirect(target, { status: 303, headers });
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
