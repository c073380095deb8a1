/**
 * /agence/pages (docs/decisions/046-content-page-revisions.md): the help and content pages for the
 * agency — each page, its current revision, and who edited it last and when; each links to its
 * editor. Staff only (404 otherwise); never cached, never indexed.
 */
import { requireStaff } from "~/agency/staff.server";
import { listContentPages } from "~/content/content-pages.server";
import { ContentPageList } from "~/content/ui/page-editing";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence.pages";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  return { title: shop.t("pageEditing.title"), rows: await listContentPages(shop.db) };
}

export default function AgencyPages({ loaderData }: Route.ComponentProps) {
  return <ContentPageList title={loaderData.title} rows={loaderData.rows} />;
}
