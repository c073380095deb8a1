/**
 * Addresses of catalogue things, shared by the catalogue's views, the cart and the orders (they
 * link back to the product and show its generated image).
 */

/** The generated image of a product: a bottle, can, jar or bag in the product's colour. */
export function productImageSrc(item: { colorCode: string | null; typeCode: string }): string {
  return `/images/products/${item.colorCode ?? "none"}--${item.typeCode}.svg`;
}

/**
 * The generated image of a producer: `/images/providers/{slug}.svg` (a monogram in its colour), or
 * the default image when it has no colour (docs/product.md#product-list "default image if none").
 */
export function providerImageSrc(provider: { slug: string; imageColor: string | null }): string {
  return provider.imageColor ? `/images/providers/${provider.slug}.svg` : "/images/providers/default.svg";
}

/** The product page of one channel (docs/product.md#channels-and-inventories: `id` is the inventory product id). */
export function productHref(item: { slug: string; productInventoryId: number }): string {
  return `/products/${item.slug}?id=${item.productInventoryId}`;
}
