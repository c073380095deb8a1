/**
 * /agence/utilisateurs (docs/product.md#staff-area roles, `GET /users` with query role): the agency's
 * staff sees customers and staff, filtered by role, with a search in names or e-mail. Staff only
 * (404 for anyone else); the filter lives in the URL.
 */
import { requireStaff } from "~/agency/staff.server";
import { UsersList } from "~/agency/ui/users-list";
import { parseUsersFilter } from "~/agency/users-filter";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import { listUsers, USERS_LIST_LIMIT } from "~/users/users.server";
import type { Route } from "./+types/agence.utilisateurs";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaff(shop.db, request);
  const filter = parseUsersFilter(new URL(request.url).searchParams);
  const users = (await listUsers(shop.db, staff, { role: filter.role ?? undefined, search: filter.search })) ?? [];
  return {
    title: shop.t("agency.users.title"),
    filter,
    limit: USERS_LIST_LIMIT,
    users: users.map((u) => ({
      id: u.id,
      role: u.role,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      province: u.province,
      locale: u.locale,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

export default function AgencyUsers({ loaderData }: Route.ComponentProps) {
  return <UsersList {...loaderData} />;
}
