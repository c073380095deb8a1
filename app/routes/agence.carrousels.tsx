/**
 * /agence/carrousels (docs/decisions/047-carousels.md): the carousels staff arrange — home
 * selection, new arrivals, coming soon — for Québec, for Ontario and for both, each linking to its
 * editor. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { listStaffCarousels } from "~/carousels/carousels.server";
import { StaffCarouselList } from "~/carousels/ui/staff-carousel-list";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.carrousels";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return { title: shop.t("carousels.staff.title"), rows: await listStaffCarousels(shop.db) };
}

export default function AgencyCarousels({ loaderData }: Route.ComponentProps) {
  return <StaffCarouselList title={loaderData.title} rows={loaderData.rows} />;
}
