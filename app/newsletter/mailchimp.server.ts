/**
 * The Mailchimp adapter of the newsletter (docs/product.md#newsletter "Newsletter and geolocation": POST to a
 * mailing-list provider's members endpoint, one list per region, with email_address, province,
 * provinceOption, status subscribed, merge_fields FNAME and LNAME; newsletter errors).
 *
 * One call: `POST https://<dc>.api.mailchimp.com/3.0/lists/<list>/members` with HTTP basic auth
 * (any user name, the API key as password) and the JSON body
 * `{ email_address, status: "subscribed", merge_fields: { FNAME, LNAME }, tags: [province, ...numbers] }`.
 * The province and its options (provinceOption) travel as tags, not merge fields: Mailchimp creates
 * a tag on first use, whereas a merge field must first be declared in every audience, and an
 * audience per province with its subscribers tagged by interest is what the agency segments on.
 * Each option goes as its number in the province ("1" to "5", docs/product.md#newsletter), mapped
 * here from the stored codes; a sign-up without a chosen interest gets the general newsletter, so
 * it is tagged with that interest's number (docs/decisions/014-newsletter.md, "Numbered interests").
 *
 * Plain `fetch`, not `@mailchimp/mailchimp_marketing`: that SDK ships no types, keeps its key in
 * module-global configuration, and depends on superagent 3 (2017, deprecated); one POST does not
 * need it. The call gives up after {@link MAILCHIMP_TIMEOUT_MS}.
 */
import type { MailchimpSettings } from "~/env.server";
import type { NewsletterInterest, Province } from "~/vocabulary";
import { interestNumber, interestsInOrder } from "./newsletter-forms";

/** How long a call may take before it counts as a failure (ms). */
export const MAILCHIMP_TIMEOUT_MS = 5_000;

/** What is sent for one sign-up. */
export interface MailchimpMember {
  /** Lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  province: Province;
  interests: readonly NewsletterInterest[];
}

/**
 * What Mailchimp answered (docs/product.md#newsletter): `subscribed` (2xx), `memberExists` (400 titled "Member
 * Exists"), or `failed` with a short reason for the log (another status and its title, a network
 * error, a timeout); `retryable` is false when Mailchimp refused the member itself (a 4xx other than
 * 408 and 429: an address it will never take), true otherwise.
 */
export type MailchimpResult = { kind: "subscribed" } | { kind: "memberExists" } | { kind: "failed"; reason: string; retryable: boolean };

/** The members endpoint of a province's audience. */
export function membersUrl(settings: Pick<MailchimpSettings, "dataCenter">, listId: string): string {
  return `https://${settings.dataCenter}.api.mailchimp.com/3.0/lists/${encodeURIComponent(listId)}/members`;
}

/**
 * The numbered options (provinceOption) a member is tagged with: the numbers of its interests in
 * its province, ascending, as strings ("1" to "5"); the general newsletter's number when none was
 * chosen (docs/product.md#newsletter).
 */
export function provinceOptions(member: Pick<MailchimpMember, "province" | "interests">): string[] {
  const chosen = interestsInOrder(member.province, member.interests);
  const interests: readonly NewsletterInterest[] = chosen.length > 0 ? chosen : ["generalNews"];
  return interests.map((interest) => String(interestNumber(member.province, interest)));
}

/** The JSON body of the members call: the province and its numbered options as tags. */
export function memberBody(member: MailchimpMember) {
  return {
    email_address: member.email,
    status: "subscribed" as const,
    merge_fields: { FNAME: member.firstName, LNAME: member.lastName },
    tags: [member.province, ...provinceOptions(member)],
  };
}

/**
 * Adds a member to a province's audience.
 * @param settings the configured key and data center.
 * @param listId the province's audience id.
 * @param options.timeoutMs defaults to {@link MAILCHIMP_TIMEOUT_MS}; `fetch` defaults to the global one.
 * @returns the outcome; never throws (network errors and timeouts are `failed`).
 */
export async function addMailchimpMember(
  settings: Pick<MailchimpSettings, "apiKey" | "dataCenter">,
  listId: string,
  member: MailchimpMember,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<MailchimpResult> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(membersUrl(settings, listId), {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`cuvee:${settings.apiKey}`).toString("base64")}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify(memberBody(member)),
      signal: AbortSignal.timeout(options.timeoutMs ?? MAILCHIMP_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    return {
      kind: "failed",
      reason: name === "TimeoutError" || name === "AbortError" ? "timeout" : `network (${(error as Error).message})`,
      retryable: true,
    };
  }
  if (response.ok) {
    // Read to the end (the member's JSON, a few kB), so the connection can be reused.
    await response.text().catch(() => "");
    return { kind: "subscribed" };
  }
  const title = await response
    .json()
    .then((body: unknown) => (body && typeof body === "object" && "title" in body ? String(body.title) : ""))
    .catch(() => "");
  if (response.status === 400 && title === "Member Exists") return { kind: "memberExists" };
  const retryable = response.status >= 500 || response.status === 408 || response.status === 429 || response.status < 400;
  return { kind: "failed", reason: `HTTP ${response.status}${title ? ` ${title.slice(0, 80)}` : ""}`, retryable };
}
