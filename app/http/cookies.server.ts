/**
 * What every cookie of the shop shares (issue 6 §5): over HTTPS (NODE_ENV=production) cookies are
 * Secure and carry the `__Host-` prefix, which the browser accepts only from a Secure response, on
 * path `/` and without a Domain, so no subdomain or plain-HTTP page can plant or overwrite them.
 */
import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { getEnv } from "~/env.server";

/** Whether cookies are sent only over HTTPS: in production. */
export function secureCookies(): boolean {
  return getEnv().nodeEnv === "production";
}

/** The cookie's name: `__Host-<base>` when cookies are Secure, `<base>` otherwise. */
export function cookieName(base: string): string {
  return secureCookies() ? `__Host-${base}` : base;
}

/**
 * A cookie of the shop signed with SESSION_SECRET: named {@link cookieName}(`base`), path `/`,
 * http-only, SameSite=Lax, Secure in production.
 * @param options.maxAge lifetime in seconds (unset: a browser-session cookie); `secrets` replaces
 *   the server's secret (tests and the bench sign with their own)
 */
export function signedCookie(base: string, options: { maxAge?: number; secrets?: string[] } = {}): Cookie {
  const settings: CookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    maxAge: options.maxAge,
    secrets: options.secrets ?? [getEnv().sessionSecret],
  };
  return createCookie(cookieName(base), settings);
}
