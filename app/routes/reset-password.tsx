/**
 * /reset-password (docs/product.md#accounts authentication, "Password expired: after login the user goes to
 * /reset-password"). Two ways in:
 * - `?token=…` from the reset e-mail: the new password twice; success revokes every login of the
 *   user and goes to `/login?reset=1`. An expired, used or invalid link shows why, with a link
 *   to ask again.
 * A new password too easy to guess is refused (docs/decisions/031).
 * - no token: the logged-in user whose password expired (the navigation guard sends anyone else
 *   to /login) sets a new one, stays logged in and goes on to `?redirect=` (else /account). A
 *   logged-in user whose password has not expired is sent to /account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { resetPassword, type ResetTokenFailure, verifyResetToken } from "~/accounts/password-reset.server";
import { ResetPasswordSchema } from "~/accounts/password-reset-forms";
import { ResetLinkRefused, ResetPasswordForm } from "~/accounts/ui/password-reset-forms";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { readSession } from "~/session.server";
import { isWeakPassword, WEAK_PASSWORD_MESSAGE } from "~/users/password-strength.server";
import { setUserPassword } from "~/users/users.server";
import type { Route } from "./+types/reset-password";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "resetPassword");
}

/**
 * Personal, and its address holds a reset token: never stored, and never sent to another site as
 * a referrer (`same-origin`, not `no-referrer`: that would make the browser post `Origin: null`,
 * which the cross-site guard refuses).
 */
export function headers(args: { errorHeaders?: Headers }): Headers {
  const headers = noStoreHeaders(args);
  headers.set("Referrer-Policy", "same-origin");
  return headers;
}

type Page =
  | { mode: "token"; title: string; token: string; email: string; redirect: "" }
  | { mode: "expired"; title: string; token: null; email: string; redirect: string }
  | { mode: "refused"; title: string; reason: ResetTokenFailure };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Page> {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const check = await verifyResetToken(shop.db, token);
    if (!check.ok) return { mode: "refused", title: shop.t("passwordReset.refused.title"), reason: check.reason };
    return { mode: "token", title: shop.t("passwordReset.reset.title"), token, email: check.user.email, redirect: "" };
  }
  const user = await requireUser(shop.db, request, { allowExpiredPassword: true });
  if (!user.passwordExpired) throw redirect("/account");
  return {
    mode: "expired",
    title: shop.t("passwordReset.reset.title"),
    token: null,
    email: user.email,
    redirect: (url.searchParams.get("redirect") ?? "").slice(0, 2048),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmation"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), refused: null }, { status: 400 });
  const { token, password } = submission.value;
  const weak = () =>
    data({ result: submission.reply({ fieldErrors: { password: [WEAK_PASSWORD_MESSAGE] }, hideFields }), refused: null }, { status: 400 });
  if (token) {
    const check = await verifyResetToken(shop.db, token);
    if (!check.ok) return data({ result: submission.reply({ hideFields }), refused: check.reason }, { status: 400 });
    // Too easy to guess (docs/decisions/031): the same form again, the link still good.
    if (await isWeakPassword(password, [check.user.email, check.user.firstName, check.user.lastName])) return weak();
    const outcome = await resetPassword(shop.db, token, password);
    if (!outcome.ok) return data({ result: submission.reply({ hideFields }), refused: outcome.reason }, { status: 400 });
    throw redirect("/login?reset=1", { status: 303 });
  }
  const user = await requireUser(shop.db, request, { allowExpiredPassword: true });
  if (!user.passwordExpired) throw redirect("/account", { status: 303 });
  if (await isWeakPassword(password, [user.email, user.firstName, user.lastName])) return weak();
  const session = await readSession(request);
  await setUserPassword(shop.db, user.id, password, session?.id);
  throw redirect(safeRedirect(submission.value.redirect || "/account", new URL(request.url).origin), { status: 303 });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const refused = actionData?.refused ?? (loaderData.mode === "refused" ? loaderData.reason : null);
  if (refused || loaderData.mode === "refused") {
    return (
      <MessagePage title={t("passwordReset.refused.title")} testId="reset-password-page">
        <ResetLinkRefused reason={refused ?? "invalid"} />
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t("passwordReset.reset.title")} testId="reset-password-page">
      <p className="mt-4">
        {loaderData.mode === "expired"
          ? t("passwordReset.reset.expiredIntro")
          : t("passwordReset.reset.intro", { email: loaderData.email })}
      </p>
      <div className="mt-6">
        <ResetPasswordForm lastResult={actionData?.result} token={loaderData.token} redirect={loaderData.redirect} />
      </div>
    </MessagePage>
  );
}
