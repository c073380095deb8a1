import { useT } from "~/i18n/translation";
import { useFetcher, useLocation } from "react-router";
import type { ProductChannel } from "~/catalogue/product-detail.server";
import type { CartActionError } from "~/cart/cart-actions.server";
import { QuantityInput } from "./quantity-input";

/**
 * Add-to-cart form of a purchasable channel (SPEC §5): private import by the full case (the
 * quantity is in cases), shop items by the unit, upcoming products as a reservation request.
 * A real POST to /shopping-cart; with JavaScript a fetcher keeps the page and shows the pending
 * state; the header badge counts it at once.
 */
export function AddToCartForm({
  channel,
  uvc,
  compact = false,
}: {
  channel: Pick<ProductChannel, "productInventoryId" | "salesUnit" | "availabilityStatus" | "quantity">;
  uvc: number;
  /** A product card's form: quantity 1 (a case or a unit), no quantity field. */
  compact?: boolean;
}) {
  const { t } = useT();
  const fetcher = useFetcher<CartActionError>();
  const location = useLocation();
  const byCase = channel.salesUnit === "CASE";
  const upcoming = channel.availabilityStatus === "UPCOMING";
  const params = new URLSearchParams(location.search);
  params.set("added", String(channel.productInventoryId));
  const justAdded = new URLSearchParams(location.search).get("added") === String(channel.productInventoryId);
  const error = fetcher.data?.error;
  const busy = fetcher.state !== "idle";
  const id = `quantity-${channel.productInventoryId}`;
  if (!upcoming && channel.quantity < (byCase ? uvc : 1)) {
    return <p className={`text-sm font-semibold text-stone-600 ${compact ? "" : "mt-3"}`}>{t("cart.add.soldOut")}</p>;
  }
  return (
    <fetcher.Form
      method="post"
      action="/shopping-cart"
      className={`flex flex-wrap items-end gap-2 ${compact ? "" : "mt-3"}`}
      data-testid="add-to-cart"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productInventoryId" value={channel.productInventoryId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}?${params}`} />
      {compact ? (
        <input type="hidden" name="quantity" value="1" />
      ) : (
        <label htmlFor={id} className="text-sm">
          <span className="block">{byCase ? t("cart.add.cases", { count: uvc }) : t("cart.add.units")}</span>
          <QuantityInput id={id} defaultValue={1} required />
        </label>
      )}
      <button
        type="submit"
        disabled={busy}
        className={`rounded bg-wine-700 text-white disabled:opacity-60 ${compact ? "px-3 py-1 text-sm" : "px-4 py-1.5"}`}
      >
        {busy ? t("cart.add.pending") : upcoming ? t("cart.add.reserve") : byCase ? t("cart.add.addCases") : t("cart.add.addUnits")}
      </button>
      <p role="status" className="w-full text-sm">
        {error ? <span className="text-red-700">{t(`cart.errors.${error}`)}</span> : null}
        {!error && justAdded && !busy ? (
          <span className="text-green-800">
            {upcoming ? t("cart.add.reserved") : t("cart.add.added")}{" "}
            <a href="/shopping-cart" className="underline">
              {t("cart.add.seeCart")}
            </a>
          </span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
