/**
 * /agence/produits (docs/decisions/037-staff-catalogue-editing.md): the catalogue's products for
 * the agency, by French name, searched by name (either language, accents ignored) or code, paged;
 * each links to its staff page. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { parseStaffListFilter, staffListHref, staffProductPath } from "~/catalogue-editing/editing-forms";
import { listStaffProducts } from "~/catalogue-editing/product-editing.server";
import { StaffCatalogueList } from "~/catalogue-editing/ui/staff-catalogue-list";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { useT } from "~/i18n/translation";
import { redirectToShownPage } from "~/lib/pagination";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.produits";

export const headers = noStoreHeaders;

const PATH = "/agence/produits";

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const filter = parseStaffListFilter(new URL(request.url).searchParams);
  const { rows, pagination } = await listStaffProducts(shop.db, filter);
  redirectToShownPage(filter.page, pagination, (page) => staffListHref(PATH, { ...filter, page }));
  return { title: shop.t("catalogueEditing.products.title"), filter, rows, pagination };
}

export default function AgencyProducts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useT();
  const english = i18n.language.startsWith("en");
  return (
    <StaffCatalogueList
      kind="products"
      title={loaderData.title}
      path={PATH}
      filter={loaderData.filter}
      pagination={loaderData.pagination}
      columns={[t("catalogueEditing.columns.code"), t("catalogueEditing.columns.vintage"), t("catalogueEditing.columns.producer")]}
      rows={loaderData.rows.map((row) => ({
        key: row.puid,
        name: english ? row.nameEn : row.nameFr,
        href: staffProductPath(row.puid),
        cells: [<code key="puid">{row.puid}</code>, row.vintage ?? "", row.providerName],
      }))}
    />
  );
}
