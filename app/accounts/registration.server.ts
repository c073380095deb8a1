/**
 * Registration that tells nobody whether an address has an account (docs/decisions/031, OWASP's
 * authentication guidance): the visitor gets the same answer for a new and a known e-mail; a new
 * one gets its account, a known one's owner gets an e-mail saying someone tried, and nothing
 * else changes. Both take a password hash's time.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { hitRateLimit } from "~/http/rate-limit.server";
import type { Locale, Province } from "~/vocabulary";
import { registerCustomer, type User } from "~/users/users.server";
import { composeRegistrationAttemptMail, sendAccountMail } from "./account-mails.server";

/**
 * Creates a customer account, or, when the address already has one, tells its owner by e-mail
 * (at most a few such mails per account and hour: the `registrationNotice` rate limit).
 * @param origin the shop's origin for the mail's links, e.g. "https://shop.example".
 * @returns the new user, or null when the address already had an account (the caller answers the
 *   visitor the same either way); `delivered` settles when the owner's mail is handed over.
 */
export async function registerOrNotifyOwner(
  db: Database,
  input: { firstName: string; lastName: string; email: string; password: string; province: Province; locale: Locale },
  origin: string,
): Promise<{ user: User | null; delivered: Promise<boolean> }> {
  const created = await registerCustomer(db, input);
  if (created !== "email-taken") return { user: created, delivered: Promise.resolve(false) };
  // In the background: the answer must not wait for (and so time) the owner's mail.
  const delivered = notifyRegistrationAttempt(db, input.email, origin).catch((error: unknown) => {
    console.error(`registration: owner notice not sent (${error instanceof Error ? error.name : typeof error})`);
    return false;
  });
  return { user: null, delivered };
}

/**
 * Sends the "someone tried to create an account with your address" mail to the account of
 * `email`, if it has one and is under its hourly count of such mails.
 * @returns whether a mail was handed over (never rejects).
 */
export async function notifyRegistrationAttempt(db: Database, email: string, origin: string): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!owner) return false;
  if (!(await hitRateLimit("registrationNotice", `user:${owner.id}`)).ok) return false;
  return sendAccountMail(owner.email, composeRegistrationAttemptMail(owner, origin), `registration-attempt-${owner.id}`).delivered;
}
