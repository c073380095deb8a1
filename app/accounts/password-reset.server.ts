/**
 * Forgotten passwords (docs/product.md#accounts /forgot-password and /reset-password, "PUT
 * accounts/password for a reset"; docs/product.md#accounts Accounts: reset links are `jose`-signed, expire, and
 * stop working once used).
 *
 * A reset link carries a JWT (HS256) signed with a key derived from the session secret by HKDF
 * with its own label, so it is never the cookie's key. Its claims: issuer "cuvee", audience
 * "password-reset", subject the user id, expiry one hour after issue, and `pwd`, a fingerprint
 * of the user's current password hash. Setting a password changes the hash (fresh salt), so the
 * same link is refused afterwards: single use without a table of tokens.
 *
 * Asking for a link answers the same, after the same work, whether or not the address has an
 * account; the e-mail itself is written to the outbox (decision 027) and sent by its worker, so
 * no mail server's delay shows in the answer.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { purposeKey } from "~/http/purpose-keys.server";
import { translatorFor } from "~/i18n/translator";
import { escapeXml } from "~/lib/xml";
import { enqueueMail } from "~/outbox/outbox.server";
import { setUserPassword, type User, USER_COLUMNS } from "~/users/users.server";
import type { Locale } from "~/vocabulary";

/** How long a reset link works after it is sent (one hour). Seconds. */
export const RESET_TOKEN_SECONDS = 60 * 60;

const ISSUER = "cuvee";
const AUDIENCE = "password-reset";
/** HKDF label: a key for this purpose only, derived from the session secret. */
const KEY_LABEL = "cuvee/password-reset/v1";

/** Why a reset link is refused. */
export type ResetTokenFailure = "expired" | "invalid" | "used";

/** The outcome of checking a reset link: its user, or why it is refused. */
export type ResetTokenCheck = { ok: true; user: User } | { ok: false; reason: ResetTokenFailure };

/** The HS256 key of reset links. */
const signingKey = () => purposeKey(KEY_LABEL);

/**
 * A short fingerprint of what a link may change (the first 16 bytes of a SHA-256, base64url): the
 * password hash and the e-mail, so a link stops working once the password changes or once the
 * account's e-mail changes (a link sent to an old address opens nothing).
 */
function fingerprint(user: { passwordHash: string; email: string }): string {
  return createHash("sha256").update(user.passwordHash).update("\n").update(user.email).digest().subarray(0, 16).toString("base64url");
}

function sameFingerprint(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Signs a reset token for a user (exported for tests and the reset e-mail).
 * @param now milliseconds since the epoch; the token expires {@link RESET_TOKEN_SECONDS} later.
 */
export async function createResetToken(user: { id: number; passwordHash: string; email: string }, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ pwd: fingerprint(user) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + RESET_TOKEN_SECONDS)
    .sign(signingKey());
}

const userColumns = { ...USER_COLUMNS, passwordHash: users.passwordHash };

/** The token's user id and fingerprint once its signature, issuer, audience and expiry pass. */
async function readToken(token: string, now: number): Promise<{ userId: number; pwd: string } | { reason: ResetTokenFailure }> {
  if (token.length === 0 || token.length > 2048) return { reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.pwd !== "string") return { reason: "invalid" };
    return { userId, pwd: payload.pwd };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { reason: "expired" };
    if (error instanceof joseErrors.JOSEError) return { reason: "invalid" };
    throw error;
  }
}

/**
 * Checks a reset link's token.
 * @param now milliseconds since the epoch (a clock for tests).
 * @returns the user it was sent to, or the reason it is refused: "expired" (more than an hour
 *   old), "used" (the password changed since it was sent: it was used, or another reset or change
 *   happened), "invalid" (malformed, tampered with, another purpose or key, or an unknown user).
 *   Never throws for bad input.
 */
export async function verifyResetToken(db: Database, token: string, now = Date.now()): Promise<ResetTokenCheck> {
  const claims = await readToken(token, now);
  if ("reason" in claims) return { ok: false, reason: claims.reason };
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, claims.userId)).limit(1);
  if (!row) return { ok: false, reason: "invalid" };
  const { passwordHash, ...user } = row;
  if (!sameFingerprint(fingerprint(row), claims.pwd)) return { ok: false, reason: "used" };
  return { ok: true, user };
}

/**
 * Sets a new password through a reset link (docs/product.md#accounts "PUT accounts/password for a reset"): checks
 * the token as {@link verifyResetToken} does, then, holding the user's row, checks again that the
 * password has not changed meanwhile and sets the new one with `setUserPassword` (fresh hash,
 * `passwordExpired` cleared, every login of the user revoked). Two requests racing with the same
 * link: one succeeds, the other gets "used".
 * @param newPassword already validated by the form (length rules).
 * @returns the user, or why the link is refused.
 */
export async function resetPassword(db: Database, token: string, newPassword: string, now = Date.now()): Promise<ResetTokenCheck> {
  const claims = await readToken(token, now);
  if ("reason" in claims) return { ok: false, reason: claims.reason };
  return db.transaction(async (tx): Promise<ResetTokenCheck> => {
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, claims.userId)).for("update");
    if (!row) return { ok: false, reason: "invalid" };
    const { passwordHash, ...user } = row;
    if (!sameFingerprint(fingerprint(row), claims.pwd)) return { ok: false, reason: "used" };
    // A transaction is a Database too (drizzle nests it as a savepoint).
    await setUserPassword(tx, user.id, newPassword);
    return { ok: true, user: { ...user, passwordExpired: false } };
  });
}

// --- The e-mail ------------------------------------------------------------------------------

/** A composed reset e-mail: subject, plain text and HTML (same content). */
export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Builds the reset e-mail in the user's language (wording in `locales/`, `passwordReset.mail.*`):
 * greeting, why it was sent, the link, that it works for one hour and once, what to do when
 * nothing was asked. Every dynamic value is escaped in the HTML part.
 * @param url the absolute link, e.g. "https://shop.example/reset-password?token=eyJ…".
 */
export function composeResetMail(user: { firstName: string; locale: Locale }, url: string): ResetMail {
  const t = translatorFor(user.locale);
  const subject = t("passwordReset.mail.subject");
  const paragraphs = [t("passwordReset.mail.greeting", { firstName: user.firstName }), t("passwordReset.mail.intro")];
  const after = [t("passwordReset.mail.expiry"), t("passwordReset.mail.ignore"), t("passwordReset.mail.signature")];
  const linkLabel = t("passwordReset.mail.link");
  const text = `${[...paragraphs, t("mail.pair", { label: linkLabel, value: url }), ...after].join("\n\n")}\n`;
  const p = (line: string) => `<p style="margin:8px 0">${escapeXml(line)}</p>`;
  const html =
    `<!doctype html>\n<html lang="${escapeXml(user.locale)}"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>\n` +
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n` +
    `<div style="max-width:600px;margin:0 auto">\n` +
    paragraphs.map(p).join("\n") +
    `\n<p style="margin:16px 0"><a href="${escapeXml(url)}" style="color:#7b1e3a">${escapeXml(linkLabel)}</a></p>\n` +
    `<p style="margin:8px 0;font-size:12px;color:#555">${escapeXml(url)}</p>\n` +
    after.map(p).join("\n") +
    `\n</div>\n</body></html>\n`;
  return { subject, text, html };
}

/**
 * Handles the forgot-password form: when `email` has an account, signs a reset link
 * and writes it to the outbox for that address in the user's language (tag
 * `password-reset-<user id>`; decision 027: the outbox sends it and retries); when it has none,
 * signs and composes the same kind of mail for nobody and writes nothing. Either way the caller
 * answers the same, as fast. Rate limits are the caller's (the route).
 * @param email any case, trimmed and compared lower-case.
 * @param origin the shop's origin for the link, e.g. "https://shop.example" (no trailing slash).
 *   Pass a configured origin rather than the request's Host when one exists.
 * @returns whether a mail was written (false: no account). Rejects only when the database cannot
 *   be reached.
 */
export async function requestPasswordReset(db: Database, email: string, origin: string, now = Date.now()): Promise<{ written: boolean }> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, locale: users.locale, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  // The same work with or without an account: a token signed and a mail composed.
  const subject = row ?? { id: 0, firstName: "", locale: "fr-CA" as const, email: "", passwordHash: randomBytes(16).toString("hex") };
  const token = await createResetToken(subject, now);
  const mail = composeResetMail(subject, `${origin}/reset-password?${new URLSearchParams({ token })}`);
  // The same database work too: the mail is written in a transaction, rolled back when there is no
  // account, so the answer's time does not tell whether the address has one.
  try {
    await db.transaction(async (tx) => {
      await enqueueMail(tx, { to: row?.email ?? "nobody@cuvee.invalid", ...mail, tag: `password-reset-${subject.id}` });
      if (!row) throw new NoAccount();
    });
  } catch (error) {
    if (!(error instanceof NoAccount)) throw error;
  }
  return { written: row !== undefined };
}

/** Rolls back the reset mail written for an address without an account. */
class NoAccount extends Error {}
