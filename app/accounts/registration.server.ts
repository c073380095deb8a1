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
import { enqueueMail } from "~/outbox/outbox.server";
import { registerCustomer, type User } from "~/users/users.server";
import type { Locale, Province } from "~/vocabulary";
import { composeRegistrationAttemptMail } from "./account-mails.server";

/**
 * Creates a customer account, or, when the address already has one, tells its owner by e-mail
 * (at most a few such mails per account and hour: the `registrationNotice` rate limit).
 * @param origin the shop's origin for the mail's links, e.g. "https://shop.example".
 * @returns the new user, or null when the address already had an account (the caller answers the
 *   visitor the same either way; the owner's mail is in the outbox, decision 027).
 */
export async function registerOrNotifyOwner(
  db: Database,
  input: { firstName: string; lastName: string; email: string; password: string; province: Province; locale: Locale },
  origin: string,
): Promise<{ user: User | null }> {
  const created = await registerCustomer(db, input);
  if (created !== "email-taken") return { user: created };
  // One row written, never a send: the answer takes no longer for a known address.
  await notifyRegistrationAttempt(db, input.email, origin);
  return { user: null };
}

/**
 * Writes the "someone tried to create an account with your address" mail to the outbox
 * (decision 027) for the account of `email`, if it has one and is under its hourly count of such
 * mails.
 * @returns whether a mail was written. Rejects only when the database cannot be reached.
 */
export async function notifyRegistrationAttempt(db: Database, email: string, origin: string): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!owner) return false;
  if (!(await hitRateLimit("registrationNotice", `user:${owner.id}`)).ok) return false;
  await enqueueMail(db, { to: owner.email, ...composeRegistrationAttemptMail(owner, origin), tag: `registration-attempt-${owner.id}` });
  return true;
}
