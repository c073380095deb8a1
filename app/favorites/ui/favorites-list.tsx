import { Form, Link } from "react-router";
import { productTypeLabelKey } from "~/catalogue/product-types";
import type { FavoriteProduct } from "~/favorites/favorites.server";
import { useT } from "~/i18n/translation";

/**
 * `/account/favorites` (docs/decisions/041-favourites-and-recently-viewed.md): the customer's
 * favourite products, each a link to its page with its producer and whether it is available in the
 * customer's province, and a remove button (a POST that comes back here); an empty list invites to
 * the products.
 */
export function FavoritesList({ favorites, error }: { favorites: FavoriteProduct[]; error: string | null }) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-3xl py-10" data-testid="favorites-page">
      <p className="text-sm">
        <Link to="/account" className="text-wine-700 underline">
          {t("favorites.backToAccount")}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">{t("favorites.title")}</h1>
      <p className="mt-2 text-stone-700">{t("favorites.intro")}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(error)}
        </p>
      ) : null}
      {favorites.length === 0 ? (
        <p className="mt-6" data-testid="favorites-empty">
          {t("favorites.empty")}{" "}
          <Link to="/products" className="text-wine-700 underline">
            {t("favorites.browse")}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
          {favorites.map((favorite) => (
            <li key={favorite.productId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="favorite">
              <div className="min-w-0">
                <p className="text-xs tracking-wide text-stone-600 uppercase">{t(productTypeLabelKey(favorite.typeCode))}</p>
                <Link to={`/products/${favorite.slug}`} className="font-serif text-lg text-wine-800 underline">
                  {favorite.name}
                </Link>
                <p className="text-sm text-stone-700">
                  {favorite.providerName} · {t(`favorites.availability.${favorite.availability}`)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="productId" value={favorite.productId} />
                <button type="submit" className="rounded border border-stone-400 px-3 py-1 text-sm" data-testid="favorite-remove">
                  {t("favorites.remove")}
                  <span className="sr-only"> — {favorite.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
