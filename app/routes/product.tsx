/**
 * /products/{slug} (docs/product.md#product-page): a product with its price in each channel of the province, in the
 * visitor's tax mode, with case wording for private import and where to buy for liquor-board items.
 * Query `id` highlights one channel (the inventory product id); `productType` and `pid` are
 * accepted and ignored when they do not match (docs/decisions/003-product-page-queries.md).
 */
import { data, Link, redirect } from "react-router";
import { listBlogsForProduct } from "~/blogs/blogs.server";
import { RelatedBlogs } from "~/blogs/ui/related-blogs";
import { ownerIsMember, readCartOwner } from "~/cart/cart-owner.server";
import { fullCasesIn, isSingleBottle, sectionFor } from "~/cart/cart-rules";
import { BuyArea } from "~/cart/ui/add-to-cart-form";
import { ProductCardGrid } from "~/cart/ui/product-card-grid";
import { allocationRunningOn } from "~/catalogue/allocation";
import { productTrail } from "~/catalogue/breadcrumbs";
import { countryName } from "~/catalogue/country-names.server";
import { memberUnitPrice } from "~/catalogue/display-price";
import { canonicalLookupHref, parseId, productSegmentLookup } from "~/catalogue/lookups";
import { findProduct } from "~/catalogue/lookups.server";
import { moreFromProducer } from "~/catalogue/more-from-producer.server";
import { productPagePhotos, structuredDataImageUrls } from "~/catalogue/photos-on-pages.server";
import { getProductDetail, type ProductChannel } from "~/catalogue/product-detail.server";
import { soldByTheCase } from "~/catalogue/product-inventory";
import { productTypeLabelKey } from "~/catalogue/product-types";
import { Breadcrumbs } from "~/catalogue/ui/breadcrumbs";
import { PICTURE_SIZES, ProductImage } from "~/catalogue/ui/catalogue-image";
import { ChannelPrice, type ProductCardItem } from "~/catalogue/ui/product-card";
import { ProductGallery } from "~/catalogue/ui/product-gallery";
import { WineFactsSection } from "~/catalogue/ui/wine-facts-section";
import { readWineFacts } from "~/catalogue/wine-facts.server";
import { shopContext } from "~/context";
import { isFavorite } from "~/favorites/favorites.server";
import { FavoriteToggle } from "~/favorites/ui/favorite-toggle";
import { notFoundData } from "~/http/not-found";
import { channelNameKey } from "~/i18n/channel-names";
import { formatMoney, formatShopDay, formatVolume } from "~/i18n/format";
import { shopDateOf } from "~/i18n/shop-time";
import { useT } from "~/i18n/translation";
import { preloadImageLink } from "~/images/ui/catalogue-picture";
import { isSlug } from "~/lib/url-params";
import { recentsForProductPage } from "~/recently-viewed/recently-viewed.server";
import { RecentlyViewed } from "~/recently-viewed/ui/recently-viewed";
import { productMeta } from "~/seo/catalogue-meta";
import { siteOf } from "~/seo/page-meta";
import { breadcrumbListJsonLd } from "~/seo/structured-data";
import { readUser } from "~/users/users.server";
import type { Province, TaxMode } from "~/vocabulary";
import type { Route } from "./+types/product";

/**
 * Title, description, canonical, alternates, OpenGraph and JSON-LD `Product`, and the trail's
 * `BreadcrumbList` in a script of its own (decision 041); the main photo (the
 * page's largest contentful paint) preloaded in the head, before the markup reaches it
 * (docs/decisions/038-photos-on-pages.md).
 */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const main = data.photos[0];
  const site = siteOf(matches);
  return [
    ...productMeta(site, data),
    ...(site ? [{ "script:ld+json": breadcrumbListJsonLd(site.origin, site.locale, data.trail) }] : []),
    ...(main ? [{ tagName: "link" as const, ...preloadImageLink(main, PICTURE_SIZES.productMain) }] : []),
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { db, preferences, locale } = shop;
  const url = new URL(request.url);
  const byPuid = url.searchParams.get("idType")?.trim().toLowerCase() === "puid";
  const product = !byPuid && isSlug(params.slug) ? await getProductDetail(db, params.slug, locale) : null;
  if (!product) {
    // Decision 051: `/products/1234` and `?idType=puid` answer a 301 to the product's slug URL.
    const lookup = productSegmentLookup(params.slug, url.searchParams);
    const found = lookup ? await findProduct(db, lookup) : null;
    if (found) {
      const channel = found.productInventoryId ?? parseId(url.searchParams.get("id"));
      throw redirect(canonicalLookupHref("products", found.slug, url.searchParams, channel), 301);
    }
    throw data(notFoundData("product"), { status: 404 });
  }
  const requestedId = Number(url.searchParams.get("id"));
  const here = product.channels.filter((c) => c.province === preferences.province);
  const elsewhere = product.channels.filter((c) => c.province !== preferences.province);
  const selected = here.find((c) => c.productInventoryId === requestedId) ?? here[0] ?? null;
  const color = product.attributes.find((a) => a.typeCode === "PRODUCT_COLOR") ?? null;
  const owner = readCartOwner(db, request);
  const user = readUser(db, request);
  const [photos, isMember, blogs, wine, recents, favorite, sameProducer] = await Promise.all([
    productPagePhotos(db, product.id, locale),
    // docs/product.md#members: a member sees the member price of single bottles.
    owner.then((o) => ownerIsMember(db, o)),
    listBlogsForProduct(db, product.id, locale),
    readWineFacts(db, product.id, locale),
    // Decision 041: recents and favourites are the visitor's own; more from the producer is everyone's.
    owner.then((o) => recentsForProductPage(db, request, o, product.id, locale)),
    user.then((u) => (u ? isFavorite(db, u.id, product.id) : null)),
    moreFromProducer(db, { providerId: product.provider.id, exceptProductId: product.id, ...preferences, locale }),
  ]);
  const productCountry = product.countryCode ? countryName(product.countryCode, locale) : null;
  return {
    product: {
      ...product,
      countryName: productCountry,
    },
    // Decision 041: Home › Products › type › country › the product.
    trail: productTrail(
      { home: shop.t("breadcrumbs.home"), products: shop.t("breadcrumbs.products"), providers: shop.t("breadcrumbs.providers") },
      { ...product, typeLabel: shop.t(productTypeLabelKey(product.typeCode)), countryName: productCountry },
    ),
    recents,
    favorite,
    sameProducer,
    colorCode: color?.code ?? null,
    photos,
    imageUrls: structuredDataImageUrls(photos),
    here,
    elsewhere,
    selectedId: selected?.productInventoryId ?? null,
    province: preferences.province,
    taxMode: preferences.taxMode,
    // Decision 036: the fact sheet, and the boards whose codes link to their pages.
    wine,
    soldAt: liquorBoardsSelling(product.channels),
    isMember,
    // Decision 049: during an allocation only members add it; others see the note instead.
    membersOnlyUntil: allocationRunningOn(product, shopDateOf(new Date())),
    blogs,
  };
}

/** The boards selling the product: those of its LIQUOR_BOARD channels, in any province (decision 036). */
function liquorBoardsSelling(channels: readonly ProductChannel[]): ("SAQ" | "LCBO")[] {
  return (["SAQ", "LCBO"] as const).filter((board) => channels.some((c) => c.channelKind === "LIQUOR_BOARD" && c.inventoryCode === board));
}

function ChannelBlock({
  channel,
  product,
  taxMode,
  highlighted,
  visitorProvince,
  isMember,
  membersOnlyUntil,
}: {
  channel: ProductChannel;
  product: { uvc: number; zeroRated: boolean; typeCode: string; isAlcohol: boolean; volumeMl: number | null };
  taxMode: TaxMode;
  highlighted: boolean;
  visitorProvince: Province;
  isMember: boolean;
  /** The last day of an allocation to members running today (decision 049), or null. */
  membersOnlyUntil: string | null;
}) {
  const { t, i18n } = useT();
  const item = { ...channel, uvc: product.uvc, zeroRated: product.zeroRated };
  const units = soldByTheCase(channel) ? fullCasesIn(channel.quantity, product.uvc) : channel.quantity;
  return (
    <li
      id={`channel-${channel.productInventoryId}`}
      data-testid="channel"
      className={`rounded border p-4 ${highlighted ? "border-wine-600 bg-wine-50" : "border-stone-200"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{t(channelNameKey(channel.inventoryCode))}</h3>
        <span className={channel.availabilityStatus === "UPCOMING" ? "text-amber-800" : "text-green-800"}>
          {t(`availability.${channel.availabilityStatus}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t(`channels.${channel.channelKind}`, { count: product.uvc })}</p>
      <div className="mt-2">
        <ChannelPrice item={item} taxMode={taxMode} />
        {isMember && isSingleBottle({ ...product, section: sectionFor(channel.channelKind, channel.availabilityStatus) }) ? (
          <p className="mt-1 font-semibold text-wine-800" data-testid="member-price">
            {t("product.memberPrice", { price: formatMoney(memberUnitPrice(item, taxMode), i18n.language) })}
          </p>
        ) : null}
      </div>
      {channel.channelKind === "LIQUOR_BOARD" ? (
        <p className="mt-2 text-sm">
          {t("product.whereToBuy", { board: t(channelNameKey(channel.inventoryCode)) })}
          {channel.liquorBoardCode ? ` · ${t("product.liquorBoardCode", { code: channel.liquorBoardCode })}` : null}
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-600">
          {soldByTheCase(channel) ? t("product.stockCases", { count: units }) : t("product.stockUnits", { count: units })}
        </p>
      )}
      {channel.purchasable && membersOnlyUntil !== null ? (
        <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="members-only-note">
          {t("allocations.note", { date: formatShopDay(membersOnlyUntil, i18n.language) })}
          {isMember ? null : (
            <>
              {" "}
              <Link to="/membres" className="font-semibold text-wine-800 underline">
                {t("allocations.becomeMember")}
              </Link>
            </>
          )}
        </p>
      ) : null}
      {channel.purchasable && (membersOnlyUntil === null || isMember) ? (
        <BuyArea channel={channel} uvc={product.uvc} visitorProvince={visitorProvince} />
      ) : null}
    </li>
  );
}

/** "Du même producteur" (decision 041): the producer's other products here, as the list's cards, and a link to the producer. */
function SameProducer({
  items,
  provider,
  taxMode,
  province,
}: {
  items: ProductCardItem[];
  provider: { slug: string; name: string };
  taxMode: TaxMode;
  province: Province;
}) {
  const { t } = useT();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="same-producer-title" className="md:col-span-2" data-testid="same-producer">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="same-producer-title" className="font-serif text-2xl">
          {t("sameProducer.title")}
        </h2>
        <Link to={`/providers/${provider.slug}`} className="text-wine-700 underline">
          {t("sameProducer.all", { producer: provider.name })}
        </Link>
      </div>
      <ProductCardGrid items={items} taxMode={taxMode} visitorProvince={province} className="mt-3" />
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useT();
  const { product, here, elsewhere, selectedId, taxMode, province, colorCode, photos } = loaderData;
  const origin = [product.countryName, product.regionName].filter(Boolean).join(", ");
  const main = photos[0] ?? null;
  return (
    <article className="grid gap-6 md:grid-cols-[20rem_1fr] md:gap-8">
      <div className="md:col-span-2">
        <Breadcrumbs crumbs={loaderData.trail} />
      </div>
      <div>
        {/* The largest contentful paint: fetched first, never lazy, preloaded by `meta`. */}
        <ProductImage
          photo={main}
          product={{ colorCode, typeCode: product.typeCode }}
          sizes={PICTURE_SIZES.productMain}
          className={main ? "mx-auto h-auto w-56 md:w-80" : "mx-auto h-48 w-24 md:h-96 md:w-48"}
          priority
        />
        <ProductGallery photos={photos} />
      </div>
      <div>
        <p className="text-sm uppercase tracking-wide text-stone-500">{t(productTypeLabelKey(product.typeCode))}</p>
        <h1 className="font-serif text-3xl">{product.name}</h1>
        <p className="mt-1">
          <Link to={`/providers/${product.provider.slug}`} className="text-wine-700 underline">
            {product.provider.name}
          </Link>
          {origin ? <span className="text-stone-600"> · {origin}</span> : null}
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {product.vintage ? (
            <>
              <dt className="text-stone-600">{t("product.vintage")}</dt>
              <dd>{product.vintage}</dd>
            </>
          ) : null}
          {product.volumeMl ? (
            <>
              <dt className="text-stone-600">{t("product.volume")}</dt>
              <dd>{formatVolume(product.volumeMl, i18n.language)}</dd>
            </>
          ) : null}
          <dt className="text-stone-600">{t("product.uvc")}</dt>
          <dd>{product.uvc}</dd>
          {product.attributes.length ? (
            <>
              <dt className="text-stone-600">{t("product.attributes")}</dt>
              <dd>{product.attributes.map((a) => a.name).join(", ")}</dd>
            </>
          ) : null}
          <dt className="text-stone-600">{t("product.code")}</dt>
          <dd>{product.puid}</dd>
        </dl>
        <FavoriteToggle productId={product.id} favorite={loaderData.favorite} />
        {product.description ? <p className="mt-4 max-w-prose">{product.description}</p> : null}
        {loaderData.wine ? (
          <WineFactsSection
            facts={loaderData.wine.facts}
            grapes={loaderData.wine.grapes}
            volumeMl={product.volumeMl}
            provider={product.provider}
            origin={origin}
            soldAt={loaderData.soldAt}
          />
        ) : null}

        <h2 className="mt-8 font-serif text-2xl">{t(`product.channelsIn.${province}`)}</h2>
        {here.length === 0 ? (
          <p className="mt-2 text-stone-600">{t("product.notInProvince")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {here.map((channel) => (
              <ChannelBlock
                key={channel.productInventoryId}
                channel={channel}
                product={product}
                taxMode={taxMode}
                highlighted={channel.productInventoryId === selectedId}
                visitorProvince={province}
                isMember={loaderData.isMember}
                membersOnlyUntil={loaderData.membersOnlyUntil}
              />
            ))}
          </ul>
        )}
        {elsewhere.length > 0 ? (
          <p className="mt-6 text-sm text-stone-600">
            {t(`product.alsoIn.${province === "QC" ? "ON" : "QC"}`, {
              channels: elsewhere.map((c) => t(channelNameKey(c.inventoryCode))).join(", "),
            })}
          </p>
        ) : null}
        <RelatedBlogs blogs={loaderData.blogs} />
      </div>
      <SameProducer items={loaderData.sameProducer} provider={product.provider} taxMode={taxMode} province={province} />
      <RecentlyViewed products={loaderData.recents} />
    </article>
  );
}
