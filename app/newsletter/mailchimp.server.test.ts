/**
 * The Mailchimp adapter's request and answers (docs/product.md#newsletter), with a stub `fetch`, and its
 * configuration (MAILCHIMP_API_KEY, MAILCHIMP_LIST_ID_QC / _ON) read by `parseEnv`. The HTTP
 * exchange against msw's Mailchimp mock is in tests/integration/newsletter.test.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { addMailchimpMember, memberBody, membersUrl, provinceOptions } from "./mailchimp.server";

const SETTINGS = { apiKey: "abc123-us7", dataCenter: "us7" };
const MEMBER = {
  email: "zoe@example.com",
  firstName: "Zoé",
  lastName: "Roy",
  province: "ON" as const,
  interests: ["events", "lcbo"] as const,
};

/** A fetch answering `status` with `body`, recording what it was asked. */
function stubFetch(status: number, body: unknown) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("Mailchimp members call", () => {
  it("tags the numbered options of the stored interests (provinceOption), the general newsletter's 5 when none was chosen", () => {
    expect(provinceOptions({ province: "QC", interests: ["arrivalAtSAQ", "ourRestaurant"] })).toEqual(["1", "4"]);
    expect(provinceOptions({ province: "QC", interests: ["generalNews", "IParrival"] })).toEqual(["2", "5"]);
    expect(provinceOptions({ province: "ON", interests: ["lcbo", "privateOrders"] })).toEqual(["1", "4"]);
    expect(provinceOptions({ province: "ON", interests: [] })).toEqual(["5"]);
    expect(memberBody({ ...MEMBER, province: "QC", interests: [] }).tags).toEqual(["QC", "5"]);
  });

  it("posts the member to the data center's members endpoint with basic auth", async () => {
    expect(membersUrl(SETTINGS, "list 1")).toBe("https://us7.api.mailchimp.com/3.0/lists/list%201/members");
    expect(memberBody(MEMBER)).toEqual({
      email_address: "zoe@example.com",
      status: "subscribed",
      merge_fields: { FNAME: "Zoé", LNAME: "Roy" },
      // The province, then its options by number: events is 2 and lcbo 4 in Ontario.
      tags: ["ON", "2", "4"],
    });
    const { fetch, asked } = stubFetch(200, { id: "x" });
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, { fetch })).toEqual({ kind: "subscribed" });
    const [call] = asked;
    expect(call!.url).toBe("https://us7.api.mailchimp.com/3.0/lists/l1/members");
    expect(call!.init.method).toBe("POST");
    const auth = new Headers(call!.init.headers).get("Authorization")!;
    expect(Buffer.from(auth.replace(/^Basic /, ""), "base64").toString()).toMatch(/^[^:]*:abc123-us7$/);
    expect(JSON.parse(call!.init.body as string)).toEqual(memberBody(MEMBER));
    expect(call!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("tells 'Member Exists' apart from every other refusal and from a broken answer, and a refused address (no retry) from an outage", async () => {
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, stubFetch(400, { title: "Member Exists", status: 400 }))).toEqual({
      kind: "memberExists",
    });
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, stubFetch(400, { title: "Invalid Resource", status: 400 }))).toEqual({
      kind: "failed",
      reason: "HTTP 400 Invalid Resource",
      retryable: false,
    });
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, stubFetch(500, "oops"))).toEqual({
      kind: "failed",
      reason: "HTTP 500",
      retryable: true,
    });
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, stubFetch(429, { title: "Too Many Requests" }))).toMatchObject({
      retryable: true,
    });
    const refusing = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await addMailchimpMember(SETTINGS, "l1", MEMBER, { fetch: refusing })).toEqual({
      kind: "failed",
      reason: "network (fetch failed)",
      retryable: true,
    });
  });
});

describe("Mailchimp configuration", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "cuvee-env-"));

  it("is off without a key, and reads the data center and each province's audience with one", () => {
    const off = parseEnv({ DATA_DIR: dataDir() });
    expect("error" in off ? off.error : off.mailchimp).toBeNull();
    const on = parseEnv({
      DATA_DIR: dataDir(),
      MAILCHIMP_API_KEY: "0123456789abcdef0123456789abcdef-us21",
      MAILCHIMP_LIST_ID_QC: "a1b2c3d4e5",
    });
    expect("error" in on ? on.error : on.mailchimp).toEqual({
      apiKey: "0123456789abcdef0123456789abcdef-us21",
      dataCenter: "us21",
      lists: { QC: "a1b2c3d4e5", ON: null },
    });
  });

  it("refuses a malformed key, and a key without any audience, with one line", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), MAILCHIMP_API_KEY: "not a key", MAILCHIMP_LIST_ID_QC: "a1" })).toEqual({
      error: expect.stringMatching(/^Invalid configuration: MAILCHIMP_API_KEY must be a Mailchimp API key/),
    });
    expect(parseEnv({ DATA_DIR: dataDir(), MAILCHIMP_API_KEY: "abc-us21" })).toEqual({
      error: "Invalid configuration: MAILCHIMP_API_KEY needs MAILCHIMP_LIST_ID_QC or MAILCHIMP_LIST_ID_ON",
    });
  });
});
