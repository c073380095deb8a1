/**
 * The cart's forms (docs/product.md#cart): one zod schema per intent — add, update, remove —
 * joined on `intent` into the one schema the cart action parses (`parseWithZod`), the forms
 * constrain (`useForm` + `getZodConstraint`) and the header's optimistic count reads. Error
 * messages are i18n keys (`cart.errors.*`). Shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { MAX_LINE_QUANTITY } from "./cart-rules";
import type { CartError } from "./cart-types";

const productInventoryId = z
  .number({ message: "cart.errors.unknown-product" })
  .int("cart.errors.unknown-product")
  .min(1, "cart.errors.unknown-product")
  .max(MAX_ROW_ID, "cart.errors.unknown-product");

/** A line quantity: cases (private import) or units, 1 to {@link MAX_LINE_QUANTITY}. */
const quantity = z
  .number({ message: "cart.errors.invalid-quantity" })
  .int("cart.errors.invalid-quantity")
  .min(1, "cart.errors.invalid-quantity")
  .max(MAX_LINE_QUANTITY, "cart.errors.invalid-quantity");

/** The cart version the page showed (docs/product.md#cart): a missing or stale one is a conflict. */
const lockVersion = z
  .number({ message: "cart.errors.conflict" })
  .int("cart.errors.conflict")
  .min(1, "cart.errors.conflict")
  .max(MAX_ROW_ID, "cart.errors.conflict");

/** The quantity the page showed; only the header's optimistic count reads it. */
const currentQuantity = z.number().int().min(0).max(MAX_LINE_QUANTITY).optional();

/** Where to go after a successful change; checked by `safeRedirect` on the server. */
const redirectTo = z.string().max(2048).optional();

export const AddToCartSchema = z.object({
  intent: z.literal("add"),
  productInventoryId,
  quantity,
  redirectTo,
});

export const UpdateLineSchema = z.object({
  intent: z.literal("update"),
  productInventoryId,
  quantity,
  currentQuantity,
  lockVersion,
  redirectTo,
});

export const RemoveLineSchema = z.object({
  intent: z.literal("remove"),
  productInventoryId,
  currentQuantity,
  lockVersion,
  redirectTo,
});

/** Every cart form, keyed by its `intent` field. */
export const CartFormSchema = z.discriminatedUnion("intent", [AddToCartSchema, UpdateLineSchema, RemoveLineSchema], {
  message: "cart.errors.unknown-intent",
});
export type CartForm = z.infer<typeof CartFormSchema>;

const ERROR_PREFIX = "cart.errors.";

/**
 * The refusal to show for a form's field errors (conform's `error` map: field → i18n keys):
 * the first `cart.errors.*` key, as a {@link CartError}; "unknown-intent" when none is known.
 */
export function cartErrorOf(errors: Record<string, string[] | null | undefined> | undefined): CartError | "unknown-intent" {
  for (const messages of Object.values(errors ?? {})) {
    const key = messages?.find((m) => m.startsWith(ERROR_PREFIX));
    if (key) return key.slice(ERROR_PREFIX.length) as CartError | "unknown-intent";
  }
  return "unknown-intent";
}

/**
 * How a cart form changes the item count of the header badge (cases count as one):
 * add +quantity, update quantity − currentQuantity, remove −currentQuantity; 0 for an invalid form.
 */
export function cartCountDelta(form: CartForm): number {
  switch (form.intent) {
    case "add":
      return form.quantity;
    case "update":
      return form.quantity - (form.currentQuantity ?? form.quantity);
    case "remove":
      return -(form.currentQuantity ?? 0);
  }
}
