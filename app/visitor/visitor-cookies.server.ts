/**
 * The visitor's answers, each in its own signed, http-only cookie (docs/product.md#how-the-shop-is-built;
 * docs/decisions/015-visitor-dialogs.md lists every cookie of the shop and why):
 *
 * | cookie | value | lifetime |
 * |---|---|---|
 * | `age` | `{ age }`: the legal age confirmed (18 or 19) | 30 days |
 * | `visited` | first-visit marker (docs/product.md#consent) | 1 day |
 * | `consent-qc`, `consent-on` | `{ answer, at }` per province (docs/product.md#consent) | 180 days with "remember me", else the browser session |
 *
 * Over HTTPS the names carry the `__Host-` prefix (app/http/cookies.server.ts). A missing,
 * unsigned, tampered or malformed cookie reads as "not answered"; reading never throws.
 */
import type { Cookie } from "react-router";
import { z } from "zod";
import { signedCookie } from "~/http/cookies.server";
import { type Province, PROVINCES } from "~/vocabulary";
import { CONSENT_ANSWERS, type ConsentAnswer, LEGAL_AGES, type LegalAge, type VisitorAnswers } from "./visitor-rules";

const DAY_SECONDS = 24 * 60 * 60;
/** How long an age confirmation is remembered: 30 days, then the question comes back. */
export const AGE_CONFIRMATION_SECONDS = 30 * DAY_SECONDS;
/** The first-visit marker lives 1 day (docs/product.md#consent). */
export const FIRST_VISIT_MARKER_SECONDS = DAY_SECONDS;
/** A consent answer given with "remember me": 180 days; without it, until the browser closes. */
export const REMEMBERED_CONSENT_SECONDS = 180 * DAY_SECONDS;

const AgeValue = z.object({ age: z.number().refine((age) => (LEGAL_AGES as number[]).includes(age)) });
const ConsentValue = z.object({ answer: z.enum(CONSENT_ANSWERS), at: z.string().max(40) });

/** The cookies of the visitor's answers and how to read and write them. */
export interface VisitorCookies {
  /** Reads every answer from a request's `Cookie` header (null: none). */
  read(cookieHeader: string | null): Promise<VisitorAnswers>;
  /**
   * A `Set-Cookie` value remembering that the visitor is at least `age`. A higher age confirmed
   * before is kept (19 covers Quebec's 18).
   * @param previous the age confirmed so far, or null
   */
  confirmAge(age: LegalAge, previous: number | null): Promise<string>;
  /** A `Set-Cookie` value of the first-visit marker (1 day). */
  markNoticeSeen(): Promise<string>;
  /**
   * A `Set-Cookie` value storing a consent answer for one province.
   * @param remember true: kept {@link REMEMBERED_CONSENT_SECONDS}; false: a session cookie
   * @param now the time recorded with the answer
   */
  rememberConsent(province: Province, answer: ConsentAnswer, remember: boolean, now?: Date): Promise<string>;
}

/**
 * Builds the visitor cookies ({@link signedCookie}s: `__Host-` names and Secure in production).
 * The server uses {@link visitorCookies}; tests and the bench may build their own.
 * @param options.secrets signing secrets, newest first (default: the server's SESSION_SECRET)
 */
export function createVisitorCookies(options: { secrets?: string[] } = {}): VisitorCookies {
  const make = (base: string, maxAge: number | undefined): Cookie => signedCookie(base, { maxAge, secrets: options.secrets });
  const age = make("age", AGE_CONFIRMATION_SECONDS);
  const visited = make("visited", FIRST_VISIT_MARKER_SECONDS);
  // No Max-Age by default: a session cookie unless the answer is remembered.
  const consent = Object.fromEntries(PROVINCES.map((p) => [p, make(`consent-${p.toLowerCase()}`, undefined)])) as Record<Province, Cookie>;
  const parse = async (cookie: Cookie, header: string | null): Promise<unknown> => {
    try {
      return await cookie.parse(header);
    } catch {
      return null;
    }
  };
  return {
    async read(header) {
      const [ageValue, visitedValue, ...consentValues] = await Promise.all([
        parse(age, header),
        parse(visited, header),
        ...PROVINCES.map((p) => parse(consent[p], header)),
      ]);
      const confirmed = AgeValue.safeParse(ageValue);
      return {
        confirmedAge: confirmed.success ? confirmed.data.age : null,
        noticeSeen: visitedValue === 1,
        consent: Object.fromEntries(
          PROVINCES.map((p, i) => {
            const answer = ConsentValue.safeParse(consentValues[i]);
            return [p, answer.success ? answer.data.answer : null];
          }),
        ) as Record<Province, ConsentAnswer | null>,
      };
    },
    confirmAge(confirmedAge, previous) {
      return age.serialize({ age: Math.max(confirmedAge, previous ?? 0) });
    },
    markNoticeSeen() {
      return visited.serialize(1);
    },
    rememberConsent(province, answer, remember, now = new Date()) {
      return consent[province].serialize({ answer, at: now.toISOString() }, remember ? { maxAge: REMEMBERED_CONSENT_SECONDS } : {});
    },
  };
}

let cookies: VisitorCookies | undefined;

/** The server's visitor cookies, signed with SESSION_SECRET. */
export function visitorCookies(): VisitorCookies {
  cookies ??= createVisitorCookies();
  return cookies;
}
