import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayPrice, type PricedChannel } from "~/catalogue/display-price";
import { productHref } from "~/catalogue/links";
import { productTypeLabelKey } from "~/catalogue/product-types";
import type { ListedChannel, ListedProduct } from "~/catalogue/products.server";
import { PICTURE_SIZES, ProductImage } from "~/catalogue/ui/catalogue-image";
import { channelNameKey } from "~/i18n/channel-names";
import { formatMoney, formatVolume } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import type { TaxMode } from "~/vocabulary";

/** A list row as a card shows it: its country's name and its main photo (null: the generated bottle). */
export type ProductCardItem = ListedProduct & { countryName: string | null; photo: ImageRef | null };

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
 * A product card of the product list, home and the producer page: the product once, with each of
 * its channels of the list (docs/decisions/040) — its shopper-facing name, its price (by the case
 * for private import, by the bottle or unit in the boutique), its availability and its buy area.
 * The buy area (the cart's add form) comes from the page through `buy`, so the catalogue never
 * imports the cart.
 */
export function ProductCard({
  item,
  taxMode,
  priority = false,
  buy,
}: {
  item: ProductCardItem;
  taxMode: TaxMode;
  /** The list's first card: its photo is in the first screen (a phone's largest paint), so it is fetched at once, not lazily. */
  priority?: boolean;
  /** The buy area of one purchasable channel. */
  buy?: (channel: ListedChannel) => ReactNode;
}) {
  const { t, i18n } = useT();
  const details = [
    item.vintage ? String(item.vintage) : null,
    item.volumeMl ? formatVolume(item.volumeMl, i18n.language) : null,
    [item.countryName, item.regionName].filter(Boolean).join(", ") || null,
  ].filter(Boolean);
  return (
    <article
      className="flex flex-col rounded border border-stone-200 bg-white p-3"
      data-testid="product-card"
      data-product-id={item.productId}
    >
      <Link to={productHref({ slug: item.slug, productInventoryId: item.channels[0]!.productInventoryId })} className="flex flex-1 gap-3">
        <ProductImage photo={item.photo} product={item} sizes={PICTURE_SIZES.card} className="h-32 w-24 shrink-0" priority={priority} />
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-stone-500">{t(productTypeLabelKey(item.typeCode))}</p>
          <h3 className="font-serif text-lg leading-tight hover:text-wine-700">{item.name}</h3>
          <p className="text-sm text-stone-700">{item.providerName}</p>
          <p className="text-xs text-stone-600">{details.join(" · ")}</p>
        </div>
      </Link>
      <ul className="mt-3 divide-y divide-stone-200 border-t border-stone-200">
        {item.channels.map((channel) => (
          <li key={channel.productInventoryId} className="py-2" data-testid="card-channel" data-inventory={channel.inventoryCode}>
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-sm font-semibold" data-testid="channel-name">
                {t(channelNameKey(channel.inventoryCode))}
              </p>
              {channel.availabilityStatus === "UPCOMING" ? (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("availability.UPCOMING")}</span>
              ) : null}
            </div>
            <ChannelPrice item={{ ...channel, zeroRated: item.zeroRated, uvc: item.uvc }} taxMode={taxMode} />
            <div className="mt-1">
              {channel.purchasable ? (
                buy?.(channel)
              ) : (
                <p className="text-sm text-stone-600">{t("product.whereToBuy", { board: t(channelNameKey(channel.inventoryCode)) })}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
