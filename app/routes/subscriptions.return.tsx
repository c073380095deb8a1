/**
 * /subscriptions/return?subscription=<id>: where the customer lands after paying a
 * subscription, on Stripe or the simulated page, and sees its status. A Stripe purchase still
 * pending is brought up to date from its Checkout Session first (the webhook may come later);
 * such a load counts against the `checkout` rate limit (each reload asks Stripe). Only the owner
 * sees it: 404 otherwise.
 */
import { data } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { requestContext } from "~/http/request-context";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import {
  getUserSubscription,
  refreshPendingFromStripe,
  sessionToRefresh,
  summarizeSubscription,
} from "~/subscriptions/subscriptions.server";
import { SubscriptionReturnPage } from "~/subscriptions/ui/subscription-payment";
import type { Route } from "./+types/subscriptions.return";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "subscription");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const id = Number(new URL(request.url).searchParams.get("subscription"));
  let subscription = await getUserSubscription(shop.db, user.id, id, shop.locale);
  if (!subscription) throw data(null, { status: 404 });
  let unavailable = false;
  const sessionId = sessionToRefresh(subscription);
  if (sessionId) {
    await enforceRateLimit("checkout", context.get(requestContext).clientAddress);
    unavailable = (await refreshPendingFromStripe(shop.db, sessionId)) === "unavailable";
    if (!unavailable) subscription = (await getUserSubscription(shop.db, user.id, id, shop.locale)) ?? subscription;
  }
  return { title: shop.t("subscriptions.result.title"), subscription: summarizeSubscription(subscription, shop.locale), unavailable };
}

export default function SubscriptionReturn({ loaderData }: Route.ComponentProps) {
  return <SubscriptionReturnPage subscription={loaderData.subscription} unavailable={loaderData.unavailable} />;
}
