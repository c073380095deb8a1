/**
 * /agence (issue 10 §1): the staff area's home — what waits for the agency (reservations to
 * handle, orders to hand over) with links to each section.
 */
import { requireStaff } from "~/agency/staff.server";
import { shopContext } from "~/context";
import { noStoreHeaders } from "~/http/cache-headers";
import { useT } from "~/i18n/translation";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/agence._index";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaff(shop.db, request);
  return { title: shop.t("agency.title"), firstName: staff.firstName };
}

export default function AgencyHome({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <div>
      <h1 className="font-serif text-3xl">{loaderData.title}</h1>
      <p className="mt-2 text-stone-700">{t("agency.intro")}</p>
    </div>
  );
}
