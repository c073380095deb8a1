/**
 * /agence/membres (docs/decisions/049-member-tastings-and-allocations.md): the customers holding a
 * running membership, searched by name or e-mail in the URL (`?q=`), each linking to their tastings.
 * Staff only (404 for anyone else); never cached.
 */
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { listMembers, MEMBERS_LIST_LIMIT } from "~/member-tastings/member-tastings.server";
import { parseMemberSearch } from "~/member-tastings/tasting-forms";
import { MembersList } from "~/member-tastings/ui/members-list";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.membres";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const search = parseMemberSearch(new URL(request.url).searchParams);
  const members = await listMembers(shop.db, search);
  return {
    title: shop.t("memberTastings.list.title"),
    search,
    limit: MEMBERS_LIST_LIMIT,
    members: members.map((m) => ({ ...m, periodEnd: m.periodEnd.toISOString() })),
  };
}

export default function AgencyMembers({ loaderData }: Route.ComponentProps) {
  return <MembersList {...loaderData} />;
}
