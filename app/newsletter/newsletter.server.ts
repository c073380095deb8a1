/**
 * Newsletter sign-ups (docs/product.md#newsletter newsletter form, newsletter dialog, newsletter, newsletter
 * errors, "Newsletter and guest cookie lifetime 1 day").
 *
 * - Between the two steps the person (names, e-mail) waits in the signed `newsletter` cookie
 *   (`__Host-newsletter` over HTTPS), http-only, for a day; the server refuses it after a day too.
 * - Every sign-up is a row of `newsletter_signups`, one per e-mail (lower-cased) and province. An
 *   e-mail already SUBSCRIBED for the province answers "already subscribed" and the row is left as
 *   it is (nobody changes another person's interests by typing their e-mail); so does a STORED one
 *   while the province has no list. A FAILED one, or a STORED one once the list exists, is sent again.
 * - No Mailchimp for the province: the row is STORED, "subscribed".
 * - Otherwise the row (PENDING) and its Mailchimp job are written in one transaction to the outbox
 *   (decision 027), so a sign-up is never lost, and the request carries the job out at once:
 *   Mailchimp accepts → SUBSCRIBED, "subscribed"; 400 "Member Exists" → SUBSCRIBED,
 *   "alreadySubscribed"; anything else → FAILED, "subscribed" all the same: the sign-up is saved
 *   and the outbox tries again with back-off (staff see it on `/agence/envois` if it never goes).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Cookie } from "react-router";
import type { Database } from "~/db/client.server";
import { newsletterSignups } from "~/db/schema";
import { getEnv, type MailchimpSettings } from "~/env.server";
import { signedCookie } from "~/http/cookies.server";
import { carryOutHeld, enqueueHeld, type HeldMessage, OutboxFailure } from "~/outbox/outbox.server";
import type { Locale, NewsletterInterest, NewsletterStatus, Province } from "~/vocabulary";
import { addMailchimpMember } from "./mailchimp.server";
import { type NewsletterOutcome, type NewsletterPerson, NewsletterPersonSchema } from "./newsletter-forms";

/** docs/product.md#newsletter: the newsletter cookie lives a day. */
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

/** A Set-Cookie header value forgetting the person (after an outcome, docs/product.md#newsletter). */
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

/** How a sign-up reaches Mailchimp: the configuration's by default; `timeoutMs` and `fetch` for tests. */
export interface MailchimpDelivery {
  /** Defaults to the configuration's (`getEnv().mailchimp`); null: keep sign-ups here only. */
  mailchimp?: MailchimpSettings | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Signs a person up to a province's newsletter (docs/product.md#newsletter; decision 027): writes the
 * sign-up ({@link writeNewsletterSignup}), then tries its Mailchimp job at once
 * ({@link tryNewsletterSignup}).
 * @param signup a validated sign-up (trimmed names, an e-mail in any case: stored lower-cased).
 * @param options how Mailchimp is reached (see {@link MailchimpDelivery}).
 * @returns the outcome and the row's status after the first try: `subscribed` (STORED,
 *   SUBSCRIBED, or FAILED and queued for a retry by the outbox) or `alreadySubscribed` (an existing
 *   SUBSCRIBED/STORED row, or Mailchimp's "Member Exists": SUBSCRIBED). Rejects only when the
 *   database cannot be written.
 */
export async function subscribeToNewsletter(
  db: Database,
  signup: NewsletterSignup,
  options: MailchimpDelivery = {},
): Promise<NewsletterResult> {
  const written = await db.transaction((tx) => writeNewsletterSignup(tx, signup, options));
  return tryNewsletterSignup(db, written, options);
}

/** What {@link writeNewsletterSignup} wrote, for {@link tryNewsletterSignup}. */
export type WrittenSignup =
  { kind: "left-alone"; email: string; province: Province } | { kind: "stored" } | { kind: "queued"; signupId: number; job: HeldMessage };

/**
 * Writes a sign-up in the caller's transaction `db`: a new row, or a FAILED (or PENDING) one tried
 * again; a SUBSCRIBED row is left alone, even when two sign-ups of the same e-mail race. A STORED
 * row (kept while the province had no list) is sent once its list is configured. With a list, the
 * row is PENDING and its one Mailchimp job (renewed on a new sign-up) is written to the outbox,
 * held for the caller to try once the transaction commits.
 */
export async function writeNewsletterSignup(
  db: Database,
  signup: NewsletterSignup,
  options: MailchimpDelivery = {},
): Promise<WrittenSignup> {
  const email = signup.email.trim().toLowerCase();
  const values = {
    email,
    province: signup.province,
    firstName: signup.firstName,
    lastName: signup.lastName,
    locale: signup.locale,
    interests: [...signup.interests],
  };
  const audience = audienceOf(options, signup.province);
  const reopened: NewsletterStatus[] = audience ? ["FAILED", "PENDING", "STORED"] : ["FAILED", "PENDING"];
  const status: NewsletterStatus = audience ? "PENDING" : "STORED";
  const [row] = await db
    .insert(newsletterSignups)
    .values({ ...values, status })
    .onConflictDoUpdate({
      target: [newsletterSignups.email, newsletterSignups.province],
      set: { ...values, status, updatedAt: sql`now()` },
      setWhere: inArray(newsletterSignups.status, reopened),
    })
    .returning({ id: newsletterSignups.id });
  if (!row) return { kind: "left-alone", email, province: signup.province };
  if (!audience) return { kind: "stored" };
  const job = await enqueueHeld(db, { kind: "mailchimp-subscribe", signupId: row.id }, { dedupeKey: `newsletter-${row.id}` });
  return { kind: "queued", signupId: row.id, job };
}

/**
 * After the commit of {@link writeNewsletterSignup}: tries the held Mailchimp job now, so the
 * visitor reads Mailchimp's answer; a failure is left to the outbox's retries.
 * @returns the outcome to show and the row's status.
 */
export async function tryNewsletterSignup(
  db: Database,
  written: WrittenSignup,
  options: MailchimpDelivery = {},
): Promise<NewsletterResult> {
  if (written.kind === "stored") return { outcome: "subscribed", status: "STORED" };
  if (written.kind === "left-alone") {
    const [existing] = await db
      .select({ status: newsletterSignups.status })
      .from(newsletterSignups)
      .where(and(eq(newsletterSignups.email, written.email), eq(newsletterSignups.province, written.province)));
    return { outcome: "alreadySubscribed", status: existing?.status ?? "SUBSCRIBED" };
  }
  let memberExists = false;
  await carryOutHeld(
    db,
    {
      email: () => Promise.reject(new OutboxFailure("not a newsletter job", true)),
      "mailchimp-subscribe": async (signupId) => {
        memberExists = (await deliverNewsletterSignup(db, signupId, options)) === "memberExists";
      },
    },
    written.job,
  );
  const [row] = await db
    .select({ status: newsletterSignups.status })
    .from(newsletterSignups)
    .where(eq(newsletterSignups.id, written.signupId));
  return { outcome: memberExists ? "alreadySubscribed" : "subscribed", status: row?.status ?? "PENDING" };
}

/** The Mailchimp settings to use and the province's audience, or null when it has none. */
function audienceOf(options: MailchimpDelivery, province: Province): { settings: MailchimpSettings; listId: string } | null {
  const settings = options.mailchimp === undefined ? getEnv().mailchimp : options.mailchimp;
  const listId = settings?.lists[province] ?? null;
  return settings && listId ? { settings, listId } : null;
}

/**
 * Sends one sign-up to its province's Mailchimp audience: the outbox's `mailchimp-subscribe` job
 * (decision 027). A row already SUBSCRIBED or STORED is left as it is; a province without a list
 * (configuration changed since) makes it STORED.
 * @returns what was done: "subscribed", "memberExists" (both: SUBSCRIBED), "stored", "unchanged"
 *   (no such row, or nothing left to send).
 * @throws an OutboxFailure after setting the row FAILED when Mailchimp failed, its reason the HTTP
 *   status, "timeout" or the network error; permanent when Mailchimp refused the member for good
 *   (a 4xx other than 408/429: no retry), else retried by the outbox.
 */
export async function deliverNewsletterSignup(
  db: Database,
  signupId: number,
  options: MailchimpDelivery = {},
): Promise<"subscribed" | "memberExists" | "stored" | "unchanged"> {
  const [row] = await db.select().from(newsletterSignups).where(eq(newsletterSignups.id, signupId));
  if (!row || (row.status !== "PENDING" && row.status !== "FAILED")) return "unchanged";
  const audience = audienceOf(options, row.province);
  if (!audience) {
    await settle(db, row.id, "STORED");
    return "stored";
  }
  const answer = await addMailchimpMember(audience.settings, audience.listId, row, options);
  if (answer.kind === "subscribed" || answer.kind === "memberExists") {
    await settle(db, row.id, "SUBSCRIBED");
    return answer.kind;
  }
  await settle(db, row.id, "FAILED");
  throw new OutboxFailure(`Mailchimp ${answer.reason}`, !answer.retryable);
}

async function settle(db: Database, id: number, status: NewsletterStatus): Promise<void> {
  await db
    .update(newsletterSignups)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(newsletterSignups.id, id));
}
