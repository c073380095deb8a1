/**
 * Anti-robot checks of public forms (contact form): a honeypot field and a signed
 * time token.
 *
 * - Honeypot: a text input people never see nor reach (visually hidden, `aria-hidden`,
 *   `tabindex=-1`, `autocomplete=off`); a filled one marks a robot, which the caller answers
 *   exactly as a success while storing and sending nothing.
 * - Time token: `<rendered at, ms since epoch>.<HMAC-SHA-256, base64url>`, written into the form
 *   when it is rendered. The HMAC key is derived from the session secret with HKDF-SHA-256 and
 *   this purpose's own label, so the token is worthless anywhere else. A submission sooner than
 *   {@link MIN_FILL_MS} after rendering (a robot), later than {@link MAX_TOKEN_AGE_MS} (a stale
 *   page, or a token harvested long ago) or with a missing or altered token is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { purposeKey } from "~/http/purpose-keys.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { TOKEN_FIELD } from "./contact-form";

/** A person needs at least this long (ms) to fill the form. */
export const MIN_FILL_MS = 3_000;
/** A form older than this (ms) must be reloaded: 2 hours. */
export const MAX_TOKEN_AGE_MS = 2 * 60 * 60 * 1000;

/** Why a time token was refused; each has its message `contact.errors.<reason>`. */
export type FormTokenCheck = "ok" | "tooFast" | "expired" | "invalid";

const KEY_LABEL = "cuvee form time token v1";

function signature(issuedAt: string): Buffer {
  return createHmac("sha256", purposeKey(KEY_LABEL)).update(issuedAt).digest();
}

/**
 * A token saying the form was rendered at `now`.
 * @param now ms since epoch (tests pass a clock).
 * @returns e.g. `"1763650987512.q3…"` (about 57 ASCII characters).
 */
export function issueFormToken(now = Date.now()): string {
  const issuedAt = String(Math.floor(now));
  return `${issuedAt}.${signature(issuedAt).toString("base64url")}`;
}

/**
 * Checks a posted time token.
 * @param token the posted value (anything: a missing or non-string value is `"invalid"`).
 * @param now ms since epoch.
 * @returns `"ok"`, `"tooFast"` (under 3 s since rendering, or a time in the future), `"expired"`
 *   (over 2 hours) or `"invalid"` (malformed or a bad signature). Never throws.
 */
export function checkFormToken(token: unknown, now = Date.now()): FormTokenCheck {
  if (typeof token !== "string" || token.length > 200) return "invalid";
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const [, issuedAt, signed] = match as unknown as [string, string, string];
  const given = Buffer.from(signed, "base64url");
  const expected = signature(issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  const age = now - Number(issuedAt);
  if (age < MIN_FILL_MS) return "tooFast";
  if (age > MAX_TOKEN_AGE_MS) return "expired";
  return "ok";
}

/** Whether the honeypot field of a posted form holds anything but white space (a robot). */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value.trim() !== "" : value !== null;
}

/** The posted time token, as {@link checkFormToken} takes it. */
export function postedFormToken(form: FormData): unknown {
  return form.get(TOKEN_FIELD);
}
