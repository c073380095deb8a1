/**
 * The signed `prefs` cookie (docs/product.md#how-the-shop-is-built). The secret is the configuration's SESSION_SECRET.
 */
import type { Cookie } from "react-router";
import { signedCookie } from "~/http/cookies.server";
import { normalizePreferences } from "./preference-change";
import type { Preferences } from "./preferences";

let cookie: Cookie | undefined;

/** The `prefs` cookie (`__Host-prefs` over HTTPS): signed, one year, http-only, SameSite=Lax. */
export function preferencesCookie(): Cookie {
  cookie ??= signedCookie("prefs", { maxAge: 60 * 60 * 24 * 365 });
  return cookie;
}

const readByRequest = new WeakMap<Request, Promise<Preferences>>();

/**
 * The visitor's preferences; an absent, unsigned or tampered cookie gives the defaults. Read once
 * per request (the language detection and the shop context both ask).
 */
export function readPreferences(request: Request): Promise<Preferences> {
  let read = readByRequest.get(request);
  if (!read) {
    read = preferencesCookie().parse(request.headers.get("Cookie")).then(normalizePreferences);
    readByRequest.set(request, read);
  }
  return read;
}

/** A Set-Cookie header value storing these preferences. */
export function serializePreferences(preferences: Preferences): Promise<string> {
  return preferencesCookie().serialize(preferences);
}
