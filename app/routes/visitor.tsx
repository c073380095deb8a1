/**
 * /visitor (docs/product.md#consent Layout dialogs, first visit, geolocation): the forms of the
 * age gate, the province notice and the cookie consent post here with an `intent`; each answer is
 * stored in its signed cookie and answered 303 back to the page it came from (`redirectTo`, same
 * origin only). "No" at the age gate stores nothing and goes to this page's GET: 'À bientôt !…'
 * with a link back to the question. "Use my location" (JavaScript) posts the browser's position:
 * 303 to /on in Ontario, else /qc; when the geocoding service is not configured or fails, 200 with
 * the reason and the visitor stays (never a 500). A refused form answers 400.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { shopContext } from "~/context";
import { getEnv } from "~/env.server";
import { readFormData } from "~/forms.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { provinceAt } from "~/visitor/geocoding.server";
import { visitorCookies } from "~/visitor/visitor-cookies.server";
import { VisitorFormSchema } from "~/visitor/visitor-forms";
import { VISITOR_PATH, withoutConsentQuery } from "~/visitor/visitor-rules";
import type { Route } from "./+types/visitor";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "visitor");
}

/** The refusal page: where "answer again" leads (a same-origin path). */
export function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  return {
    title: shop.t("visitor.refused.title"),
    back: safeRedirect(url.searchParams.get("redirectTo"), url.origin),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const back = safeRedirect(form.get("redirectTo"), new URL(request.url).origin);
  const submission = parseWithZod(form, { schema: VisitorFormSchema });
  if (submission.status !== "success") return data({ outcome: "invalid" as const, back }, { status: 400 });
  const answer = submission.value;
  const cookies = visitorCookies();
  switch (answer.intent) {
    case "age": {
      // A refusal stores nothing: the question comes back on the next page.
      if (answer.answer === "no") return redirect(`${VISITOR_PATH}?${new URLSearchParams({ redirectTo: back })}`, 303);
      const { confirmedAge } = await cookies.read(request.headers.get("Cookie"));
      return redirect(back, { status: 303, headers: { "Set-Cookie": await cookies.confirmAge(answer.age, confirmedAge) } });
    }
    case "notice":
      return redirect(back, { status: 303, headers: { "Set-Cookie": await cookies.markNoticeSeen() } });
    case "consent":
      return redirect(withoutConsentQuery(back), {
        status: 303,
        headers: { "Set-Cookie": await cookies.rememberConsent(answer.province, answer.answer, answer.remember === "on") },
      });
    case "locate": {
      // Each lookup calls a paid third party: counted like the other public forms.
      await enforceRateLimit("form", context.get(requestContext).clientAddress);
      const outcome = await provinceAt({ lat: answer.lat, lon: answer.lon }, getEnv().geocoding);
      if ("province" in outcome) return redirect(`/${outcome.province.toLowerCase()}`, 303);
      return data({ outcome: outcome.error, back });
    }
  }
}

export default function Visitor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  // Only a form posted without the page's JavaScript lands here with an answer to show.
  if (actionData) {
    return (
      <MessagePage title={t("visitor.notice.label")}>
        <p className="mt-4" role="alert">
          {t(actionData.outcome === "invalid" ? "visitor.errors.invalid" : `visitor.notice.${actionData.outcome}`)}
        </p>
        <p className="mt-4">
          <Link to={actionData.back} className="text-wine-800 underline">
            {t("visitor.back")}
          </Link>
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t("visitor.refused.title")} testId="age-refused">
      <p className="mt-4 text-lg">{t("visitor.refused.message")}</p>
      <p className="mt-6">
        <Link to={loaderData.back} className="text-wine-800 underline">
          {t("visitor.refused.askAgain")}
        </Link>
      </p>
    </MessagePage>
  );
}
