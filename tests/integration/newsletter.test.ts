/**
 * Newsletter sign-ups (docs/product.md#newsletter validation, the members call, outcomes, the
 * day-long cookie) through the `/newsletter` route and `subscribeToNewsletter`, with Mailchimp
 * mocked by msw: the short form's validation and cookie, step 2's province and interests, the
 * outcomes (success, Member Exists → SUBSCRIBED, 500 / network / timeout → FAILED and kept, not
 * configured → STORED), an address already signed up, the honeypot and the rate limit.
 *
 * This file's configuration has Mailchimp for Quebec only (MAILCHIMP_LIST_ID_QC): Ontario
 * sign-ups through the route show the "not configured" path.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newsletterSignups, outboxMessages } from "~/db/schema";
import { getEnv } from "~/env.server";
import { requestContext } from "~/http/request-context";
import {
  NEWSLETTER_COOKIE_LIFETIME_SECONDS,
  readNewsletterPerson,
  saveNewsletterPerson,
  subscribeToNewsletter,
} from "~/newsletter/newsletter.server";
import { action as newsletterAction, loader as newsletterLoader } from "~/routes/newsletter";
import {
  addMailchimpMember,
  MAILCHIMP_TEST_SETTINGS,
  mailchimpCalls,
  mailchimpFailure,
  mailchimpHandlers,
  mailchimpMembers,
  resetMailchimpMock,
} from "../mocks/mailchimp";
import { routeArgs } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own before any app module reads it.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-newsletter-test-"));
  process.env.MAILCHIMP_API_KEY = "0123456789abcdef0123456789abcdef-us21";
  process.env.MAILCHIMP_LIST_ID_QC = "a1b2c3d4e5";
  process.env.MAILCHIMP_LIST_ID_ON = "";
});

const server = setupServer(...mailchimpHandlers);
const QC_LIST = MAILCHIMP_TEST_SETTINGS.lists.QC!;

let testDb: TestDatabase;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  testDb = await createTestDatabase({ seed: "none" });
});
afterEach(() => resetMailchimpMock());
afterAll(async () => {
  server.close();
  await testDb?.close();
});

let clients = 0;

interface Answer {
  status: number;
  location: string | null;
  /** The `newsletter` cookie set, as `name=value` (empty value: forgotten), or null. */
  cookie: string | null;
  setCookie: string | null;
  data: Record<string, unknown> | undefined;
}

/** Posts to /newsletter from a client address of its own (unless given), with the newsletter cookie when given. */
async function post(
  fields: Record<string, string | string[]>,
  options: { cookie?: string | null; clientAddress?: string } = {},
): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (options.cookie) headers.Cookie = options.cookie;
  const args = (await routeArgs(testDb.db, "/newsletter", { init: { method: "POST", body, headers } })) as {
    context: { set(key: unknown, value: unknown): void };
  };
  args.context.set(requestContext, { nonce: "", clientAddress: options.clientAddress ?? `198.51.100.${++clients}` });
  const answer = (status: number, location: string | null, headerList: Headers | undefined, data?: Record<string, unknown>): Answer => {
    const setCookie = headerList?.get("Set-Cookie") ?? null;
    return { status, location, setCookie, cookie: setCookie ? setCookie.split(";")[0]! : null, data };
  };
  try {
    const result = (await newsletterAction(args as never)) as unknown as {
      data: Record<string, unknown>;
      init?: { status?: number; headers?: HeadersInit };
    };
    return answer(result.init?.status ?? 200, null, new Headers(result.init?.headers), result.data);
  } catch (thrown) {
    if (thrown instanceof Response) return answer(thrown.status, thrown.headers.get("Location"), thrown.headers);
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit") return answer(refused.init?.status ?? 500, null, undefined);
    throw thrown;
  }
}

const person = (overrides: Record<string, string> = {}) => ({
  intent: "person",
  mode: "page",
  firstName: "  Zoé ",
  lastName: "Roy",
  email: "Zoe.Roy@Example.com ",
  website: "",
  ...overrides,
});

/** Step 1 then step 2, as the pages do; returns step 2's answer. */
async function signUp(email: string, step2: Record<string, string | string[]>, mode: "page" | "dialog" = "page"): Promise<Answer> {
  const first = await post(person({ email, mode }));
  expect(first.status, "step 1").toBe(mode === "page" ? 303 : 200);
  return post({ intent: "interests", mode, ...step2 }, { cookie: first.cookie });
}

const rowOf = async (email: string, province = "QC") =>
  (
    await testDb.db
      .select()
      .from(newsletterSignups)
      .where(and(eq(newsletterSignups.email, email), eq(newsletterSignups.province, province as "QC")))
  )[0];

/** The outbox's Mailchimp jobs of a sign-up, newest first. */
const jobsOf = async (email: string, province = "QC") => {
  const signup = await rowOf(email, province);
  return testDb.db
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.job}->>'kind' = 'mailchimp-subscribe' and (${outboxMessages.job}->>'signupId')::int = ${signup!.id}`)
    .orderBy(desc(outboxMessages.id));
};

describe("newsletter short form (step 1)", () => {
  it("refuses missing names and e-mail with the spec's messages (400), values kept", async () => {
    const refused = await post(person({ firstName: "   ", lastName: "", email: "" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ kind: "refused", step: "person" });
    const result = refused.data!.result as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(result.error).toEqual({
      firstName: ["auth.errors.firstNameRequired"],
      lastName: ["auth.errors.lastNameRequired"],
      email: ["auth.errors.emailRequired"],
    });
    expect(refused.cookie).toBeNull();
    const malformed = await post(person({ email: "pas-un-courriel", lastName: "x".repeat(81) }));
    expect(malformed.status).toBe(400);
    expect((malformed.data!.result as { error: unknown }).error).toEqual({
      email: ["auth.errors.emailInvalid"],
      lastName: ["auth.errors.tooLong"],
    });
    expect((malformed.data!.result as { initialValue: unknown }).initialValue).toMatchObject({
      firstName: "  Zoé ",
      email: "pas-un-courriel",
    });
  });

  it("keeps the person, trimmed, in a signed http-only cookie for a day and goes to step 2 (303)", async () => {
    const accepted = await post(person());
    expect(accepted).toMatchObject({ status: 303, location: "/newsletter" });
    expect(accepted.setCookie).toMatch(/^newsletter=[^;]+;.*Max-Age=86400/);
    expect(accepted.setCookie).toMatch(/HttpOnly/);
    expect(accepted.setCookie).toMatch(/SameSite=Lax/);
    const page = await newsletterLoader(await routeArgs(testDb.db, "/newsletter", { init: { headers: { Cookie: accepted.cookie! } } }));
    expect(page).toMatchObject({
      person: { firstName: "Zoé", lastName: "Roy", email: "Zoe.Roy@Example.com" },
      province: "QC",
      outcome: null,
    });
    // The province is preselected from the preferences, or chosen in the query.
    const ontario = await newsletterLoader(
      await routeArgs(testDb.db, "/newsletter", { preferences: { province: "ON" }, init: { headers: { Cookie: accepted.cookie! } } }),
    );
    expect(ontario.province).toBe("ON");
    const chosen = await newsletterLoader(await routeArgs(testDb.db, "/newsletter?province=ON"));
    expect(chosen).toMatchObject({ province: "ON", person: null });
  });

  it("answers the footer's fetcher (mode=dialog) with the person, so the dialog opens", async () => {
    const accepted = await post(person({ mode: "dialog" }));
    expect(accepted.status).toBe(200);
    expect(accepted.data).toEqual({ kind: "chooseInterests", person: { firstName: "Zoé", lastName: "Roy", email: "Zoe.Roy@Example.com" } });
    expect(accepted.cookie).toMatch(/^newsletter=.+/);
  });

  it("refuses a tampered cookie and one older than a day", async () => {
    const cookie = await saveNewsletterPerson({ firstName: "Zoé", lastName: "Roy", email: "zoe@example.com" }, Date.now());
    const pair = cookie.split(";")[0]!;
    const request = (value: string) => new Request("http://shop.test/newsletter", { headers: { Cookie: value } });
    expect(await readNewsletterPerson(request(pair))).toEqual({ firstName: "Zoé", lastName: "Roy", email: "zoe@example.com" });
    expect(await readNewsletterPerson(request(pair), Date.now() + NEWSLETTER_COOKIE_LIFETIME_SECONDS * 1000 + 1000)).toBeNull();
    const [name, value] = pair.split("=") as [string, string];
    expect(await readNewsletterPerson(request(`${name}=${value.slice(0, -3)}abc`))).toBeNull();
    expect(await readNewsletterPerson(request("newsletter=garbage"))).toBeNull();
  });
});

describe("newsletter step 2 and its outcomes", () => {
  it("sends a Quebec sign-up to Mailchimp (members endpoint, basic auth, FNAME/LNAME, province and numbered interests as tags) → SUBSCRIBED, 'Thank you for subscribing!'", async () => {
    const answer = await signUp("Success@Example.com", { province: "QC", interests: ["3", "1", "3"] });
    expect(answer).toMatchObject({ status: 303, location: "/newsletter?outcome=subscribed" });
    // The person is forgotten.
    expect(answer.setCookie).toMatch(/^newsletter=;.*Max-Age=0/);
    const [call] = mailchimpCalls();
    expect(call).toMatchObject({ listId: QC_LIST, dataCenter: "us21" });
    expect(Buffer.from(call!.authorization!.replace(/^Basic /, ""), "base64").toString()).toMatch(
      /:0123456789abcdef0123456789abcdef-us21$/,
    );
    expect(call!.body).toEqual({
      email_address: "success@example.com",
      status: "subscribed",
      merge_fields: { FNAME: "Zoé", LNAME: "Roy" },
      // Posted as numbers, stored as codes, sent as numbers: 1 arrivals at the SAQ, 3 our events.
      tags: ["QC", "1", "3"],
    });
    expect(mailchimpMembers(QC_LIST).map((m) => m.email_address)).toEqual(["success@example.com"]);
    expect(await rowOf("success@example.com")).toMatchObject({
      status: "SUBSCRIBED",
      firstName: "Zoé",
      lastName: "Roy",
      locale: "fr-CA",
      interests: ["arrivalAtSAQ", "ourEvents"],
    });
    const page = await newsletterLoader(await routeArgs(testDb.db, "/newsletter?outcome=subscribed"));
    expect(page).toMatchObject({ outcome: "subscribed", person: null });
  });

  it("answers a second sign-up of the same e-mail and province 'You are already subscribed!' without calling Mailchimp, the row unchanged", async () => {
    await signUp("twice@example.com", { province: "QC", interests: "4" });
    expect(mailchimpCalls()).toHaveLength(1);
    const again = await signUp("TWICE@example.com", { province: "QC", interests: "2" });
    expect(again.location).toBe("/newsletter?outcome=alreadySubscribed");
    expect(mailchimpCalls()).toHaveLength(1);
    expect(await rowOf("twice@example.com")).toMatchObject({ status: "SUBSCRIBED", interests: ["ourRestaurant"] });
    // The other province is another newsletter (Ontario has no audience here: kept, STORED).
    const ontario = await signUp("twice@example.com", { province: "ON", interests: "4" });
    expect(ontario.location).toBe("/newsletter?outcome=subscribed");
    expect(await rowOf("twice@example.com", "ON")).toMatchObject({ status: "STORED", interests: ["lcbo"] });
  });

  it("marks an address Mailchimp already has ('Member Exists') SUBSCRIBED and answers 'You are already subscribed!'", async () => {
    addMailchimpMember(QC_LIST, "member@example.com");
    const answer = await signUp("Member@example.com", { province: "QC" });
    expect(answer.location).toBe("/newsletter?outcome=alreadySubscribed");
    expect(await rowOf("member@example.com")).toMatchObject({ status: "SUBSCRIBED", interests: [] });
    // No interest chosen: the general newsletter, option 5.
    expect(mailchimpCalls()[0]!.body).toMatchObject({ email_address: "member@example.com", tags: ["QC", "5"] });
    // The fetcher gets the same outcome as data, and the cookie is cleared too.
    addMailchimpMember(QC_LIST, "member2@example.com");
    const dialog = await signUp("member2@example.com", { province: "QC" }, "dialog");
    expect(dialog).toMatchObject({ status: 200, data: { kind: "outcome", outcome: "alreadySubscribed" } });
    expect(dialog.setCookie).toMatch(/Max-Age=0/);
  });

  it("keeps the sign-up on a 500 and thanks the visitor, never a 500 page; the outbox tries again with back-off and it goes through", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    mailchimpFailure("server");
    const failed = await signUp("outage@example.com", { province: "QC", interests: "3" }, "dialog");
    expect(failed).toMatchObject({ status: 200, data: { kind: "outcome", outcome: "subscribed" } });
    expect(failed.setCookie).toMatch(/^newsletter=;.*Max-Age=0/);
    expect(await rowOf("outage@example.com")).toMatchObject({ status: "FAILED", interests: ["ourEvents"] });
    const [job] = await jobsOf("outage@example.com");
    expect(job).toMatchObject({ status: "FAILED", attempts: 1, lastError: "Mailchimp HTTP 500 Internal Server Error" });
    expect(job!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Mailchimp HTTP 500"));
    expect(errors.mock.calls.flat().join(" ")).not.toContain("outage@example.com");
    errors.mockRestore();

    // Mailchimp is back; the outbox's next try (made due now) subscribes the kept sign-up.
    mailchimpFailure("none");
    await testDb.db.update(outboxMessages).set({ nextAttemptAt: new Date() }).where(eq(outboxMessages.id, job!.id));
    expect(await sendOutbox(testDb.db)).toMatchObject({ sent: 1 });
    expect(await rowOf("outage@example.com")).toMatchObject({ status: "SUBSCRIBED", interests: ["ourEvents"] });
    expect((await jobsOf("outage@example.com"))[0]).toMatchObject({ status: "SENT" });
  });

  it("counts a network error and a timeout as failures to try again (FAILED), and a refused address as given up (DEAD)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const signup = { firstName: "Léo", lastName: "Gagnon", province: "QC" as const, interests: [], locale: "en-US" as const };
    mailchimpFailure("network");
    expect(
      await subscribeToNewsletter(testDb.db, { ...signup, email: "network@example.com" }, { mailchimp: MAILCHIMP_TEST_SETTINGS }),
    ).toMatchObject({
      outcome: "subscribed",
      status: "FAILED",
    });
    expect((await jobsOf("network@example.com"))[0]).toMatchObject({ status: "FAILED" });
    mailchimpFailure("slow");
    const started = Date.now();
    expect(
      await subscribeToNewsletter(
        testDb.db,
        { ...signup, email: "slow@example.com" },
        { mailchimp: MAILCHIMP_TEST_SETTINGS, timeoutMs: 200 },
      ),
    ).toMatchObject({
      outcome: "subscribed",
      status: "FAILED",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("now FAILED"));
    expect(await rowOf("slow@example.com")).toMatchObject({ status: "FAILED", locale: "en-US", firstName: "Léo" });
    expect((await jobsOf("slow@example.com"))[0]).toMatchObject({ status: "FAILED", lastError: "Mailchimp timeout" });
    errors.mockRestore();
  });

  it("keeps a sign-up STORED when Mailchimp is not configured, and answers 'Thank you for subscribing!'", async () => {
    expect(getEnv().mailchimp).toMatchObject({ dataCenter: "us21", lists: { QC: QC_LIST, ON: null } });
    const stored = await subscribeToNewsletter(
      testDb.db,
      { firstName: "Ana", lastName: "Silva", email: "stored@example.com", province: "QC", interests: ["ourRestaurant"], locale: "fr-CA" },
      { mailchimp: null },
    );
    expect(stored).toMatchObject({ outcome: "subscribed", status: "STORED" });
    expect(mailchimpCalls()).toEqual([]);
    // Through the route: Ontario has no audience in this configuration.
    const ontario = await signUp("ontario@example.com", { province: "ON", interests: ["2", "1"] }, "dialog");
    expect(ontario.data).toEqual({ kind: "outcome", outcome: "subscribed" });
    expect(await rowOf("ontario@example.com", "ON")).toMatchObject({ status: "STORED", interests: ["privateOrders", "events"] });
    expect(mailchimpCalls()).toEqual([]);

    // Once the province's list exists, signing up again sends the kept sign-up.
    const later = await subscribeToNewsletter(
      testDb.db,
      { firstName: "Ana", lastName: "Silva", email: "stored@example.com", province: "QC", interests: ["ourRestaurant"], locale: "fr-CA" },
      { mailchimp: MAILCHIMP_TEST_SETTINGS },
    );
    expect(later).toMatchObject({ outcome: "subscribed", status: "SUBSCRIBED" });
    expect(mailchimpCalls()).toHaveLength(1);
    // The row keeps its code; Mailchimp gets its number (our restaurant is 4 in Quebec).
    expect(mailchimpCalls()[0]!.body).toMatchObject({ tags: ["QC", "4"] });
    expect(mailchimpMembers(QC_LIST)[0]).toMatchObject({ email_address: "stored@example.com", tags: ["QC", "4"] });
  });

  it("refuses a number the province does not have, an interest's code and a missing province (400, values kept), storing nothing", async () => {
    const other = await signUp("mixed@example.com", { province: "QC", interests: ["3", "6"] });
    expect(other.status).toBe(400);
    expect(other.data).toMatchObject({ kind: "refused", step: "interests" });
    const result = other.data!.result as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(result.error).toEqual({ interests: ["newsletter.errors.interestOfProvince"] });
    expect(result.initialValue).toMatchObject({ province: "QC", interests: ["3", "6"] });
    // Without JavaScript, Quebec's boxes ticked and then Ontario chosen: the numbers were Quebec's.
    const switched = await signUp("mixed@example.com", { province: "ON", interestsProvince: "QC", interests: ["4"] });
    expect(switched.status).toBe(400);
    expect((switched.data!.result as { error: unknown }).error).toEqual({ interests: ["newsletter.errors.interestOfProvince"] });
    const code = await signUp("mixed@example.com", { province: "QC", interests: "ourEvents" });
    expect(code.status).toBe(400);
    const noProvince = await signUp("mixed@example.com", { province: "NB" });
    expect((noProvince.data!.result as { error: unknown }).error).toEqual({ province: ["newsletter.errors.provinceRequired"] });
    expect(await rowOf("mixed@example.com")).toBeUndefined();
    expect(mailchimpCalls()).toEqual([]);
  });

  it("sends step 2 without a person (cookie gone after a day) back to the short form", async () => {
    const page = await post({ intent: "interests", mode: "page", province: "QC" });
    expect(page).toMatchObject({ status: 303, location: "/newsletter?expired=1" });
    const dialog = await post({ intent: "interests", mode: "dialog", province: "QC" });
    expect(dialog.data).toEqual({ kind: "outcome", outcome: "error" });
  });
});

describe("newsletter robots", () => {
  it("answers a filled honeypot as a success, keeping nothing", async () => {
    const robot = await post(person({ email: "robot@example.com", website: "http://spam.example" }));
    expect(robot).toMatchObject({ status: 303, location: "/newsletter?outcome=subscribed", cookie: null });
    expect(await rowOf("robot@example.com")).toBeUndefined();
  });

  it("limits one client to 20 posts in 10 minutes (429 after)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post({ intent: "person", firstName: "" }, { clientAddress: "203.0.113.77" })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    expect((await post({ intent: "person", firstName: "" })).status).toBe(400);
  });
});
