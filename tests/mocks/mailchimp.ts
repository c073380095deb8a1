/**
 * The one msw mock of Mailchimp's Marketing API for tests: `POST
 * https://<dc>.api.mailchimp.com/3.0/lists/:listId/members`, the only call the shop makes.
 *
 * Compose with other handlers: `setupServer(...mailchimpHandlers)` from `msw/node` (msw catches
 * Node's global `fetch`). It answers as Mailchimp does: 200 with the member; 400 titled
 * "Member Exists" for an address already in the audience; 400 "Invalid Resource" for a malformed
 * address or status; 401 "API Key Invalid" for another key; 404 "Resource Not Found" for an
 * unknown audience. {@link mailchimpFailure} simulates an outage (500), a network error or a slow
 * answer (for timeouts).
 *
 * The store is module-level, shared by every test in a file: call {@link resetMailchimpMock} in
 * `afterEach`.
 */
import { delay, http, HttpResponse } from "msw";
import type { MailchimpSettings } from "~/env.server";

/** Settings of a configured shop, as `getEnv().mailchimp` would give them. */
export const MAILCHIMP_TEST_SETTINGS: MailchimpSettings = {
  apiKey: "0123456789abcdef0123456789abcdef-us21",
  dataCenter: "us21",
  lists: { QC: "a1b2c3d4e5", ON: "f6a7b8c9d0" },
};

/** A member as the mock stored it (the subset of Mailchimp's JSON the tests read). */
export interface MockMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

/** One call as the mock received it. */
export interface MailchimpCall {
  listId: string;
  dataCenter: string;
  authorization: string | null;
  body: unknown;
}

type Failure = "none" | "server" | "network" | "slow";

let audiences = new Map<string, Map<string, MockMember>>();
let calls: MailchimpCall[] = [];
let failure: Failure = "none";

/** Empties the audiences and the calls, and ends any failure. */
export function resetMailchimpMock(): void {
  audiences = new Map();
  calls = [];
  failure = "none";
}

/**
 * From now on every call fails: `server` answers 500 (Mailchimp's problem JSON), `network` drops
 * the connection, `slow` answers only after 10 s (longer than the shop waits); `none` ends it.
 */
export function mailchimpFailure(kind: Failure): void {
  failure = kind;
}

/** Puts an address in an audience, as if it had subscribed elsewhere. */
export function addMailchimpMember(listId: string, email: string): void {
  audience(listId).set(email.toLowerCase(), { email_address: email, status: "subscribed", merge_fields: {}, tags: [] });
}

/** The members of an audience (copies). */
export function mailchimpMembers(listId: string): MockMember[] {
  return [...audience(listId).values()].map((member) => structuredClone(member));
}

/** Every call received (copies), oldest first. */
export function mailchimpCalls(): MailchimpCall[] {
  return calls.map((call) => structuredClone(call));
}

function audience(listId: string): Map<string, MockMember> {
  let found = audiences.get(listId);
  if (!found) {
    found = new Map();
    audiences.set(listId, found);
  }
  return found;
}

/** Mailchimp's error shape (RFC 7807 problem details). */
function problem(status: number, title: string, detail: string) {
  return HttpResponse.json(
    { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: crypto.randomUUID() },
    { status, headers: { "Content-Type": "application/problem+json; charset=utf-8" } },
  );
}

/** Whether basic auth carries the test key (Mailchimp ignores the user name). */
function authorized(header: string | null): boolean {
  if (!header?.startsWith("Basic ")) return false;
  const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8");
  return decoded.slice(decoded.indexOf(":") + 1) === MAILCHIMP_TEST_SETTINGS.apiKey;
}

/** The msw handlers. */
export const mailchimpHandlers = [
  http.post("https://:dc.api.mailchimp.com/3.0/lists/:listId/members", async ({ request, params }) => {
    const listId = String(params.listId);
    const authorization = request.headers.get("Authorization");
    const body: unknown = await request.json().catch(() => null);
    calls.push({ listId, dataCenter: String(params.dc), authorization, body });
    if (failure === "network") return HttpResponse.error();
    if (failure === "slow") await delay(10_000);
    if (failure === "server")
      return problem(
        500,
        "Internal Server Error",
        "An unexpected internal error has occurred. Please contact Support for more information.",
      );
    if (!authorized(authorization))
      return problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    if (!Object.values(MAILCHIMP_TEST_SETTINGS.lists).includes(listId))
      return problem(404, "Resource Not Found", "The requested resource could not be found.");
    const member = body as Partial<MockMember> | null;
    const email = typeof member?.email_address === "string" ? member.email_address : "";
    if (
      !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ||
      !["subscribed", "pending", "unsubscribed", "cleaned"].includes(String(member?.status))
    ) {
      return problem(
        400,
        "Invalid Resource",
        "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
      );
    }
    const members = audience(listId);
    if (members.has(email.toLowerCase())) {
      return problem(400, "Member Exists", `${email} is already a list member. Use PUT to insert or update list members.`);
    }
    const stored: MockMember = {
      email_address: email,
      status: String(member!.status),
      merge_fields: { ...(member!.merge_fields ?? {}) },
      tags: Array.isArray(member!.tags) ? member!.tags.map(String) : [],
    };
    members.set(email.toLowerCase(), stored);
    return HttpResponse.json({ id: crypto.randomUUID().replace(/-/g, ""), list_id: listId, ...stored });
  }),
];
