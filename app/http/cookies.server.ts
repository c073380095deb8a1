/**
 * What every cookie of the shop shares (issue 6 §5): over HTTPS (NODE_ENV=production) cookies are
 * Secure and carry the `__Host-` prefix, which the browser accepts only from a Secure response, on
 * path `/` and without a Domain, so no subdomain or plain-HTTP page can plant or overwrite them.
 */
import { getEnv } from "~/env.server";

/** Whether cookies are sent only over HTTPS: in production. */
export function secureCookies(): boolean {
  return getEnv().nodeEnv === "production";
}

/** The cookie's name: `__Host-<base>` when cookies are Secure, `<base>` otherwise. */
export function cookieName(base: string): string {
  return secureCookies() ? `__Host-${base}` : base;
}
