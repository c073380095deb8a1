/**
 * What every cookie of the shop shares: over HTTPS (NODE_ENV=production) cookies are
 * Secure and carry the `__Host-` prefix, which the browser accepts only from a Secure response, on
 * path `/` and without a Domain, so no subdomain or plain-HTTP page can plant or overwrite them.
 */
import { LRUCache } from "lru-cache";
import { type Cookie, type CookieOptions, createCookie } from "react-router";
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
  return rememberingVerification(createCookie(cookieName(base), settings));
}

/** Cookie headers remembered per signed cookie (each page reads five or six of them). */
const REMEMBERED_HEADERS = 2_000;

/**
 * The same cookie, whose `parse` verifies a given Cookie header's signature once
 * (throughput). React Router imports the key and checks the HMAC with WebCrypto on every parse,
 * about half a millisecond of every page for the visitor's five signed cookies; a visitor sends
 * the same header page after page. Only verified values are remembered, per cookie object (so
 * per name and secrets), and each caller gets its own copy. A header that fails to parse is asked
 * again next time.
 */
function rememberingVerification(cookie: Cookie): Cookie {
  const verified = new LRUCache<string, { value: unknown }>({ max: REMEMBERED_HEADERS });
  const remembering = Object.create(cookie, {
    parse: {
      value: async (header: string | null, options?: Parameters<Cookie["parse"]>[1]) => {
        if (!header || options) return cookie.parse(header, options) as Promise<unknown>;
        const known = verified.get(header);
        if (known) return structuredClone(known.value);
        const value: unknown = await cookie.parse(header);
        verified.set(header, { value });
        return structuredClone(value);
      },
    },
  }) as Cookie;
  return remembering;
}
