/**
 * The flash cookie (docs/decisions/039-progress-and-notifications.md): an action that succeeds
 * and redirects (303) names a success message in a signed cookie; the next page's root loader
 * reads it once and clears it, so the message shows on that page, with or without JavaScript,
 * and never again.
 */
import { signedCookie } from "./cookies.server";
import { type Flash, toFlash } from "./flash";

/** A flash unread this long is dropped by the browser: it was meant for the very next page. */
const FLASH_SECONDS = 60;

let cookie: ReturnType<typeof signedCookie> | undefined;
const flashCookie = () => (cookie ??= signedCookie("flash", { maxAge: FLASH_SECONDS }));

/**
 * A Set-Cookie header value that carries `flash` to the next page. Append it to the redirect's
 * headers (beside a session cookie, say): `headers.append("Set-Cookie", await setFlash(…))`.
 */
export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** Whether the request carries a flash cookie at all (read or not): its page is this visitor's own. */
export function hasFlashCookie(request: Request): boolean {
  const name = flashCookie().name;
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * Reads the request's flash once.
 * @returns the message (null: none, a tampered or unknown one) and, when a cookie was sent, the
 *   Set-Cookie header value that clears it (so even a refused cookie is not sent again).
 */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  if (!hasFlashCookie(request)) return { flash: null, clear: null };
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  return { flash: toFlash(value), clear: await flashCookie().serialize("", { maxAge: 0 }) };
}
