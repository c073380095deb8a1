/**
 * /agence/evenements (docs/decisions/050-member-events.md): the members' private events, the
 * latest date first, with their seats taken; each links to its editor, and "Nouvel événement" to a
 * new one. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { parsePage, redirectToShownPage } from "~/lib/pagination";
import { listStaffMemberEvents } from "~/member-events/member-events.server";
import { MemberEventDeskList } from "~/member-events/ui/member-event-desk-list";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.evenements";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const { rows, pagination } = await listStaffMemberEvents(shop.db, page);
  redirectToShownPage(page, pagination, (p) => (p > 1 ? `/agence/evenements?page=${p}` : "/agence/evenements"));
  return { title: shop.t("memberEvents.desk.title"), rows, pagination };
}

export default function AgencyEvents({ loaderData }: Route.ComponentProps) {
  return <MemberEventDeskList title={loaderData.title} rows={loaderData.rows} pagination={loaderData.pagination} />;
}
