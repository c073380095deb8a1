/**
 * The cart's shapes (docs/product.md#cart Shopping cart; docs/product.md#cart Cart), shared by the server modules and the
 * views: no server code here.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ProductInventoryView } from "~/catalogue/product-inventory";
import type { CartSection, Province } from "~/vocabulary";

/**
 * Who owns a cart: a guest (id from the session cookie) or a customer (the accounts feature logs
 * customers in and merges their guest cart into this one).
 */
export type CartOwner = { guestId: string } | { customerId: number };

/**
 * A line of the cart: the product inventory it holds (the catalogue's read model, whose province
 * and stock are named apart from the line's own quantity), the line, and its product.
 */
export interface CartLine extends Pick<
  ProductInventoryView,
  "productInventoryId" | "inventoryCode" | "channelKind" | "priceCents" | "priceTaxInCents" | "agencyFeeCents" | "availabilityStatus"
> {
  section: CartSection;
  /** Cases (AGENCY) or units (SHOP, RESERVED). */
  quantity: number;
  /** The product inventory's province ({@link ProductInventoryView.province}). */
  inventoryProvince: ProductInventoryView["province"];
  /** Bottles or units in stock now ({@link ProductInventoryView.quantity}). */
  stock: ProductInventoryView["quantity"];
  productId: number;
  slug: string;
  name: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  typeCode: string;
  zeroRated: boolean;
  isAlcohol: boolean;
  providerName: string;
  /**
   * The last day (`YYYY-MM-DD`) of an allocation to members running today when the cart's owner
   * is not a member: the line cannot go to checkout (decision 049); null otherwise.
   */
  membersOnlyUntil: string | null;
}

export interface Cart {
  id: number;
  province: Province;
  lockVersion: number;
  lines: CartLine[];
}

export type CartError =
  "invalid-quantity" | "unknown-product" | "other-province" | "not-purchasable" | "members-only" | "stock" | "conflict" | "not-in-cart";

export type CartResult = { ok: true; cart: Cart } | { ok: false; error: CartError; cart: Cart | null };

/**
 * What an add answers a form kept on the page (JavaScript: a fetcher sends `enhanced=1`), instead
 * of the redirect a plain form gets (docs/decisions/039-progress-and-notifications.md).
 */
export interface CartAdded {
  added: number;
  /** Whether it went to the reservations (an upcoming product) rather than the cart. */
  reserved: boolean;
}

/** What a refused cart form answers (400, or 409 for a stale version). */
export interface CartActionError {
  error: CartError | "unknown-intent";
  productInventoryId: number | null;
  /** conform's reply: the field errors (i18n keys) and the values sent, for `useForm`'s `lastResult`. */
  result: SubmissionResult<string[]>;
}
