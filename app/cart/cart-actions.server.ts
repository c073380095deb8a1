/**
 * The cart's form handling (one action, many intents, like Hydrogen's cart route): add, update,
 * remove. Every form posts to /shopping-cart; success redirects (303) to a same-origin path,
 * refusals come back as values with a 400 or 409 status and change nothing. Cart writes are
 * rate-limited per client (issue 6 §7), and the `redirectTo` is checked before anything is saved.
 */
import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import type { ServerRequestInfo } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { ensureGuestId } from "~/session.server";
import { touchGuestCarts } from "./guest-carts.server";
import { addToCart, parseId, parseQuantity, removeLine, updateLineQuantity, type CartError } from "./cart.server";

export interface CartActionError {
  error: CartError | "unknown-intent";
  productInventoryId: number | null;
}

/**
 * Handles a cart form POST.
 * @throws a 303 redirect on success; a 429 response when the client is over its cart-write limit.
 */
export async function handleCartAction(request: Request, shop: ShopContext, client: ServerRequestInfo) {
  await enforceRateLimit("cartWrite", client.clientAddress);
  const form = await readFormData(request);
  // Decided before the change is saved: a refused target falls back, it never fails after a save.
  const requestedTarget = form.has("redirectTo")
    ? safeRedirect(form.get("redirectTo"), new URL(request.url).origin)
    : null;
  const intent = form.get("intent");
  const productInventoryId = parseId(form.get("productInventoryId"));
  const { guestId, setCookie } = await ensureGuestId(request);
  const owner = { guestId };
  const { db, preferences, locale } = shop;
  // The session was just renewed: its carts (every province) live as long, and the sweep no
  // longer takes the one about to change.
  await touchGuestCarts(db, guestId);
  const headers = { "Set-Cookie": setCookie };

  let result;
  switch (intent) {
    case "add":
      result = await addToCart(db, owner, preferences.province, locale, {
        productInventoryId,
        quantity: parseQuantity(form.get("quantity")),
      });
      break;
    case "update":
      result = await updateLineQuantity(db, owner, preferences.province, locale, {
        productInventoryId,
        quantity: parseQuantity(form.get("quantity")),
        lockVersion: parseId(form.get("lockVersion")),
      });
      break;
    case "remove":
      result = await removeLine(db, owner, preferences.province, locale, {
        productInventoryId,
        lockVersion: parseId(form.get("lockVersion")),
      });
      break;
    default:
      return data<CartActionError>({ error: "unknown-intent", productInventoryId }, { status: 400, headers });
  }
  if (!result.ok) {
    return data<CartActionError>(
      { error: result.error, productInventoryId },
      { status: result.error === "conflict" ? 409 : 400, headers },
    );
  }
  // SPEC §2: an emptied cart goes to /shopping-cart-empty.
  const fallback = result.cart.lines.length === 0 ? "/shopping-cart-empty" : "/shopping-cart";
  throw redirect(requestedTarget ?? fallback, { status: 303, headers });
}
