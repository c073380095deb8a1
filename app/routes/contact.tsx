/**
 * /contact (docs/product.md#contact "contact form also exists; its route is not shown", contact form
 * docs/product.md#contact): the form, prefilled for a logged-in customer. A sent message goes 303 to `/contact?sent=1`
 * (a thank-you); a refused one answers 400 with its errors and the values kept, and a fresh time
 * token. A filled honeypot gets the same 303 and nothing is stored nor sent. Rate-limited per
 * client (`form` limit).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { FormOrSent } from "~/components/ui/form-or-sent";
import { MessagePage } from "~/components/ui/message-page";
import { checkFormToken, honeypotFilled, issueFormToken, postedFormToken } from "~/contact/anti-bot.server";
import { sendContactMessage } from "~/contact/contact.server";
import { ContactSchema } from "~/contact/contact-form";
import { ContactFormView } from "~/contact/ui/contact-form";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { useT } from "~/i18n/translation";
import { translatorFor } from "~/i18n/translator";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { readUser } from "~/users/users.server";
import type { Route } from "./+types/contact";

/** Title, description, canonical `/contact`, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  if (!data) return [];
  const description = translatorFor(site?.locale ?? "fr-CA")("seo.descriptions.contact");
  return seoMeta(site, { title: data.title, description, path: "/contact" });
}

/** Holds a signed token and, for a customer, their details: never stored by a cache. */
export const headers = noStoreHeaders;

const SENT_PATH = "/contact?sent=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await readUser(shop.db, request);
  return {
    title: shop.t("contact.title"),
    sent: new URL(request.url).searchParams.get("sent") === "1",
    token: issueFormToken(),
    defaults: { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", email: user?.email ?? "" },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  await enforceRateLimit("form", context.get(requestContext).clientAddress);
  const formData = await readFormData(request);
  // A robot is answered exactly as a person, and nothing is kept.
  if (honeypotFilled(formData)) throw redirect(SENT_PATH, { status: 303 });
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), token: issueFormToken() }, { status: 400 });
  const check = checkFormToken(postedFormToken(formData));
  if (check !== "ok") {
    return data({ result: submission.reply({ formErrors: [`contact.errors.${check}`] }), token: issueFormToken() }, { status: 400 });
  }
  const user = await readUser(shop.db, request);
  const { firstName, lastName, email, message } = submission.value;
  await sendContactMessage(
    shop.db,
    { firstName, lastName, email, message },
    { locale: shop.locale, province: shop.preferences.province, userId: user?.id ?? null },
  );
  throw redirect(SENT_PATH, { status: 303 });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <MessagePage title={t("contact.title")} testId="contact-page">
      <FormOrSent
        sent={loaderData.sent}
        sentText={t("contact.sent")}
        sentTestId="contact-sent"
        link={{ to: "/contact", label: t("contact.writeAgain") }}
        intro={t("contact.intro")}
      >
        <ContactFormView lastResult={actionData?.result} token={actionData?.token ?? loaderData.token} defaults={loaderData.defaults} />
      </FormOrSent>
    </MessagePage>
  );
}
