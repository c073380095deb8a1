/**
 * The one-time messages a redirect carries to the next page (docs/decisions/039-progress-and-notifications.md):
 * what the flash cookie may hold, shared by the server (which writes and reads it) and the page
 * (which shows it, {@link useFlash}). Shared with the browser.
 */
import { useLocation, useRouteLoaderData } from "react-router";

/**
 * The messages a flash may name, each an i18n key: a cookie names one of these or is ignored, so
 * a forged or stale cookie can never show a string of its own.
 */
export const FLASH_MESSAGES = [
  "feedback.flash.cartAdded",
  "feedback.flash.cartReserved",
  "feedback.flash.loggedIn",
  "feedback.flash.loggedOut",
] as const;

export type FlashMessageKey = (typeof FLASH_MESSAGES)[number];

/** A success message for the next page. */
export interface Flash {
  key: FlashMessageKey;
  /** The channel (product inventory) just added to the cart: its card shows the confirmation too. */
  productInventoryId?: number;
}

/** `value` as a {@link Flash}, or null when it is anything else (an unknown key, a wrong id). */
export function toFlash(value: unknown): Flash | null {
  if (typeof value !== "object" || value === null) return null;
  const { key, productInventoryId } = value as Record<string, unknown>;
  if (!(FLASH_MESSAGES as readonly unknown[]).includes(key)) return null;
  if (productInventoryId === undefined) return { key: key as FlashMessageKey };
  if (!Number.isSafeInteger(productInventoryId) || (productInventoryId as number) < 1) return null;
  return { key: key as FlashMessageKey, productInventoryId: productInventoryId as number };
}

/** The location (its history key) each flash the page received arrived with; see {@link useFlash}. */
const flashArrivals = new WeakMap<Flash, string>();

/**
 * The flash message of the page being shown, or null: the root loader's flash, only on the
 * location it arrived with. The root loader does not run again on every link (its
 * `shouldRevalidate`), so without this check a message read once would stay on every page reached
 * by a link afterwards. Components mounted later (another page's add form) see the arrival recorded
 * by the first one, so they show nothing either.
 */
export function useFlash(): Flash | null {
  const root = useRouteLoaderData<{ flash?: Flash | null }>("root");
  const location = useLocation();
  const flash = root?.flash ?? null;
  if (!flash) return null;
  let arrival = flashArrivals.get(flash);
  if (arrival === undefined) {
    arrival = location.key;
    flashArrivals.set(flash, arrival);
  }
  return arrival === location.key ? flash : null;
}
