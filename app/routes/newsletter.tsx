/**
 * /newsletter (docs/product.md#newsletter newsletter form, newsletter dialog, newsletter validation,
 * newsletter, newsletter errors, newsletter cookie 1 day): the sign-up's two
 * steps as pages, for browsers without JavaScript, and the endpoint of the footer's forms.
 *
 * - `intent=person` (the short form): refused → 400 with its errors and values (the page shows
 *   the short form); accepted → the person goes into the day-long `newsletter` cookie, then 303 to
 *   `/newsletter` (step 2: province and interests), or, for the footer's fetcher (`mode=dialog`),
 *   the person as data (the dialog opens).
 * - `intent=interests` (step 2): refused → 400; no person in the cookie (over a day) → 303 to
 *   `/newsletter?expired=1`; accepted → the sign-up is stored (and sent to Mailchimp), the cookie
 *   is cleared, then 303 to `/newsletter?outcome=subscribed|alreadySubscribed|error`, or the
 *   outcome as data for the dialog.
 * - A filled honeypot is answered as a success, and nothing is kept. Rate-limited per client
 *   (the `form` limit of the public forms).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { honeypotFilled } from "~/contact/anti-bot.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { useT } from "~/i18n/translation";
import { forgetNewsletterPerson, readNewsletterPerson, saveNewsletterPerson, subscribeToNewsletter } from "~/newsletter/newsletter.server";
import {
  INTENT_FIELD,
  interestsOfNumbers,
  MODE_FIELD,
  NEWSLETTER_MODES,
  NEWSLETTER_OUTCOMES,
  type NewsletterActionData,
  NewsletterInterestsSchema,
  type NewsletterMode,
  type NewsletterOutcome,
  NewsletterPersonSchema,
} from "~/newsletter/newsletter-forms";
import { NewsletterInterestsFormView } from "~/newsletter/ui/interests-form";
import { NewsletterPersonFormView } from "~/newsletter/ui/person-form";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { isOneOf, PROVINCES } from "~/vocabulary";
import type { Route } from "./+types/newsletter";

/** Title, description, `noindex`: a step of a personal form. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "newsletter");
}

/** Shows the visitor's own name and e-mail: never stored by a cache. */
export const headers = noStoreHeaders;

const PAGE = "/newsletter";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const outcome = url.searchParams.get("outcome");
  const province = url.searchParams.get("province");
  return {
    title: shop.t("newsletter.title"),
    outcome: isOneOf(NEWSLETTER_OUTCOMES, outcome) ? outcome : null,
    expired: url.searchParams.get("expired") === "1",
    person: await readNewsletterPerson(request),
    province: isOneOf(PROVINCES, province) ? province : shop.preferences.province,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const formData = await readFormData(request);
  const posted = formData.get(MODE_FIELD);
  const mode: NewsletterMode = isOneOf(NEWSLETTER_MODES, posted) ? posted : "page";

  // A robot is answered exactly as a person, and nothing is kept.
  if (honeypotFilled(formData)) return finish(mode, "subscribed", new Headers());

  if (formData.get(INTENT_FIELD) !== "interests") {
    const submission = parseWithZod(formData, { schema: NewsletterPersonSchema });
    if (submission.status !== "success") return refused("person", submission.reply());
    const { firstName, lastName, email } = submission.value;
    const headers = new Headers({ "Set-Cookie": await saveNewsletterPerson({ firstName, lastName, email }) });
    if (mode === "page") throw redirect(PAGE, { status: 303, headers });
    return data<NewsletterActionData>({ kind: "chooseInterests", person: { firstName, lastName, email } }, { headers });
  }

  const person = await readNewsletterPerson(request);
  if (!person) {
    if (mode === "page") throw redirect(`${PAGE}?expired=1`, { status: 303 });
    return data<NewsletterActionData>({ kind: "outcome", outcome: "error" });
  }
  const submission = parseWithZod(formData, { schema: NewsletterInterestsSchema });
  if (submission.status !== "success") return refused("interests", submission.reply());
  const { outcome } = await subscribeToNewsletter(shop.db, {
    ...person,
    province: submission.value.province,
    interests: interestsOfNumbers(submission.value.province, submission.value.interests),
    locale: shop.locale,
  });
  // docs/product.md#newsletter: whatever the outcome, the person data is cleared.
  return finish(mode, outcome, new Headers({ "Set-Cookie": await forgetNewsletterPerson() }));
}

function refused(step: "person" | "interests", result: SubmissionResult<string[]>) {
  return data<NewsletterActionData>({ kind: "refused", step, result }, { status: 400 });
}

/** The outcome: a 303 to the page that shows it, or data for the dialog. */
function finish(mode: NewsletterMode, outcome: NewsletterOutcome, headers: Headers) {
  if (mode === "page") throw redirect(`${PAGE}?outcome=${outcome}`, { status: 303, headers });
  return data<NewsletterActionData>({ kind: "outcome", outcome }, { headers });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { outcome, person } = loaderData;
  const refusedStep = actionData?.kind === "refused" ? actionData : undefined;
  const step = refusedStep?.step ?? (person ? "interests" : "person");
  return (
    <MessagePage title={t("newsletter.title")} testId="newsletter-page">
      {outcome ? (
        <p role={outcome === "error" ? "alert" : "status"} data-testid="newsletter-outcome" className="mt-4 text-lg font-semibold">
          {t(`newsletter.outcomes.${outcome}`)}
        </p>
      ) : null}
      {loaderData.expired ? (
        <p role="alert" className="mt-4">
          {t("newsletter.expired")}
        </p>
      ) : null}
      <div className="mx-auto mt-6 max-w-lg">
        {outcome && outcome !== "error" ? (
          <p className="flex flex-wrap justify-center gap-6">
            <Link to={PAGE} className="text-wine-800 underline">
              {t("newsletter.again")}
            </Link>
            <Link to="/" className="text-wine-800 underline">
              {t("newsletter.home")}
            </Link>
          </p>
        ) : step === "interests" && person ? (
          <section aria-labelledby="newsletter-interests-title" className="text-left">
            <h2 id="newsletter-interests-title" className="font-serif text-xl">
              {t("newsletter.interests.title")}
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              {t("newsletter.interests.for", { name: `${person.firstName} ${person.lastName}`, email: person.email })}
            </p>
            <p className="mt-2 text-sm">{t("newsletter.interests.intro")}</p>
            <div className="mt-4">
              <NewsletterInterestsFormView
                // The province links redraw the form with that province checked and its interests.
                key={loaderData.province}
                id="newsletter-interests"
                lastResult={refusedStep?.step === "interests" ? refusedStep.result : undefined}
                mode="page"
                defaultProvince={loaderData.province}
              />
            </div>
          </section>
        ) : (
          <>
            <p className="text-left">{t("newsletter.intro")}</p>
            <div className="mt-4">
              <NewsletterPersonFormView
                id="newsletter-person"
                lastResult={refusedStep?.step === "person" ? refusedStep.result : undefined}
                mode="page"
              />
            </div>
          </>
        )}
      </div>
    </MessagePage>
  );
}
