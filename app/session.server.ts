/**
 * The visitor session (signed cookie, docs/product.md#how-the-shop-is-built): a guest identity for the cart
 * (docs/product.md#guests: a guest identity is an id kept for the visitor) with a lifetime the server enforces
 * (docs/product.md#guests: guest cookie lifetime 1 day, renewed on use). A guest identity is an id only, with no
 * generated address, issued at the first cart write rather than the first visit
 * (docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md).
 *
 * The cookie carries its issue time and the time it was last renewed. The browser drops it after
 * a day, but a copied cookie is refused by the server too once it has not been renewed for a day.
 * A visitor who comes back within the day gets it renewed (at most once an hour, so a page view
 * does not always send a new cookie) and keeps the cart. Served over HTTPS (production), the
 * cookie is `__Host-session`: Secure, path `/`, no Domain, so no subdomain can plant or read it.
 */
import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import { getEnv } from "~/env.server";
import { cookieName, secureCookies } from "~/http/cookies.server";

/** docs/product.md#guests: a guest session lasts a day after its last renewal. */
export const GUEST_SESSION_LIFETIME_SECONDS = 60 * 60 * 24;
/** A session seen again after this long is renewed (a new cookie, a later expiry). */
export const SESSION_RENEWAL_INTERVAL_SECONDS = 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the signed cookie holds. Times are milliseconds since the epoch. */
interface SessionData {
  /** The session's own id: a new one at every change of privilege ({@link rotateSession}). */
  id: string;
  /** The guest's identity, owner of the guest carts. */
  guestId: string;
  issuedAt: number;
  renewedAt: number;
  /** The logged-in user, when there is one; its `user_sessions` row must exist too (accounts). */
  userId?: number;
}

/** A valid, unexpired session. */
export type VisitorSession = Readonly<SessionData>;

let storage: SessionStorage<SessionData> | undefined;

function sessionStorage(): SessionStorage<SessionData> {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: cookieName("session"),
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      maxAge: GUEST_SESSION_LIFETIME_SECONDS,
      secrets: [getEnv().sessionSecret],
    },
  });
  return storage;
}

function isValid(data: Partial<SessionData>, now: number): data is SessionData {
  const { id, guestId, issuedAt, renewedAt } = data;
  if (typeof id !== "string" || !UUID.test(id) || typeof guestId !== "string" || !UUID.test(guestId)) return false;
  if (!Number.isSafeInteger(issuedAt) || !Number.isSafeInteger(renewedAt)) return false;
  if (data.userId !== undefined && !(Number.isSafeInteger(data.userId) && data.userId > 0)) return false;
  // A renewal time in the future is a forged or broken cookie (a minute of clock skew between
  // processes is tolerated).
  return renewedAt! >= issuedAt! && renewedAt! <= now + 60_000 && now - renewedAt! <= GUEST_SESSION_LIFETIME_SECONDS * 1000;
}

const readByRequest = new WeakMap<Request, Promise<VisitorSession | null>>();

/**
 * The request's session, or null: no cookie, a tampered one (its signature fails), one from an
 * older version of the shop, or one not renewed for {@link GUEST_SESSION_LIFETIME_SECONDS}.
 * Read once per request.
 * @param now the current time in ms (tests pass a clock)
 */
export function readSession(request: Request, now = Date.now()): Promise<VisitorSession | null> {
  let read = readByRequest.get(request);
  if (!read) {
    read = sessionStorage()
      .getSession(request.headers.get("Cookie"))
      .then((session) => {
        const data = session.data as Partial<SessionData>;
        return isValid(data, now) ? { ...data } : null;
      });
    readByRequest.set(request, read);
  }
  return read;
}

/** The guest id of the request, or null when it has no valid session. */
export async function readGuestId(request: Request): Promise<string | null> {
  return (await readSession(request))?.guestId ?? null;
}

/** A Set-Cookie header value storing this session. */
export async function commitSession(data: SessionData): Promise<string> {
  const session = await sessionStorage().getSession();
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never);
  return sessionStorage().commitSession(session);
}

/**
 * The guest id of the request, starting a session when there is none (or it expired), and
 * renewing the one there is.
 * @returns the id and the Set-Cookie header that stores the session.
 */
export async function ensureGuestId(request: Request, now = Date.now()): Promise<{ guestId: string; setCookie: string }> {
  const current = await readSession(request, now);
  const data: SessionData = current
    ? { ...current, renewedAt: now }
    : { id: randomUUID(), guestId: randomUUID(), issuedAt: now, renewedAt: now };
  return { guestId: data.guestId, setCookie: await commitSession(data) };
}

/**
 * Renews a session last renewed more than {@link SESSION_RENEWAL_INTERVAL_SECONDS} ago: a guest
 * who keeps browsing keeps the session (and the cart) past the first day.
 * @returns the renewed session and its Set-Cookie header, or null (no session, or renewed recently).
 */
export async function renewSession(request: Request, now = Date.now()): Promise<{ session: VisitorSession; setCookie: string } | null> {
  const current = await readSession(request, now);
  if (!current || now - current.renewedAt < SESSION_RENEWAL_INTERVAL_SECONDS * 1000) return null;
  const session = { ...current, renewedAt: now };
  return { session, setCookie: await commitSession(session) };
}

/**
 * A new session id and issue time for the same visitor, to call whenever the session's privilege
 * changes (log in, log out): the session after the change never has the id of the one before.
 * A cookie-only session cannot revoke an older cookie by itself; the accounts feature (app/accounts) checks the
 * id against its session rows for that. The guest id is kept (the cart follows the visitor)
 * unless `change.newGuest` (logout, docs/product.md#guests: a new guest identity); `change.userId` logs a user in.
 * @returns the new session and its Set-Cookie header.
 */
export async function rotateSession(
  request: Request,
  now = Date.now(),
  change: { userId?: number; newGuest?: boolean } = {},
): Promise<{ session: VisitorSession; setCookie: string }> {
  const current = await readSession(request, now);
  const guestId = change.newGuest || !current ? randomUUID() : current.guestId;
  const session: SessionData = { id: randomUUID(), guestId, issuedAt: now, renewedAt: now };
  if (change.userId !== undefined) session.userId = change.userId;
  return { session, setCookie: await commitSession(session) };
}
