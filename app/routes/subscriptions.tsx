/**
 * /subscriptions (docs/product.md#subscriptions subscriptions page, subscription plans): every plan on
 * sale, from the database, each with its "buy" POST: a visitor goes to log in first, a customer to
 * Stripe Checkout or the simulated payment page.
 */
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { buyPlanAction, loadPlanOffers } from "~/subscriptions/plan-pages.server";
import { SubscriptionsPage } from "~/subscriptions/ui/plan-pages";
import type { Route } from "./+types/subscriptions";

/** Title, description, canonical, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? seoMeta(siteOf(matches), { title: data.title, description: data.description, path: "/subscriptions" }) : [];
}

/** Shows the logged-in customer's own plans: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const offers = await loadPlanOffers(request, context);
  return { title: shop.t("subscriptions.page.title"), description: shop.t("subscriptions.page.intro"), ...offers };
}

export async function action({ request, context }: Route.ActionArgs) {
  return buyPlanAction(request, context, "/subscriptions");
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionsPage plans={loaderData.plans} loggedIn={loaderData.loggedIn} refusal={actionData} />;
}
