/**
 * /discovery (docs/product.md#discovery-subscribers discovery packages page, discovery subscription: monthly or annual,
 * cancellable at any time, confirm by the first Monday of the month, delivery the second Tuesday):
 * the rhythm with the next cycle's dates, and the three packages with their "buy" POST.
 */
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { DISCOVERY_AGENCY_FEES_DISCOUNT_RATE, RATE_DENOMINATOR } from "~/pricing/constants";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { buyPlanAction, loadPlanOffers } from "~/subscriptions/plan-pages.server";
import { calendarDayIn, formatShopDate, nextDiscoveryCycle } from "~/subscriptions/subscription-rules";
import { DiscoveryPage } from "~/subscriptions/ui/plan-pages";
import type { Route } from "./+types/discovery";

/** Title, description, canonical, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? seoMeta(siteOf(matches), { title: data.title, description: data.description, path: "/discovery" }) : [];
}

/** Shows the logged-in customer's own packages: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const offers = await loadPlanOffers(request, context, ["DISCOVERY"]);
  const cycle = nextDiscoveryCycle(calendarDayIn(new Date()));
  return {
    title: shop.t("subscriptions.discovery.title"),
    description: shop.t("subscriptions.discovery.intro"),
    nextCycle: {
      confirmBy: formatShopDate(cycle.confirmBy, shop.locale, { weekday: true }),
      delivery: formatShopDate(cycle.delivery, shop.locale, { weekday: true }),
    },
    // The preferential prices the cart applies (docs/decisions/048-discovery-subscriber-prices.md).
    agencyFeesPercent: (DISCOVERY_AGENCY_FEES_DISCOUNT_RATE * 100) / RATE_DENOMINATOR,
    ...offers,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return buyPlanAction(request, context, "/discovery");
}

export default function Discovery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DiscoveryPage
      plans={loaderData.plans}
      loggedIn={loaderData.loggedIn}
      refusal={actionData}
      nextCycle={loaderData.nextCycle}
      agencyFeesPercent={loaderData.agencyFeesPercent}
    />
  );
}
