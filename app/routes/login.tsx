/**
 * /login (docs/product.md#accounts authentication, login, 'Nom d'utilisateur ou mot de passe invalide'):
 * a real POST checked by remix-auth's FormStrategy; success rotates the session and goes to the
 * wanted route (`?redirect=`, checked by safeRedirect), else /account.
 */
import { data, redirect } from "react-router";
import { authenticate, LoginRefused } from "~/accounts/auth.server";
import { logIn } from "~/accounts/login-flow.server";
import { LoginForm } from "~/accounts/ui/auth-forms";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { setFlash } from "~/http/flash.server";
import { requestContext } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/login";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "login");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("redirect") ?? "";
  if (await readUser(shop.db, request)) throw redirect(safeRedirect(wanted || "/account", url.origin));
  return {
    title: shop.t("auth.login.title"),
    redirect: wanted.slice(0, 2048),
    passwordReset: url.searchParams.get("reset") === "1",
    // After /register, whether or not the address was new (docs/decisions/031).
    registered: url.searchParams.get("registered") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const origin = new URL(request.url).origin;
  try {
    const { user, redirectTo } = await authenticate(shop.db, request, context.get(requestContext).clientAddress);
    const headers = await logIn(shop.db, request, user, shop.preferences);
    const target = safeRedirect(redirectTo || "/account", origin);
    // docs/product.md#accounts: a user whose password expired sets a new one first, then goes on.
    const next = user.passwordExpired ? `/reset-password?${new URLSearchParams({ redirect: target })}` : target;
    // The next page says it once (decision 039); one who must change an expired password first is told there.
    if (!user.passwordExpired) headers.append("Set-Cookie", await setFlash({ key: "feedback.flash.loggedIn" }));
    throw redirect(next, { status: 303, headers });
  } catch (error) {
    if (error instanceof LoginRefused) return data({ result: error.result }, { status: 400 });
    throw error;
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <MessagePage title={t("auth.login.title")} testId="login-page">
      {loaderData.passwordReset ? (
        <p role="status" className="mt-4" data-testid="password-reset-done">
          {t("passwordReset.done")}
        </p>
      ) : null}
      {loaderData.registered ? (
        <p role="status" className="mt-4" data-testid="registered-notice">
          {t("auth.login.registered")}
        </p>
      ) : null}
      <div className="mt-6">
        <LoginForm lastResult={actionData?.result} redirect={loaderData.redirect} />
      </div>
    </MessagePage>
  );
}
