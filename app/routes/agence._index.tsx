/**
 * /agence: the staff area's home — what waits for the agency (reservations to
 * handle, orders to hand over, follow-ups overdue) with links to each list. Staff only.
 */
import { agencyDashboard } from "~/agency/dashboard.server";
import { requireStaff } from "~/agency/staff.server";
import { AgencyHome } from "~/agency/ui/agency-home";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence._index";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return { title: shop.t("agency.title"), dashboard: await agencyDashboard(shop.db) };
}

export default function AgencyIndex({ loaderData }: Route.ComponentProps) {
  return <AgencyHome {...loaderData} />;
}
