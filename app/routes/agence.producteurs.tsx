/**
 * /agence/producteurs (docs/decisions/037-staff-catalogue-editing.md): the catalogue's producers
 * for the agency, by name, searched by name (accents ignored) or slug, paged; each links to its
 * staff page. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { parseStaffListFilter, staffListHref, staffProviderPath } from "~/catalogue-editing/editing-forms";
import { listStaffProviders } from "~/catalogue-editing/provider-editing.server";
import { StaffCatalogueList } from "~/catalogue-editing/ui/staff-catalogue-list";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.producteurs";

export const headers = noStoreHeaders;

const PATH = "/agence/producteurs";

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const filter = parseStaffListFilter(new URL(request.url).searchParams);
  const { rows, pagination } = await listStaffProviders(shop.db, filter);
  redirectToShownPage(filter.page, pagination, (page) => staffListHref(PATH, { ...filter, page }));
  return { title: shop.t("catalogueEditing.providers.title"), filter, rows, pagination };
}

export default function AgencyProviders({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <StaffCatalogueList
      kind="providers"
      title={loaderData.title}
      path={PATH}
      filter={loaderData.filter}
      pagination={loaderData.pagination}
      columns={[t("catalogueEditing.columns.slug"), t("catalogueEditing.columns.products")]}
      rows={loaderData.rows.map((row) => ({
        key: row.slug,
        name: row.name,
        href: staffProviderPath(row.slug),
        cells: [<code key="slug">{row.slug}</code>, row.productCount],
      }))}
    />
  );
}
