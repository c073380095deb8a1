import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayPrice, type PricedChannel } from "~/catalogue/display-price";
import { productHref } from "~/catalogue/links";
import { productTypeLabelKey } from "~/catalogue/product-types";
import type { ProductListItem } from "~/catalogue/products.server";
import { PICTURE_SIZES, ProductImage } from "~/catalogue/ui/catalogue-image";
import { formatMoney, formatVolume } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import type { TaxMode } from "~/vocabulary";

/** A list row as a card shows it: its country's name and its main photo (null: the generated bottle). */
export type ProductCardItem = ProductListItem & { countryName: string | null; photo: ImageRef | null };

/** Price line of a channel: bottle/unit price, and the case price for private import. */
export function ChannelPrice({ item, taxMode }: { item: PricedChannel & { channelKind: string }; taxMode: TaxMode }) {
  const { t, i18n } = useT();
  const price = displayPrice(item, taxMode);
  const taxNote = taxMode === "IN" ? t("price.taxIn") : t("price.taxOut");
  if (price.caseCents !== null) {
    return (
      <p className="text-sm">
        <span className="text-lg font-semibold" data-testid="case-price">
          {formatMoney(price.caseCents, i18n.language)}
        </span>{" "}
        <span className="text-stone-600">{t("price.perCaseOf", { count: item.uvc })}</span>
        <br />
        <span className="text-stone-600">{`${t("price.perBottle", { price: formatMoney(price.unitCents, i18n.language) })} · ${taxNote}`}</span>
      </p>
    );
  }
  return (
    <p className="text-sm">
      <span className="text-lg font-semibold" data-testid="unit-price">
        {formatMoney(price.unitCents, i18n.language)}
      </span>{" "}
      <span className="text-stone-600">{`${item.channelKind === "SHOP" ? t("price.perUnit") : t("price.perBottleShort")} · ${taxNote}`}</span>
    </p>
  );
}

/**
 * A product card of the product list and the producer page. The buy area (the cart's add form)
 * comes from the page as `children`, so the catalogue never imports the cart.
 */
export function ProductCard({
  item,
  taxMode,
  priority = false,
  children,
}: {
  item: ProductCardItem;
  taxMode: TaxMode;
  /** The list's first card: its photo is in the first screen (a phone's largest paint), so it is fetched at once, not lazily. */
  priority?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useT();
  const details = [
    item.vintage ? String(item.vintage) : null,
    item.volumeMl ? formatVolume(item.volumeMl, i18n.language) : null,
    [item.countryName, item.regionName].filter(Boolean).join(", ") || null,
  ].filter(Boolean);
  return (
    <article className="flex flex-col rounded border border-stone-200 bg-white p-3" data-testid="product-card">
      <Link to={productHref(item)} className="flex flex-1 gap-3">
        <ProductImage photo={item.photo} product={item} sizes={PICTURE_SIZES.card} className="h-32 w-24 shrink-0" priority={priority} />
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-stone-500">
            {`${t(productTypeLabelKey(item.typeCode))} · ${t(`inventories.${item.inventoryCode}`)}`}
          </p>
          <h3 className="font-serif text-lg leading-tight hover:text-wine-700">{item.name}</h3>
          <p className="text-sm text-stone-700">{item.providerName}</p>
          <p className="text-xs text-stone-600">{details.join(" · ")}</p>
        </div>
      </Link>
      <div className="mt-3 flex items-end justify-between gap-2">
        <ChannelPrice item={item} taxMode={taxMode} />
        {item.availabilityStatus === "UPCOMING" ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("availability.UPCOMING")}</span>
        ) : null}
      </div>
      <div className="mt-2">
        {item.purchasable ? children : <p className="text-sm text-stone-600">{t("product.whereToBuy", { board: item.inventoryCode })}</p>}
      </div>
    </article>
  );
}
