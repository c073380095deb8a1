/**
 * /membres (docs/product.md#members "Membership page titled MEMBRE", member benefits): what a
 * member gets, and the yearly membership with its "buy" POST.
 */
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { formatMoney } from "~/i18n/format";
import {
  MEMBER_PAY_NOW_DISCOUNT_RATE,
  MEMBER_PAY_NOW_THRESHOLD_CENTS,
  MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE,
  RATE_DENOMINATOR,
} from "~/pricing/constants";
import { seoMeta, siteOf } from "~/seo/page-meta";
import { MEMBER_TASTINGS_PER_YEAR } from "~/subscriptions/plan-directory";
import { buyPlanAction, loadPlanOffers } from "~/subscriptions/plan-pages.server";
import { MembersPage } from "~/subscriptions/ui/plan-pages";
import type { Route } from "./+types/membres";

/** Title, description, canonical, alternates, OpenGraph. */
export function meta({ data, matches }: Route.MetaArgs) {
  return data ? seoMeta(siteOf(matches), { title: data.title, description: data.description, path: "/membres" }) : [];
}

/** Shows the logged-in customer's own membership: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const offers = await loadPlanOffers(request, context, ["MEMBERSHIP"]);
  return {
    title: shop.t("subscriptions.members.title"),
    description: shop.t("subscriptions.members.intro"),
    numbers: {
      singleBottlePercent: (MEMBER_SINGLE_BOTTLE_DISCOUNT_RATE * 100) / RATE_DENOMINATOR,
      payNowPercent: (MEMBER_PAY_NOW_DISCOUNT_RATE * 100) / RATE_DENOMINATOR,
      threshold: formatMoney(MEMBER_PAY_NOW_THRESHOLD_CENTS, shop.locale),
      tastings: MEMBER_TASTINGS_PER_YEAR,
    },
    ...offers,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return buyPlanAction(request, context, "/membres");
}

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  return <MembersPage plans={loaderData.plans} loggedIn={loaderData.loggedIn} refusal={actionData} numbers={loaderData.numbers} />;
}
