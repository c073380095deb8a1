import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/i18n/translation";

/**
 * The product page's favourite button (docs/decisions/041-favourites-and-recently-viewed.md): a POST
 * to `/account/favorites` that adds or removes the product and comes back to this page (303)
 * without JavaScript; with it, a fetcher that stays on the page (`stay`), showing the new state at
 * once. A guest sees a link to log in and come back here instead.
 */
export function FavoriteToggle({ productId, favorite }: { productId: number; favorite: boolean | null }) {
  const { t } = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ favorite?: boolean }>();
  const here = location.pathname + location.search;
  if (favorite === null) {
    return (
      <p className="mt-3 text-sm" data-testid="favorite-login">
        <Link to={`/login?${new URLSearchParams({ redirect: here })}`} className="text-wine-700 underline">
          {t("favorites.logInToKeep")}
        </Link>
      </p>
    );
  }
  // While the change is on its way, the state it asks for; then the server's answer.
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "add" : (fetcher.data?.favorite ?? favorite);
  return (
    <fetcher.Form method="post" action="/account/favorites" className="mt-3" data-testid="favorite-form">
      <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        className="inline-flex items-center gap-2 rounded border border-wine-700 px-3 py-1.5 text-sm text-wine-800 hover:bg-wine-50"
        data-testid="favorite-toggle"
      >
        <span aria-hidden="true">{shown ? "♥" : "♡"}</span>
        {t("favorites.toggle")}
      </button>
      <span role="status" className="ml-2 text-sm text-stone-700">
        {shown ? t("favorites.isFavorite") : null}
      </span>
    </fetcher.Form>
  );
}
