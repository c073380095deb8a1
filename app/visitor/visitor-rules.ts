/**
 * The visitor's first minute (docs/product.md#consent Layout dialogs, first visit): the rules of
 * the legal-drinking-age gate, the province notice and the cookie consent, as plain constants and
 * pure functions. Shared with the browser: no library, no cookie code (that is
 * `visitor-cookies.server.ts`).
 *
 * Order on a first visit: age gate → province notice → consent → the page.
 */
import { urlOfPath } from "~/http/path-url";
import type { Province } from "~/vocabulary";

/** Legal drinking age per province, in years: 18 in Quebec, 19 in Ontario. */
export const LEGAL_DRINKING_AGE = { QC: 18, ON: 19 } as const satisfies Record<Province, number>;
export type LegalAge = (typeof LEGAL_DRINKING_AGE)[Province];
/** Every legal age a visitor may confirm (what the age form may post). */
export const LEGAL_AGES = [...new Set(Object.values(LEGAL_DRINKING_AGE))] as LegalAge[];

/** A visitor's answer to the cookie consent. */
export const CONSENT_ANSWERS = ["accepted", "refused"] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];

/** With JavaScript the province notice hides after 3 s (docs/product.md#consent), unless pointed at or focused. */
export const NOTICE_HIDE_MS = 3_000;
/** With JavaScript the consent dialog opens 3.1 s after the province notice (docs/product.md#consent). */
export const CONSENT_DELAY_MS = 3_100;

/** The route that receives the dialogs' forms and shows the refusal of the age gate. */
export const VISITOR_PATH = "/visitor";
/** `?consent=open` on any page reopens the consent dialog (the footer's "Cookie preferences"). */
export const CONSENT_QUERY = { name: "consent", value: "open" } as const;
/** Where "Exit" of the consent dialog leads: an external search site (docs/product.md#consent). */
export const EXIT_URL = "https://www.google.ca/";

/**
 * Whether a visitor who confirmed being at least `confirmedAge` may enter the shop of `province`.
 * A confirmation covers every province whose legal age is not higher: 19 (Ontario) covers Quebec,
 * 18 (Quebec) does not cover Ontario.
 * @param confirmedAge the age the visitor confirmed (years), or null when never asked
 */
export function isOfLegalAge(confirmedAge: number | null, province: Province): boolean {
  return confirmedAge !== null && confirmedAge >= LEGAL_DRINKING_AGE[province];
}

/** What the layout shows a visitor on this page (the root loader's `visitor`). */
export interface VisitorState {
  /** The age question shown instead of the page's content, or null (confirmed, or a crawler). */
  ageGate: { province: Province; age: LegalAge } | null;
  /** The province notice of a first visit (marker cookie absent). */
  notice: { province: Province } | null;
  /** The consent dialog, or null when it stays closed. */
  consent: {
    province: Province;
    /** The answer already given for this province (when reopened from the footer), or null. */
    current: ConsentAnswer | null;
    /** Opened by the visitor (`?consent=open`), not by a missing answer: no delay. */
    reopened: boolean;
  } | null;
}

/** A crawler's state, and the state of pages that show no dialog: nothing in the way. */
export const NOTHING_IN_THE_WAY: VisitorState = { ageGate: null, notice: null, consent: null };

/** The visitor's answers as read from their cookies (see `visitor-cookies.server.ts`). */
export interface VisitorAnswers {
  /** The age confirmed, in years, or null. */
  confirmedAge: number | null;
  /** Whether the first-visit marker is present (the notice was shown within a day). */
  noticeSeen: boolean;
  /** The consent answer given for each province, or null. */
  consent: Record<Province, ConsentAnswer | null>;
}

/**
 * What to show (docs/product.md#consent first visit). Until the age is confirmed for the province, only the gate;
 * then the notice while the first-visit marker is absent, and the consent while the province has
 * no answer or when the visitor reopens it.
 * @param answers the visitor's cookies, read
 * @param page `province` of the page, `crawler` (isbot), `exempt` (the refusal page itself) and
 *   `consentRequested` (`?consent=open`)
 */
export function visitorState(
  answers: VisitorAnswers,
  page: { province: Province; crawler: boolean; exempt: boolean; consentRequested: boolean },
): VisitorState {
  if (page.crawler || page.exempt) return NOTHING_IN_THE_WAY;
  const { province } = page;
  if (!isOfLegalAge(answers.confirmedAge, province)) {
    return { ageGate: { province, age: LEGAL_DRINKING_AGE[province] }, notice: null, consent: null };
  }
  const current = answers.consent[province];
  return {
    ageGate: null,
    notice: answers.noticeSeen ? null : { province },
    consent: current === null || page.consentRequested ? { province, current, reopened: page.consentRequested } : null,
  };
}

/** The same path and query without `?consent=open`: where answering the consent returns. */
export function withoutConsentQuery(pathAndQuery: string): string {
  const url = urlOfPath(pathAndQuery);
  url.searchParams.delete(CONSENT_QUERY.name);
  return url.pathname + url.search + url.hash;
}

/** The same path and query with `?consent=open`: the footer's link that reopens the consent. */
export function withConsentQuery(pathAndQuery: string): string {
  const url = urlOfPath(pathAndQuery);
  url.searchParams.set(CONSENT_QUERY.name, CONSENT_QUERY.value);
  return url.pathname + url.search;
}
