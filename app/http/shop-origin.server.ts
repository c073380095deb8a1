/**
 * The origin absolute links are built on (e-mails, Stripe's return addresses): the configured
 * PUBLIC_URL, so a forged Host header can never put another site in a reset link; without it
 * (development, tests), the address the request came to.
 */
import { getEnv } from "~/env.server";

/** `https://cuvee.example`, without a trailing slash. */
export function shopOrigin(request: Request): string {
  return getEnv().publicOrigin ?? new URL(request.url).origin;
}

/**
 * The origin for links written outside a request (a sweep's e-mail): PUBLIC_URL, else this server
 * on localhost (development and tests, where no request tells the address).
 */
export function shopOriginWithoutRequest(): string {
  const env = getEnv();
  return env.publicOrigin ?? `http://localhost:${env.port}`;
}
