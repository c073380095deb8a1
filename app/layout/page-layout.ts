/**
 * Which frame a page is drawn in (docs/decisions/044-order-e-mails.md, "Focused layout"): the shop's
 * full header and footer (newsletter form, menus, stores), or a focused frame for the checkout steps
 * and the payment pages (a small header: logo, secure-checkout note, back to the cart) and for the
 * staff area (the shop's header, a minimal footer). A route asks for a focused frame with its
 * `handle` (`export const handle = { layout: "checkout" } satisfies LayoutHandle`); a parent's
 * handle covers its children (`/agence` and every staff page). An error page keeps the shop's frame:
 * the staff area's 404 to a visitor must look like any other 404, or its frame would tell that the
 * area exists (docs/product.md#accounts Accounts).
 */
import { useMatches } from "react-router";

/** The frames a page can ask for. */
export type PageLayout = "shop" | "checkout" | "staff";

/** What a route's `handle` may say about its frame. */
export interface LayoutHandle {
  layout: Exclude<PageLayout, "shop">;
  /**
   * Where the checkout header's way back leads: the cart during the cart's checkout steps; the shop
   * (the default) after the order, or from a reservation's or a membership's payment.
   */
  backTo?: "cart";
}

/**
 * The frame of the matched routes: the deepest route that names one wins; "shop" when none does,
 * or when the deepest route has no data (its loader did not run: an error page).
 * @param matches the matched routes, root first (React Router's `useMatches()`).
 */
export function layoutOfMatches(matches: readonly { handle?: unknown; data?: unknown }[]): PageLayout {
  if (matches.length === 0 || matches[matches.length - 1]!.data === undefined) return "shop";
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<LayoutHandle> | undefined;
    if (handle?.layout === "checkout" || handle?.layout === "staff") return handle.layout;
  }
  return "shop";
}

/** Where the checkout header's way back leads for the matched routes: the deepest handle's `backTo`, else the shop. */
export function wayBackOfMatches(matches: readonly { handle?: unknown }[]): "cart" | "shop" {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<LayoutHandle> | undefined;
    if (handle?.layout !== undefined) return handle.backTo ?? "shop";
  }
  return "shop";
}

/** Where the checkout header's way back leads on the current page ({@link wayBackOfMatches}). */
export function useCheckoutWayBack(): "cart" | "shop" {
  return wayBackOfMatches(useMatches());
}

/** The frame of the current page ({@link layoutOfMatches} of the matched routes). */
export function usePageLayout(): PageLayout {
  return layoutOfMatches(useMatches());
}
