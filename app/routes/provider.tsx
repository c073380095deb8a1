/**
 * /providers/{slug} (docs/product.md#producers): the producer, its origins and its products in the province
 * (page 1, size 51).
 */
import { data, redirect } from "react-router";
import { listBlogsForProvider } from "~/blogs/blogs.server";
import { RelatedBlogs } from "~/blogs/ui/related-blogs";
import { ProductCardGrid } from "~/cart/ui/product-card-grid";
import { providerTrail } from "~/catalogue/breadcrumbs";
import { countryName } from "~/catalogue/country-names.server";
import { providerImageSrc } from "~/catalogue/links";
import { canonicalLookupHref, providerIdOf } from "~/catalogue/lookups";
import { findProviderSlug } from "~/catalogue/lookups.server";
import { structuredDataImageUrls, withMainPhotos, withProviderPictures } from "~/catalogue/photos-on-pages.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { searchProducts } from "~/catalogue/products.server";
import { PROVIDER_PRODUCTS_SIZE } from "~/catalogue/provider-filters";
import { bioParagraphs, websiteLink } from "~/catalogue/provider-text";
import { getProviderDetail } from "~/catalogue/providers.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { Breadcrumbs } from "~/catalogue/ui/breadcrumbs";
import { PICTURE_SIZES } from "~/catalogue/ui/catalogue-image";
import { shopContext } from "~/context";
import { notFoundData } from "~/http/not-found";
import { useT } from "~/i18n/translation";
import { CataloguePicture } from "~/images/ui/catalogue-picture";
import { isSlug } from "~/lib/url-params";
import { providerMeta } from "~/seo/catalogue-meta";
import { siteOf } from "~/seo/page-meta";
import { breadcrumbListJsonLd } from "~/seo/structured-data";
import type { Route } from "./+types/provider";

/**
 * Title, description, canonical, alternates, OpenGraph and JSON-LD `Organization`, and the trail's
 * `BreadcrumbList` in a script of its own (decision 041).
 */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const site = siteOf(matches);
  return [...providerMeta(site, data), ...(site ? [{ "script:ld+json": breadcrumbListJsonLd(site.origin, site.locale, data.trail) }] : [])];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { db, preferences, locale } = shop;
  const reference = await getReferenceData(db);
  const found = isSlug(params.slug) ? await getProviderDetail(db, reference, params.slug, locale) : null;
  if (!found) {
    // Decision 051: `/providers/56` answers a 301 to the producer's slug URL.
    const url = new URL(request.url);
    const id = providerIdOf(params.slug, url.searchParams);
    const slug = id === null ? null : await findProviderSlug(db, id);
    if (slug) throw redirect(canonicalLookupHref("providers", slug, url.searchParams), 301);
    throw data(notFoundData("provider"), { status: 404 });
  }
  const [provider] = await withProviderPictures(db, [found], locale);
  if (!provider) throw data(notFoundData("provider"), { status: 404 });
  const provinceInventories = reference.inventories.filter((i) => i.province === preferences.province).map((i) => i.code);
  const filters = { ...parseProductFilters(new URLSearchParams(), reference.known), inventories: provinceInventories };
  const result = await searchProducts(db, reference, filters, {
    province: preferences.province,
    taxMode: preferences.taxMode,
    locale,
    providerId: provider.id,
    pageSize: PROVIDER_PRODUCTS_SIZE,
  });
  return {
    provider,
    // Decision 041: Home › Producers › the producer.
    trail: providerTrail(
      { home: shop.t("breadcrumbs.home"), products: shop.t("breadcrumbs.products"), providers: shop.t("breadcrumbs.providers") },
      provider,
    ),
    photoUrl: provider.photo ? (structuredDataImageUrls([provider.photo])[0] ?? null) : null,
    logoUrl: provider.logo ? (structuredDataImageUrls([provider.logo])[0] ?? null) : null,
    blogs: await listBlogsForProvider(db, provider.id, locale),
    province: preferences.province,
    taxMode: preferences.taxMode,
    total: result.pagination.total,
    items: (await withMainPhotos(db, result.items, locale)).map((item) => ({
      ...item,
      countryName: item.countryCode ? countryName(item.countryCode, locale) : null,
    })),
  };
}

export default function ProviderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { provider, items, taxMode, total, province } = loaderData;
  const website = websiteLink(provider.websiteUrl);
  const bio = bioParagraphs(provider.bio);
  return (
    <article>
      <Breadcrumbs crumbs={loaderData.trail} />
      <header className={provider.photo ? "grid gap-4 md:grid-cols-[24rem_1fr] md:gap-8" : "flex items-center gap-4"}>
        {provider.photo ? (
          // The page's largest image: fetched first, never lazy.
          <CataloguePicture
            image={provider.photo}
            sizes={PICTURE_SIZES.providerHero}
            className="h-auto w-full rounded object-cover"
            priority
          />
        ) : provider.logo ? null : (
          <img src={providerImageSrc(provider)} alt="" width={96} height={96} className="h-24 w-24 rounded" />
        )}
        <div>
          {provider.logo ? (
            <CataloguePicture
              image={provider.logo}
              sizes={PICTURE_SIZES.providerLogo}
              className="mb-2 h-16 w-auto max-w-40 object-contain"
            />
          ) : null}
          <h1 className="font-serif text-3xl">{provider.name}</h1>
          <ul className="text-stone-600">
            {provider.origins.map((o) => (
              <li key={`${o.countryCode}-${o.regionName}`}>{[o.countryName, o.regionName].filter(Boolean).join(" · ")}</li>
            ))}
          </ul>
          {website ? (
            <p className="mt-2">
              <a href={website.href} rel="external noopener noreferrer" className="text-wine-700 underline" data-testid="provider-website">
                {t("providers.website", { host: website.host })}
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {provider.description ? <p className="mt-4 max-w-prose">{provider.description}</p> : null}
      {bio.length > 0 ? (
        <section className="mt-6 max-w-prose" aria-labelledby="provider-about" data-testid="provider-bio">
          <h2 id="provider-about" className="mb-2 font-serif text-2xl">
            {t("providers.about", { name: provider.name })}
          </h2>
          {bio.map((paragraph, i) => (
            <p key={i} className="mt-2">
              {paragraph}
            </p>
          ))}
        </section>
      ) : null}
      <h2 className="mt-8 mb-3 font-serif text-2xl">{t("providers.products", { count: total })}</h2>
      {items.length === 0 ? (
        <p className="text-stone-600">{t("common.noRecords")}</p>
      ) : (
        <ProductCardGrid items={items} taxMode={taxMode} visitorProvince={province} />
      )}
      <RelatedBlogs blogs={loaderData.blogs} />
    </article>
  );
}
