/**
 * The contact form through its route: validation with the spec's messages, the
 * 'I am not a robot' box, the honeypot (a success for the robot, nothing kept), the time token,
 * the stored row and the agency's e-mail with Reply-To, a logged-in customer's prefilled form and
 * stored account, a failed mail that keeps the message, and the `form` rate limit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { issueFormToken } from "~/contact/anti-bot.server";
import { contactMessages, outboxMessages } from "~/db/schema";
import { useShopMailerForTests } from "~/email/mailer.server";
import { requestContext } from "~/http/request-context";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { registerCustomer, startUserSession } from "~/users/users.server";
import { routeArgs } from "../support/loader-context";
import { sendOutbox } from "../support/outbox";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: the data folder and the outbox must be
// this file's own before any app module reads them.
const { outboxDir } = await vi.hoisted(async () =>
  (await import("../support/own-data-dir")).useOwnDataDir("contact", { AGENCY_EMAIL: "agence@cuvee.example" }),
);

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "none" });
});
afterAll(async () => {
  await testDb?.close();
});
afterEach(() => useShopMailerForTests(undefined));

let clients = 0;
type Outcome = {
  status: number;
  location: string | null;
  errors: Record<string, string[]> | undefined;
  values: Record<string, unknown> | undefined;
  token: string | undefined;
};

/** Posts the contact form from a client address of its own (unless given), with a session cookie when given. */
async function post(fields: Record<string, string>, clientAddress = `198.51.100.${++clients}`, cookie?: string): Promise<Outcome> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) };
  const args = (await routeArgs(testDb.db, "/contact", {
    init: { method: "POST", body: new URLSearchParams(fields), headers },
  })) as { context: { set(key: unknown, value: unknown): void } };
  args.context.set(requestContext, { nonce: "", clientAddress });
  try {
    const result = (await contactAction(args as never)) as unknown as {
      data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; token: string };
      init?: { status?: number };
    };
    return {
      status: result.init?.status ?? 200,
      location: null,
      errors: result.data.result.error,
      values: result.data.result.initialValue,
      token: result.data.token,
    };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), errors: undefined, values: undefined, token: undefined };
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit")
      return { status: refused.init?.status ?? 500, location: null, errors: undefined, values: undefined, token: undefined };
    throw thrown;
  }
}

/** A form rendered 5 s ago, filled by a person. */
const good = (overrides: Record<string, string> = {}) => ({
  firstName: "Zoé",
  lastName: "Roy",
  email: "zoe.roy@example.com",
  message: "Bonjour, avez-vous encore du Muscadet de la Pépière <b>en caisse</b> ?",
  notRobot: "on",
  website: "",
  formToken: issueFormToken(Date.now() - 5_000),
  ...overrides,
});

const rowsFrom = (email: string) => testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const mailsTo = async (needle: string) => {
  await sendOutbox(testDb.db);
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(join(outboxDir, f), "utf8")).filter((text) => text.includes(needle));
};
/** A mail's text with its quoted-printable encoding undone. */
const decodeMail = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");

describe("contact form", () => {
  it("shows the form with a token, blank for a visitor", async () => {
    const page = await contactLoader(await routeArgs(testDb.db, "/contact"));
    expect(page.sent).toBe(false);
    expect(page.token).toMatch(/^\d+\.[\w-]{43}$/);
    expect(page.defaults).toEqual({ firstName: "", lastName: "", email: "" });
    const sent = await contactLoader(await routeArgs(testDb.db, "/contact?sent=1"));
    expect(sent.sent).toBe(true);
  });

  it("refuses missing fields with the spec's messages (400), keeping what was typed", async () => {
    const refused = await post({ message: "court", formToken: issueFormToken(Date.now() - 5_000) });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({
      firstName: ["auth.errors.firstNameRequired"],
      lastName: ["auth.errors.lastNameRequired"],
      email: ["auth.errors.emailRequired"],
      message: ["contact.errors.messageTooShort"],
      notRobot: ["contact.errors.notRobot"],
    });
    expect(refused.values).toMatchObject({ message: "court" });
    expect(refused.token).toMatch(/^\d+\.[\w-]{43}$/);
    const tooLong = await post(good({ message: "x".repeat(5001), email: "pas-un-courriel" }));
    expect(tooLong.errors).toEqual({ message: ["contact.errors.messageTooLong"], email: ["auth.errors.emailInvalid"] });
  });

  it("refuses an unticked 'I am not a robot' box (400), values kept, nothing stored", async () => {
    const { notRobot: _, ...unticked } = good({ email: "unticked@example.com" });
    const refused = await post(unticked);
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ notRobot: ["contact.errors.notRobot"] });
    expect(refused.values).toMatchObject({ firstName: "Zoé", email: "unticked@example.com" });
    expect(await rowsFrom("unticked@example.com")).toEqual([]);
  });

  it("answers a filled honeypot as a success, but stores and sends nothing", async () => {
    const robot = await post(good({ email: "robot@example.com", website: "http://spam.example" }));
    expect(robot).toMatchObject({ status: 303, location: "/contact?sent=1" });
    expect(await rowsFrom("robot@example.com")).toEqual([]);
    expect(await mailsTo("robot@example.com")).toEqual([]);
  });

  it("refuses a form sent under 3 s after rendering, an expired one and a forged token with a form error (400), values kept", async () => {
    for (const [formToken, reason] of [
      [issueFormToken(), "tooFast"],
      [issueFormToken(Date.now() - 3 * 60 * 60 * 1000), "expired"],
      [`${Date.now() - 10_000}.${"A".repeat(43)}`, "invalid"],
      ["", "invalid"],
    ] as const) {
      const refused = await post(good({ email: "hasty@example.com", formToken }));
      expect(refused.status, reason).toBe(400);
      expect(refused.errors).toEqual({ "": [`contact.errors.${reason}`] });
      expect(refused.values).toMatchObject({ firstName: "Zoé", message: expect.stringContaining("Muscadet") });
      // A fresh token to try again with.
      expect(refused.token).not.toBe(formToken);
    }
    expect(await rowsFrom("hasty@example.com")).toEqual([]);
  });

  it("stores a good message and e-mails it to the agency with Reply-To the sender, escaped in HTML", async () => {
    const sent = await post(good({ email: "good@example.com" }));
    expect(sent).toMatchObject({ status: 303, location: "/contact?sent=1" });
    const [row] = await rowsFrom("good@example.com");
    expect(row).toMatchObject({ firstName: "Zoé", lastName: "Roy", locale: "fr-CA", province: "QC", userId: null });
    expect(row!.message).toContain("Muscadet");
    expect(row!.mailedAt).toBeInstanceOf(Date);
    const mails = await mailsTo("good@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(/^To: agence@cuvee\.example$/m);
    expect(mail).toMatch(/^Reply-To: good@example\.com$/m);
    const decoded = decodeMail(mail);
    expect(decoded).toContain("&lt;b&gt;en caisse&lt;/b&gt;");
    expect(decoded).toContain("Province : Québec");
    expect(decoded).toContain("Compte client : aucun (visiteur)");
    expect(decoded).not.toContain("<b>en caisse</b></p>");
  });

  it("prefills a logged-in customer's names and e-mail, and stores their account with the message", async () => {
    const user = await registerCustomer(testDb.db, {
      firstName: "Léa",
      lastName: "Gagnon",
      email: "Lea.Gagnon@example.com",
      password: "un bon mot de passe",
      province: "QC",
      locale: "fr-CA",
    });
    if (user === "email-taken") throw new Error("lea.gagnon@example.com already registered");
    const cookie = (await startUserSession(testDb.db, new Request("http://shop.test/"), user.id)).split(";")[0]!;
    const page = await contactLoader(await routeArgs(testDb.db, "/contact", { init: { headers: { Cookie: cookie } } }));
    expect(page.defaults).toEqual({ firstName: "Léa", lastName: "Gagnon", email: "lea.gagnon@example.com" });

    // What is sent counts, not the prefill: the customer may write under another address.
    const sent = await post(good({ firstName: "Léa", lastName: "Gagnon", email: "lea.pro@example.com" }), undefined, cookie);
    expect(sent).toMatchObject({ status: 303, location: "/contact?sent=1" });
    const [row] = await rowsFrom("lea.pro@example.com");
    expect(row).toMatchObject({ firstName: "Léa", lastName: "Gagnon", userId: user.id });
    const mails = await mailsTo("lea.pro@example.com");
    expect(mails).toHaveLength(1);
    expect(decodeMail(mails[0]!)).toContain(`Compte client : #${user.id}`);
  });

  it("keeps the message and its mail when the mail server fails, thanks the visitor, and the outbox tries again", async () => {
    useShopMailerForTests({
      send: () => Promise.reject(Object.assign(new Error("connection refused for unlucky@example.com"), { code: "ECONNECTION" })),
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const sent = await post(good({ email: "unlucky@example.com" }));
    expect(sent).toMatchObject({ status: 303, location: "/contact?sent=1" });
    const [row] = await rowsFrom("unlucky@example.com");
    expect(row?.message).toContain("Muscadet");
    expect(await sendOutbox(testDb.db)).toMatchObject({ claimed: 1, failed: 1 });
    const [queued] = await testDb.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, sql`(select max(id) from outbox_messages)`));
    expect(queued).toMatchObject({ status: "FAILED", attempts: 1, lastError: "Error ECONNECTION" });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("ECONNECTION"));
    expect(errors.mock.calls.flat().join("\n")).not.toContain("unlucky@example.com");
    errors.mockRestore();
    // The mail server is back: the next try (when due) sends it.
    useShopMailerForTests(undefined);
    await testDb.db.update(outboxMessages).set({ nextAttemptAt: new Date() }).where(eq(outboxMessages.id, queued!.id));
    expect(await sendOutbox(testDb.db)).toMatchObject({ sent: 1 });
    expect(await mailsTo("unlucky@example.com")).toHaveLength(1);
  });

  it("limits one client to 20 submissions in 10 minutes (429 after)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post({ firstName: "" }, "203.0.113.99")).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    // Another client is not affected.
    expect((await post({ firstName: "" })).status).toBe(400);
  });
});
