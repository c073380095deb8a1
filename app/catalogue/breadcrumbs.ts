/**
 * The trails of crumbs shown above a product or a producer page and written as their
 * `BreadcrumbList` JSON-LD (docs/decisions/041-favourites-and-recently-viewed.md): where the page
 * sits in the catalogue, each crumb a link to the list that holds it. A product's trail is
 * Home › Products › its type › its country › the product; a producer's Home › Producers › the
 * producer. Labels arrive already translated; the hrefs are the product list's own filters
 * (`type`, `c`, docs/product.md#product-list), so a crumb opens the same list a shopper would filter to. Pure, shared
 * with the browser.
 */

/** One crumb: its text and the shop path it links to (the last one is the page itself). */
export interface Crumb {
  label: string;
  href: string;
}

/** The labels of the crumbs every trail starts with, in the page's language. */
export interface TrailLabels {
  home: string;
  products: string;
  providers: string;
}

/**
 * A product page's trail: Home (`/`), Products (`/products`), the product's type
 * (`/products?type=VIN`), its country when it has one (`/products?type=VIN&c=IT`), then the
 * product (`/products/{slug}`).
 * @param product.typeLabel the type's name ("Vin"); `countryCode` ISO 3166-1 alpha-2 or null,
 *   `countryName` its name (a missing name leaves the country out too)
 */
export function productTrail(
  labels: TrailLabels,
  product: { name: string; slug: string; typeCode: string; typeLabel: string; countryCode: string | null; countryName: string | null },
): Crumb[] {
  const type = new URLSearchParams({ type: product.typeCode });
  const crumbs: Crumb[] = [
    { label: labels.home, href: "/" },
    { label: labels.products, href: "/products" },
    { label: product.typeLabel, href: `/products?${type}` },
  ];
  if (product.countryCode && product.countryName) {
    const country = new URLSearchParams({ type: product.typeCode, c: product.countryCode });
    crumbs.push({ label: product.countryName, href: `/products?${country}` });
  }
  crumbs.push({ label: product.name, href: `/products/${product.slug}` });
  return crumbs;
}

/** A producer page's trail: Home (`/`), Producers (`/providers`), the producer (`/providers/{slug}`). */
export function providerTrail(labels: TrailLabels, provider: { name: string; slug: string }): Crumb[] {
  return [
    { label: labels.home, href: "/" },
    { label: labels.providers, href: "/providers" },
    { label: provider.name, href: `/providers/${provider.slug}` },
  ];
}
