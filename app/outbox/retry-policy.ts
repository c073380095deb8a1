/**
 * When the outbox tries a failed job again (decision 027): exponential back-off from 30 seconds,
 * doubling per try up to one hour, each delay spread by ±20 % so that jobs failing together (a mail
 * server down) do not all come back in the same second; after {@link OUTBOX_MAX_ATTEMPTS} tries the
 * job is dead and waits for staff.
 */

/** Tries before a job is dead: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: about 3 hours in all. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** The delay after the first failed try, ms. */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** The longest delay between two tries, ms. */
export const LONGEST_RETRY_DELAY_MS = 60 * 60_000;
/** How much each delay is spread, as a fraction of it (0.2: ±20 %). */
export const RETRY_JITTER = 0.2;

/**
 * The wait before the next try of a job that has failed `attempts` times.
 * @param attempts tries made so far, ≥ 1.
 * @param random a number in [0, 1) (Math.random by default; tests pass a fixed one; 0.5 gives the
 *   delay without spread).
 * @returns milliseconds: 30 000 × 2^(attempts − 1), at most 3 600 000, times 1 ± 0.2.
 */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  const base = Math.min(FIRST_RETRY_DELAY_MS * 2 ** exponent, LONGEST_RETRY_DELAY_MS);
  return Math.round(base * (1 + RETRY_JITTER * (2 * random - 1)));
}

/** Whether a job that has failed `attempts` times is dead (no more automatic tries). */
export function isOutOfAttempts(attempts: number): boolean {
  return attempts >= OUTBOX_MAX_ATTEMPTS;
}
