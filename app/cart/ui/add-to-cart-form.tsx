import type { ProductChannel } from "~/catalogue/product-detail.server";

/** Add-to-cart form of a purchasable channel (built by the cart issue). */
export function AddToCartForm(_props: { channel: ProductChannel; uvc: number }) {
  return null;
}
