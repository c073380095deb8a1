/**
 * /account/favorites (docs/decisions/041-favourites-and-recently-viewed.md, login required): the
 * customer's favourite products, and the add / remove POST of the product page's favourite button
 * and of this list. A saved change answers 303 to `redirectTo` (the product page) or back here; the
 * product page's fetcher sends `stay` and gets the new state instead, keeping its place. A refused
 * form is a 400 with a message and changes nothing. The navigation guard sends a visitor without a
 * session to /login. Never cached.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireUser } from "~/accounts/auth.server";
import { shopContext } from "~/context";
import { FavoriteSchema } from "~/favorites/favorite-forms";
import { addFavorite, listFavorites, removeFavorite } from "~/favorites/favorites.server";
import { FavoritesList } from "~/favorites/ui/favorites-list";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { safeRedirect } from "~/http/safe-redirect";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Route } from "./+types/account.favorites";

/** Title, description, `noindex`. */
export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "account");
}

/** Personal: never stored by a cache. */
export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  return { title: shop.t("favorites.title"), favorites: await listFavorites(shop.db, user, shop.locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const user = await requireUser(shop.db, request);
  // A favourite is as light as a cart change: the same limit, per customer.
  await enforceRateLimit("cartWrite", `favorites:user:${user.id}`);
  const form = await readFormData(request);
  const target = safeRedirect(form.get("redirectTo") ?? undefined, new URL(request.url).origin, "/account/favorites");
  const submission = parseWithZod(form, { schema: FavoriteSchema });
  if (submission.status !== "success") return data({ error: "favorites.errors.invalid", favorite: undefined }, { status: 400 });
  const { intent, productId } = submission.value;
  if (intent === "add") {
    if (!(await addFavorite(shop.db, user, productId)))
      return data({ error: "favorites.errors.invalid", favorite: undefined }, { status: 400 });
  } else {
    await removeFavorite(shop.db, user.id, productId);
  }
  // The product page's fetcher stays where it is; a plain form goes back where it came from.
  if (form.get("stay") === "1") return { error: null, favorite: intent === "add" };
  throw redirect(target, 303);
}

export default function AccountFavorites({ loaderData, actionData }: Route.ComponentProps) {
  return <FavoritesList favorites={loaderData.favorites} error={actionData?.error ?? null} />;
}
