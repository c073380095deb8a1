/**
 * /forgot-password (docs/product.md#accounts authentication): asks for the account's e-mail and sends
 * a reset link valid one hour. After a valid POST, 303 to `/forgot-password?sent=1`, which says
 * the same whatever the address. Limited per client (`form`) and per e-mail (`passwordReset`).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { ForgotPasswordSchema } from "~/accounts/password-reset-forms";
import { ForgotPasswordForm } from "~/accounts/ui/password-reset-forms";
import { FormOrSent } from "~/components/ui/form-or-sent";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { shopOrigin } from "~/http/shop-origin.server";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/forgot-password";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "forgotPassword");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return { title: shop.t("passwordReset.forgot.title"), sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await enforceRateLimit("passwordReset", `email:${submission.value.email.toLowerCase()}`);
  await requestPasswordReset(shop.db, submission.value.email, shopOrigin(request));
  throw redirect("/forgot-password?sent=1", { status: 303 });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <MessagePage title={t("passwordReset.forgot.title")} testId="forgot-password-page">
      <FormOrSent
        sent={loaderData.sent}
        sentText={t("passwordReset.forgot.sent")}
        sentTestId="forgot-password-sent"
        link={{ to: "/login", label: t("passwordReset.backToLogin") }}
        intro={t("passwordReset.forgot.intro")}
      >
        <ForgotPasswordForm lastResult={actionData?.result} />
      </FormOrSent>
    </MessagePage>
  );
}
