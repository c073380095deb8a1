/**
 * The favourite toggle's form (docs/decisions/041-favourites-and-recently-viewed.md): add or remove
 * one product, posted to `/account/favorites` from the product page (then back there) or from the
 * favourites list. Messages are i18n keys. Shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";

export const FavoriteSchema = z.object({
  intent: z.enum(["add", "remove"], { message: "favorites.errors.invalid" }),
  productId: z
    .number({ message: "favorites.errors.invalid" })
    .int("favorites.errors.invalid")
    .min(1, "favorites.errors.invalid")
    .max(MAX_ROW_ID, "favorites.errors.invalid"),
  /** Where to go once saved; checked by `safeRedirect` on the server. */
  redirectTo: z.string().max(2048).optional(),
});
