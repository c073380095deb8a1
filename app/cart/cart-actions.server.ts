/**
 * The cart's form handling (one action, many intents, like Hydrogen's cart route): add, update,
 * remove, parsed by the one schema of `cart-forms.ts` (conform). Every form posts to
 * /shopping-cart; success redirects (303) to a same-origin path, refusals come back as values
 * with a 400 or 409 status, conform's reply (field errors, values kept) and change nothing. Cart
 * writes are rate-limited per client, and the `redirectTo` is checked before anything
 * is saved.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { setFlash } from "~/http/flash.server";
import { enforceRateLimit } from "~/http/rate-limit.server";
import type { ServerRequestInfo } from "~/http/request-context";
import { safeRedirect } from "~/http/safe-redirect";
import { addToCart, removeLine, updateLineQuantity } from "./cart.server";
import { cartErrorOf, CartFormSchema } from "./cart-forms";
import { ensureCartOwner } from "./cart-owner.server";
import type { CartActionError, CartAdded } from "./cart-types";

/** The product inventory id a refused form was about, when it names one. */
function postedProductInventoryId(form: FormData): number | null {
  const value = Number(form.get("productInventoryId"));
  return Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * Handles a cart form POST.
 * @returns a 400 (invalid form or refused change) or 409 (stale lock version) value; for an add
 *   sent by a form kept on the page (`enhanced=1`), what was added.
 * @throws a 303 redirect on success (an add's carries a flash message, decision 039); a 429 response when the client is over its cart-write limit.
 */
export async function handleCartAction(request: Request, shop: ShopContext, client: ServerRequestInfo) {
  await enforceRateLimit("cartWrite", client.clientAddress);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: CartFormSchema });
  // Decided before the change is saved: a refused target falls back, it never fails after a save.
  const requestedTarget = form.has("redirectTo") ? safeRedirect(form.get("redirectTo"), new URL(request.url).origin) : null;
  const { db, preferences, locale } = shop;
  const { owner, setCookie } = await ensureCartOwner(db, request);
  const headers = { "Set-Cookie": setCookie };

  if (submission.status !== "success") {
    const error = cartErrorOf(submission.error ?? undefined);
    return data<CartActionError>(
      { error, productInventoryId: postedProductInventoryId(form), result: submission.reply() },
      { status: error === "conflict" ? 409 : 400, headers },
    );
  }
  const input = submission.value;
  const result =
    input.intent === "add"
      ? await addToCart(db, owner, preferences.province, locale, input)
      : input.intent === "update"
        ? await updateLineQuantity(db, owner, preferences.province, locale, input)
        : await removeLine(db, owner, preferences.province, locale, input);
  if (!result.ok) {
    return data<CartActionError>(
      { error: result.error, productInventoryId: input.productInventoryId, result: submission.reply() },
      { status: result.error === "conflict" ? 409 : 400, headers },
    );
  }
  if (input.intent === "add") {
    const reserved = result.cart.lines.some((line) => line.productInventoryId === input.productInventoryId && line.section === "RESERVED");
    // With JavaScript the page stays where it is (decision 039): the fetcher's data says what was
    // added, and its revalidation updates the header's count.
    if (form.get("enhanced") === "1") return data<CartAdded>({ added: input.productInventoryId, reserved }, { headers });
    // Without, the redirect lands back on the card (the target's fragment) and the next page says so once.
    const flash = await setFlash({
      key: reserved ? "feedback.flash.cartReserved" : "feedback.flash.cartAdded",
      productInventoryId: input.productInventoryId,
    });
    throw redirect(requestedTarget ?? "/shopping-cart", {
      status: 303,
      headers: [
        ["Set-Cookie", setCookie],
        ["Set-Cookie", flash],
      ],
    });
  }
  // docs/product.md#cart: an emptied cart goes to /shopping-cart-empty.
  const fallback = result.cart.lines.length === 0 ? "/shopping-cart-empty" : "/shopping-cart";
  throw redirect(requestedTarget ?? fallback, { status: 303, headers });
}
