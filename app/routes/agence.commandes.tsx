/**
 * /agence/commandes: the agency's orders, newest first, filtered by payment status,
 * fulfilment status, province, channel and the day placed (a GET form: the filters live in the
 * URL), paged. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { orderListHref, parseOrderListFilters } from "~/fulfilment/fulfilment-forms";
import { listStaffOrders } from "~/fulfilment/order-fulfilment.server";
import { OrderListPage } from "~/fulfilment/ui/order-list";
import { noStoreHeaders } from "~/http/cache-headers";
import { redirectToShownPage } from "~/lib/pagination";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.commandes";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const filters = parseOrderListFilters(new URL(request.url).searchParams);
  const { rows, pagination } = await listStaffOrders(shop.db, filters);
  // A page past the last one goes to the last.
  redirectToShownPage(filters.page, pagination, (page) => orderListHref({ ...filters, page }));
  return { title: shop.t("fulfilment.list.title"), filters, rows, pagination };
}

export default function AgencyOrders({ loaderData }: Route.ComponentProps) {
  return <OrderListPage data={loaderData} />;
}
