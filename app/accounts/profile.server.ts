/**
 * A customer's profile (docs/product.md#accounts my account, User: names, e-mail, phone, delivery and billing
 * addresses; address form): read it, save it in one transaction, change the
 * password. The checkout pre-fills its first step from {@link loadProfile} (docs/product.md#accounts navigation
 * guard: "cart and checkout load the profile before showing").
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { hasSqlState, UNIQUE_VIOLATION } from "~/db/errors";
import { addresses, users } from "~/db/schema";
import { enforceRateLimit } from "~/http/rate-limit.server";
import { tryNewsletterSignup, writeNewsletterSignup, type WrittenSignup } from "~/newsletter/newsletter.server";
import { enqueueMail } from "~/outbox/outbox.server";
import { verifyPassword } from "~/users/password.server";
import { setUserPassword, type User } from "~/users/users.server";
import type { AddressKind, Locale } from "~/vocabulary";
import { composeEmailChangedMail } from "./account-mails.server";
import type { ProfileAddress, ProfileForm } from "./profile-forms";

export type { ProfileAddress } from "./profile-forms";

/**
 * A user's profile: the user's own fields (never the password hash; `email` lower-case, `phone`
 * E.164 or "" when never given) and their addresses, each null until first saved.
 */
export type Profile = User & {
  delivery: ProfileAddress | null;
  billing: ProfileAddress | null;
};

/** What {@link saveProfile} writes: the profile form once checked (phone E.164, postal codes `A1A 1A1`). */
export type ProfileInput = Omit<ProfileForm, "billingSameAsDelivery" | "currentPassword">;

/**
 * The profile of a user. @returns null when the user does not exist (the caller answers as the
 * guard does: to /login).
 */
export async function loadProfile(db: Database, userId: number): Promise<Profile | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const { passwordHash: _hash, ...user } = row;
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId));
  const address = (kind: AddressKind): ProfileAddress | null => {
    const found = rows.find((r) => r.kind === kind);
    if (!found) return null;
    const { aptSuite, civicNumber, street, city, province, postalCode } = found;
    return { aptSuite, civicNumber, street, city, province, postalCode };
  };
  return { ...user, delivery: address("DELIVERY"), billing: address("BILLING") };
}

/**
 * Saves a profile in one transaction: the user's names, e-mail (stored lower-case), phone and
 * newsletter flag, and both address rows (inserted or replaced, keyed by user and kind).
 * @param input a value parsed by `ProfileSchema` (phone E.164, postal codes normalised).
 * @returns "saved"; "email-taken" when another account has that e-mail (nothing is changed);
 *   "not-found" when the user no longer exists.
 */
export async function saveProfile(
  db: Database,
  userId: number,
  input: ProfileInput,
  onSaved?: (tx: Database) => Promise<void>,
): Promise<"saved" | "email-taken" | "not-found"> {
  const email = input.email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      if (other) return "email-taken";
      const updated = await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, email, phone: input.phone, newsletter: input.newsletter })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) return "not-found";
      const now = new Date();
      for (const [kind, address] of [
        ["DELIVERY", input.delivery],
        ["BILLING", input.billing],
      ] as const) {
        await tx
          .insert(addresses)
          .values({ userId, kind, ...address, updatedAt: now })
          .onConflictDoUpdate({ target: [addresses.userId, addresses.kind], set: { ...address, updatedAt: now } });
      }
      await onSaved?.(tx);
      return "saved";
    });
  } catch (error) {
    // Another account took the address between the check and the update: the unique index says so.
    if (hasSqlState(error, UNIQUE_VIOLATION)) return "email-taken";
    throw error;
  }
}

/**
 * Saves the profile form of a logged-in user (docs/decisions/031): a change of e-mail needs the
 * current password (checked first, so whether another account has the new address is told only
 * to whoever knows it), and once saved the OLD address is told of the change by e-mail. Password
 * checks count against the user's `passwordCheck` limit. Ticking "newsletter" signs
 * the customer up like the footer form (docs/product.md#newsletter) for their province; only a change
 * from unticked to ticked signs up (unticking clears the flag: leaving the list is the list's
 * unsubscribe link). The old address's mail and the sign-up with its Mailchimp job are written in
 * the transaction that saves the profile (decision 027); the sign-up is tried at once after it.
 * @param user the user as the session read them (their saved e-mail, newsletter flag, province).
 * @param currentPassword what the form's current-password field held ("" when empty).
 * @param locale the visitor's language, kept with a newsletter sign-up.
 * @returns {@link saveProfile}'s outcomes, or "password-required" / "wrong-password" when the
 *   e-mail changes without the right password (nothing is changed).
 * @throws a 429 response when the user is over the `passwordCheck` limit.
 */
export async function updateProfile(
  db: Database,
  user: Pick<User, "id" | "email" | "firstName" | "locale" | "newsletter" | "province">,
  input: ProfileInput,
  currentPassword: string,
  locale: Locale = user.locale,
): Promise<{ outcome: "saved" | "email-taken" | "not-found" | "password-required" | "wrong-password" }> {
  const newEmail = input.email.trim().toLowerCase();
  const emailChanges = newEmail !== user.email.toLowerCase();
  if (emailChanges) {
    if (!currentPassword) return { outcome: "password-required" };
    await enforceRateLimit("passwordCheck", `user:${user.id}`);
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    if (!row) return { outcome: "not-found" };
    if (!(await verifyPassword(currentPassword, row.passwordHash))) return { outcome: "wrong-password" };
  }
  let signup: WrittenSignup | null = null;
  const outcome = await saveProfile(db, user.id, input, async (tx) => {
    if (emailChanges) {
      const mail = composeEmailChangedMail({ firstName: input.firstName, locale: user.locale }, newEmail);
      await enqueueMail(tx, { to: user.email, ...mail, tag: `email-changed-${user.id}` });
    }
    if (input.newsletter && !user.newsletter) {
      const person = { firstName: input.firstName, lastName: input.lastName, email: input.email };
      signup = await writeNewsletterSignup(tx, { ...person, province: user.province, interests: [], locale });
    }
  });
  if (signup) await tryNewsletterSignup(db, signup);
  return { outcome };
}

/**
 * Changes a logged-in user's password: checks the current one, then sets the new
 * one through `setUserPassword`, which keeps this login and revokes every other.
 * Rate-limited per user with the `passwordCheck` limit (each try checks a password).
 * @param sessionId the id of the session making the change (kept logged in).
 * @returns "changed"; "wrong-password" when `current` is not the user's password (nothing
 *   changed); "not-found" when the user no longer exists.
 * @throws a 429 response when the user is over the limit.
 */
export async function changePassword(
  db: Database,
  userId: number,
  sessionId: string,
  current: string,
  next: string,
): Promise<"changed" | "wrong-password" | "not-found"> {
  await enforceRateLimit("passwordCheck", `user:${userId}`);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return "not-found";
  if (!(await verifyPassword(current, row.passwordHash))) return "wrong-password";
  return (await setUserPassword(db, userId, next, sessionId)) ? "changed" : "not-found";
}
