/**
 * The visitor session (signed cookie, DESIGN §1): a guest identity for the cart (SPEC §4: a guest
 * identity is an id kept for the visitor; SPEC §9: guest cookie lifetime 1 day, renewed on use).
 */
import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import { getEnv } from "~/env.server";

export const GUEST_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24;

interface SessionData {
  guestId: string;
}

let storage: SessionStorage<SessionData> | undefined;

function sessionStorage(): SessionStorage<SessionData> {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: getEnv().nodeEnv === "production",
      maxAge: GUEST_COOKIE_MAX_AGE_SECONDS,
      secrets: [getEnv().sessionSecret],
    },
  });
  return storage;
}

/** The guest id of the request, or null (no cookie, or a tampered one: its signature fails). */
export async function readGuestId(request: Request): Promise<string | null> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const guestId = session.get("guestId");
  return typeof guestId === "string" && /^[0-9a-f-]{36}$/.test(guestId) ? guestId : null;
}

/**
 * The guest id of the request, creating one when missing.
 * @returns the id and the Set-Cookie header that stores (or renews) it.
 */
export async function ensureGuestId(request: Request): Promise<{ guestId: string; setCookie: string }> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  let guestId = await readGuestId(request);
  if (!guestId) {
    guestId = randomUUID();
    session.set("guestId", guestId);
  }
  return { guestId, setCookie: await sessionStorage().commitSession(session) };
}
