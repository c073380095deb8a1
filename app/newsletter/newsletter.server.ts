/**
 * Newsletter sign-ups (SPEC §3 newsletter form, §4 newsletter dialog, §7 newsletter, §8 newsletter
 * errors, §9 "Newsletter and guest cookie lifetime 1 day"; issue 9 §6).
 *
 * - Between the two steps the person (names, e-mail) waits in the signed `newsletter` cookie
 *   (`__Host-newsletter` over HTTPS), http-only, for a day; the server refuses it after a day too.
 * - Every sign-up is a row of `newsletter_signups`, one per e-mail (lower-cased) and province. An
 *   e-mail already SUBSCRIBED for the province answers "already subscribed" and the row is left as
 *   it is (nobody changes another person's interests by typing their e-mail); so does a STORED one
 *   while the province has no list. A FAILED one, or a STORED one once the list exists, is sent again.
 * - The row is written (FAILED, "not confirmed yet") before Mailchimp is called, so a sign-up is
 *   never lost, then: no Mailchimp for the province → STORED, "subscribed"; Mailchimp accepts →
 *   SUBSCRIBED, "subscribed"; 400 "Member Exists" → SUBSCRIBED, "alreadySubscribed"; anything else
 *   → stays FAILED (one log line, for a retry by the agency), "error".
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Cookie } from "react-router";
import type { Database } from "~/db/client.server";
import { newsletterSignups } from "~/db/schema";
import { getEnv, type MailchimpSettings } from "~/env.server";
import { signedCookie } from "~/http/cookies.server";
import type { Locale, NewsletterInterest, NewsletterStatus, Province } from "~/vocabulary";
import { addMailchimpMember } from "./mailchimp.server";
import { NewsletterPersonSchema, type NewsletterOutcome, type NewsletterPerson } from "./newsletter-forms";

/** SPEC §9: the newsletter cookie lives a day. */
export const NEWSLETTER_COOKIE_LIFETIME_SECONDS = 60 * 60 * 24;

let cookie: Cookie | undefined;

/** The `newsletter` cookie: signed with SESSION_SECRET, one day, http-only, SameSite=Lax. */
export function newsletterCookie(): Cookie {
  cookie ??= signedCookie("newsletter", { maxAge: NEWSLETTER_COOKIE_LIFETIME_SECONDS });
  return cookie;
}

/**
 * The person of step 1 kept for step 2, or null: no cookie, a tampered or malformed one, or one
 * saved more than a day ago.
 * @param now ms since epoch (tests pass a clock).
 */
export async function readNewsletterPerson(request: Request, now = Date.now()): Promise<NewsletterPerson | null> {
  const value: unknown = await newsletterCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { savedAt, ...person } = value as { savedAt?: unknown };
  if (typeof savedAt !== "number" || savedAt > now + 60_000 || now - savedAt > NEWSLETTER_COOKIE_LIFETIME_SECONDS * 1000) return null;
  const parsed = NewsletterPersonSchema.safeParse({ ...person, intent: "person" });
  if (!parsed.success) return null;
  const { firstName, lastName, email } = parsed.data;
  return { firstName, lastName, email };
}

/** A Set-Cookie header value keeping the person for step 2 (a day). */
export function saveNewsletterPerson(person: NewsletterPerson, now = Date.now()): Promise<string> {
  const { firstName, lastName, email } = person;
  return newsletterCookie().serialize({ firstName, lastName, email, savedAt: now });
}

/** A Set-Cookie header value forgetting the person (after an outcome, SPEC §8). */
export function forgetNewsletterPerson(): Promise<string> {
  return newsletterCookie().serialize("", { maxAge: 0 });
}

/** One sign-up: the person of step 1 and the choices of step 2. */
export interface NewsletterSignup extends NewsletterPerson {
  province: Province;
  /** Interests of `province`, each once, in the province's order (`interestsInOrder`): stored as given. */
  interests: readonly NewsletterInterest[];
  /** The visitor's language, kept with the row. */
  locale: Locale;
}

/** What {@link subscribeToNewsletter} did: the message to show and the row's status. */
export interface NewsletterResult {
  outcome: NewsletterOutcome;
  status: NewsletterStatus;
}

/**
 * Signs a person up to a province's newsletter (SPEC §7, §8; issue 9 §6).
 * @param signup a validated sign-up (trimmed names, an e-mail in any case: stored lower-cased).
 * @param options.mailchimp defaults to the configuration's (`getEnv().mailchimp`); null: keep here
 *   only. `timeoutMs` and `fetch` are passed to the Mailchimp call.
 * @returns the outcome and the row's status: `subscribed` (STORED or SUBSCRIBED),
 *   `alreadySubscribed` (an existing SUBSCRIBED/STORED row, or Mailchimp's "Member Exists":
 *   SUBSCRIBED) or `error` (FAILED). Rejects only when the database cannot be written.
 */
export async function subscribeToNewsletter(
  db: Database,
  signup: NewsletterSignup,
  options: { mailchimp?: MailchimpSettings | null; timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<NewsletterResult> {
  const email = signup.email.trim().toLowerCase();
  const values = {
    email,
    province: signup.province,
    firstName: signup.firstName,
    lastName: signup.lastName,
    locale: signup.locale,
    interests: [...signup.interests],
  };
  const settings = options.mailchimp === undefined ? getEnv().mailchimp : options.mailchimp;
  const listId = settings?.lists[signup.province] ?? null;
  // One statement: a new row, or a FAILED one tried again; a SUBSCRIBED row is left alone (nothing
  // returned), even when two sign-ups of the same e-mail race. A STORED row (kept while the province
  // had no list) is sent once its list is configured.
  const reopened: NewsletterStatus[] = listId ? ["FAILED", "STORED"] : ["FAILED"];
  const [row] = await db
    .insert(newsletterSignups)
    .values({ ...values, status: "FAILED" })
    .onConflictDoUpdate({
      target: [newsletterSignups.email, newsletterSignups.province],
      set: { ...values, status: "FAILED", updatedAt: sql`now()` },
      setWhere: inArray(newsletterSignups.status, reopened),
    })
    .returning({ id: newsletterSignups.id });
  if (!row) {
    // The row left alone: SUBSCRIBED, or STORED while the province has no list.
    const [existing] = await db
      .select({ status: newsletterSignups.status })
      .from(newsletterSignups)
      .where(and(eq(newsletterSignups.email, email), eq(newsletterSignups.province, signup.province)));
    return { outcome: "alreadySubscribed", status: existing?.status ?? "SUBSCRIBED" };
  }
  if (!settings || !listId) return settle(db, row.id, "STORED", "subscribed");
  const answer = await addMailchimpMember(settings, listId, values, options);
  if (answer.kind === "subscribed") return settle(db, row.id, "SUBSCRIBED", "subscribed");
  if (answer.kind === "memberExists") return settle(db, row.id, "SUBSCRIBED", "alreadySubscribed");
  console.error(`newsletter sign-up ${row.id} (${signup.province}): Mailchimp failed (${answer.reason}); kept as FAILED`);
  return { outcome: "error", status: "FAILED" };
}

async function settle(db: Database, id: number, status: NewsletterStatus, outcome: NewsletterOutcome): Promise<NewsletterResult> {
  await db.update(newsletterSignups).set({ status, updatedAt: sql`now()` }).where(eq(newsletterSignups.id, id));
  return { outcome, status };
}
