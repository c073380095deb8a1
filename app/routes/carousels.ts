/**
 * GET /carousels?group= (docs/product.md#carousels; docs/decisions/047-carousels.md): a group's carousel as JSON,
 * as the home page shows it to this visitor — their province's carousel (else the one for both
 * provinces), the cards in order in their language and tax mode, items outside their dates, products
 * out of stock or not sold in the province and articles not published left out. An unknown or
 * missing group answers 400 with a localized message, never a 500.
 */
import { CAROUSEL_GROUPS, isCarouselGroup } from "~/carousels/carousel-groups";
import { readCarousel } from "~/carousels/carousels.server";
import { shopContext } from "~/context";
import type { Route } from "./+types/carousels";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, preferences, locale, t } = context.get(shopContext);
  const group = new URL(request.url).searchParams.get("group");
  // The visitor's province and language come from their preferences: never shared by a cache.
  const headers = { "Cache-Control": "private, no-store" };
  if (!isCarouselGroup(group)) {
    return Response.json({ error: t("carousels.errors.unknownGroup", { groups: CAROUSEL_GROUPS.join(", ") }) }, { status: 400, headers });
  }
  const carousel = await readCarousel(db, group, { province: preferences.province, taxMode: preferences.taxMode, locale });
  return Response.json({ ...carousel, province: preferences.province, locale }, { headers });
}
