/**
 * /account/sales (docs/product.md#invoices-and-order-history customer area, login required; docs/product.md#invoices-and-order-history sales orders by customer, ordered
 * by date, detailed, no paging): the customer's orders newest first, each with its
 * invoice. The navigation guard sends a visitor without a session to /login with this route as
 * `redirect`. Never cached.
 */
import { requireUser } from "~/accounts/auth.server";
import { listCustomerOrders, orderView } from "~/accounts/order-history.server";
import { OrderHistoryPage } from "~/accounts/ui/order-history";
import { shopContext } from "~/context";
import { getEnv } from "~/env.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/account.sales";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "account");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  const now = new Date();
  const orders = await listCustomerOrders(shop.db, user.id);
  return {
    title: shop.t("history.title"),
    orders: orders.map((entry) => orderView(entry, now)),
    supportEmail: getEnv().agency.supportEmail,
    followUpDays: BRANCH_FOLLOW_UP_BUSINESS_DAYS,
  };
}

export default function AccountSales({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryPage data={loaderData} />;
}
