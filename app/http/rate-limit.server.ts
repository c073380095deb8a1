/**
 * Rate limits, through rate-limiter-flexible: a fixed window of points per key.
 * With PostgreSQL (`DATABASE_URL`) the counters live in the `rate_limits` table, so every app
 * process behind a load balancer counts the same requests (one atomic upsert per hit); on the
 * embedded PGlite, one process serves everything and the counters stay in memory. When the
 * database cannot count, an in-memory limiter takes over rather than refusing everyone.
 *
 * A refused request gets a 429 page in the visitor's language with `Retry-After` (root
 * ErrorBoundary).
 */
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/** Points (requests) allowed per key in each window. */
export const RATE_LIMITS = {
  /** Cart adds, updates and removals per client address. */
  cartWrite: { points: 60, durationSeconds: 60 },
  /** Checkout steps, order placements and payment-page buttons per client address. */
  checkout: { points: 60, durationSeconds: 60 },
  /**
   * Failed logins per client address, whatever the accounts tried (docs/decisions/031): enough
   * for a household or an office behind one address, not for a guessing script.
   */
  loginClient: { points: 30, durationSeconds: 15 * 60 },
  /**
   * Failed logins for one account from one client address (docs/decisions/031); a success clears
   * it. The owner, from any address that has not failed, is never stopped by it.
   */
  loginPair: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Failed logins for one account from every address together (docs/decisions/031). Over it, only
   * the clients that already failed for the account wait; a client without a failure goes on.
   */
  loginAccount: { points: 20, durationSeconds: 15 * 60 },
  /** Current-password checks of a logged-in customer (password or e-mail change), per account. */
  passwordCheck: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Other public forms per client address: registration, contact, newsletter (two posts per
   * sign-up), password reset, "use my location" lookups; also profile changes per customer.
   */
  form: { points: 20, durationSeconds: 10 * 60 },
  /**
   * Price list and producers list PDFs per client address: public, but each
   * costs a full scan of the list and seconds of drawing (docs/decisions/021).
   */
  pdf: { points: 30, durationSeconds: 10 * 60 },
  /**
   * Changes made by one staff user in /agence: a busy agency marks dozens of
   * reservations and orders in a row, so more than a public form, but still bounded per account.
   */
  staff: { points: 120, durationSeconds: 60 },
  /**
   * "Someone tried to register with your address" mails to one account, whoever asks
   * (docs/decisions/031): over it, the visitor gets the same answer and no mail goes out.
   */
  registrationNotice: { points: 3, durationSeconds: 60 * 60 },
  /** Reset links asked for one e-mail address, whoever asks (no mailbox flooded with them). */
  passwordReset: { points: 5, durationSeconds: 60 * 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

let sharedStore: Database | null = null;
const limiters = new Map<RateLimitName, RateLimiterAbstract>();

/**
 * Keeps the counters in the database from now on (called at start-up on PostgreSQL), so that
 * several processes share them. Without this call they stay in this process's memory.
 */
export function shareRateLimitsThrough(db: Database | null): void {
  sharedStore = db;
  limiters.clear();
}

function limiter(name: RateLimitName): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    const options = { keyPrefix: name, points: RATE_LIMITS[name].points, duration: RATE_LIMITS[name].durationSeconds };
    found = sharedStore
      ? new RateLimiterDrizzle({
          ...options,
          storeClient: sharedStore,
          schema: rateLimits,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    limiters.set(name, found);
  }
  return found;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts one hit of `key` against the named limit.
 * @returns ok, or the number of seconds before the key may try again.
 * @throws only what the in-memory fallback throws (nothing expected).
 */
export async function hitRateLimit(name: RateLimitName, key: string): Promise<RateLimitResult> {
  try {
    await limiter(name).consume(key);
    return { ok: true };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
    throw refusal;
  }
}

/**
 * Whether `key` is already over the named limit, without counting a hit (a limit that counts
 * only failures looks before the attempt and counts after it).
 * @returns ok, or the number of seconds before the key may try again.
 */
export async function peekRateLimit(name: RateLimitName, key: string): Promise<RateLimitResult & { used: number }> {
  const state = await limiter(name).get(key);
  if (!state) return { ok: true, used: 0 };
  if (state.consumedPoints < RATE_LIMITS[name].points) return { ok: true, used: state.consumedPoints };
  return { ok: false, used: state.consumedPoints, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
}

/** Gives one hit of `key` back (a login counted before its password was checked, then right). */
export async function giveBackRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).reward(key, 1);
}

/** Forgets every hit of `key` against the named limit (a successful login clears its failures). */
export async function resetRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/**
 * The 429 response of a refused request: `Retry-After` in seconds, and the seconds in its data
 * for the localized page (root ErrorBoundary). Logged in one line without the key (it may hold an
 * e-mail).
 */
export function tooManyRequests(name: RateLimitName, retryAfterSeconds: number): ReturnType<typeof data> {
  console.warn(`rate limit ${name} reached; retry in ${retryAfterSeconds} s`);
  return data({ retryAfterSeconds }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}

/**
 * Counts one hit and, over the limit, throws a 429 response with `Retry-After`, which the root
 * error boundary shows as a localized page. Call it before changing anything.
 */
export async function enforceRateLimit(name: RateLimitName, key: string): Promise<void> {
  const result = await hitRateLimit(name, key);
  if (!result.ok) {
    // Not the key: it holds a client address, a user id or an e-mail's digest.
    console.warn(`rate limit ${name} reached; retry in ${result.retryAfterSeconds} s`);
    throw data(
      { retryAfterSeconds: result.retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
}
