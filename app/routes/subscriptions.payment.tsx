/**
 * /subscriptions/payment?subscription=<id>: the local simulated payment page of a
 * subscription bought without Stripe keys. Only its owner sees it (404 otherwise, and always in
 * production). 'Payer' makes it active for one month or one year and shows the result; 'Annuler'
 * charges nothing and goes back to the plan's page (the purchase is left to expire). A refused
 * form answers 400 with conform's reply.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import type { LayoutHandle } from "~/layout/page-layout";
import { paysOnShopPage } from "~/payment/registry.server";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { SimulatedPaymentSchema } from "~/subscriptions/subscription-forms";
import {
  getUserSubscription,
  paySimulatedSubscription,
  planPagePath,
  subscriptionReturnPath,
  summarizeSubscription,
} from "~/subscriptions/subscriptions.server";
import { SubscriptionPaymentPage } from "~/subscriptions/ui/subscription-payment";
import type { Route } from "./+types/subscriptions.payment";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "subscription");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

/** Drawn in the checkout's focused frame: its own header, the minimal footer (docs/decisions/044-order-e-mails.md). */
export const handle = { layout: "checkout" } satisfies LayoutHandle;

/** The customer's simulated purchase named by `?subscription=`; 404 for anything else, and in production. */
async function findPurchase(request: Request, context: Route.LoaderArgs["context"]) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const id = Number(new URL(request.url).searchParams.get("subscription"));
  const subscription = await getUserSubscription(shop.db, user.id, id, shop.locale);
  if (!subscription || !paysOnShopPage(subscription.paymentProvider)) throw data(null, { status: 404 });
  return { shop, user, subscription };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop, subscription } = await findPurchase(request, context);
  if (subscription.status !== "PENDING_PAYMENT") throw redirect(subscriptionReturnPath(subscription.id));
  return { title: shop.t("subscriptions.payment.title"), subscription: summarizeSubscription(subscription, shop.locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
  const { shop, user, subscription } = await findPurchase(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: SimulatedPaymentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (submission.value.intent === "cancel") throw redirect(planPagePath(subscription.planKind), 303);
  await paySimulatedSubscription(shop.db, user.id, subscription.id);
  throw redirect(subscriptionReturnPath(subscription.id), 303);
}

export default function SubscriptionPayment({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionPaymentPage subscription={loaderData.subscription} refusal={actionData?.result} />;
}
