/**
 * The product-inventory read model: a product in one inventory (a "channel" of docs/product.md#product-list: private
 * import, liquor board or shop, in one province), as every reader of the catalogue sees it — the
 * product page, the product list and price list, the cart, the add-to-cart form, the displayed
 * prices and the structured data. Read by `productInventoryColumns` /
 * `readProductInventories` (./product-inventory.server); the shapes of the views pick from it.
 * With the rule a product inventory carries to every line made of it: {@link soldByTheCase}. Pure;
 * shared with the browser.
 */
import type { AvailabilityStatus, CartSection, ChannelKind, InventoryCode, Province, SalesUnit } from "~/vocabulary";

/** A product inventory joined with its inventory (table `product_inventories` ⋈ `inventories`). */
export interface ProductInventoryView {
  /** `product_inventories.id`. */
  productInventoryId: number;
  inventoryCode: InventoryCode;
  /** Province of the inventory: its taxes apply. */
  province: Province;
  channelKind: ChannelKind;
  /** CASE for private import (sold by the full case), UNIT for the shop, NONE for the liquor boards. */
  salesUnit: SalesUnit;
  /** Whether it can be put in a cart here (not the liquor boards). */
  purchasable: boolean;
  /** Per bottle or unit in integer cents, agency fee included, taxes excluded (docs/product.md#taxes). */
  priceCents: number;
  /** Per bottle or unit in integer cents, taxes included (the price filter's column in tax mode IN). */
  priceTaxInCents: number;
  /** Agency fee per bottle, integer cents (0 outside private import). */
  agencyFeeCents: number;
  /** Bottles or units in stock. */
  quantity: number;
  availabilityStatus: AvailabilityStatus;
}

/**
 * What can be sold by the case: a channel of the catalogue (a product in one inventory, known by
 * its inventory's sales unit), or a cart or order line (known by its section and channel kind).
 */
export type SoldItem = { salesUnit: SalesUnit } | { section: CartSection; channelKind?: string };

/**
 * "Sold by the full case", named once (docs/product.md#cases "Private import products are sold by the full case
 * only"): whether a quantity counts full cases of `uvc` bottles. A channel is when its inventory's
 * sales unit is `CASE` (the private-import inventories IP and PI); a line is in the agency section
 * always, and as a reservation of an upcoming private-import product too, like the
 * agency section it will become. Used by the product page, the add-to-cart form, the catalogue
 * import (a case needs its uvc), the displayed case price, the cart and the orders.
 */
export function soldByTheCase(item: SoldItem): boolean {
  if ("salesUnit" in item) return item.salesUnit === "CASE";
  return item.section === "AGENCY" || (item.section === "RESERVED" && item.channelKind === "PRIVATE_IMPORT");
}
