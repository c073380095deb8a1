/**
 * Forgotten passwords and the expired password of docs/product.md#accounts: the signed reset link
 * (one hour, single use, its purpose and signature checked), the same answer for an unknown
 * e-mail with nothing sent, the rate limits, and the routes around them.
 */
import { hkdfSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createResetToken,
  requestPasswordReset,
  RESET_TOKEN_SECONDS,
  resetPassword,
  verifyResetToken,
} from "~/accounts/password-reset.server";
import { users } from "~/db/schema";
import type { OutgoingMail } from "~/email/mailer.server";
import { useShopMailerForTests } from "~/email/mailer.server";
import { getEnv } from "~/env.server";
import { requestContext } from "~/http/request-context";
import { action as forgotAction, loader as forgotLoader } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { readUser, registerCustomer, startUserSession, type User, verifyCredentials } from "~/users/users.server";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { capturingMailer, sendOutbox } from "../support/outbox";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
const capturing = capturingMailer();
const sent = capturing.sent;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
  useShopMailerForTests(capturing);
});
afterEach(() => {
  sent.length = 0;
});
afterAll(async () => {
  useShopMailerForTests(undefined);
  await testDb?.close();
});

const HOUR = RESET_TOKEN_SECONDS * 1000;
let accounts = 0;

async function newCustomer(locale: "fr-CA" | "en-US" = "fr-CA", password = "the old password"): Promise<User> {
  accounts += 1;
  const created = await registerCustomer(testDb.db, {
    firstName: locale === "en-US" ? "Sam" : "Zoé",
    lastName: "Roy",
    email: `reset-${accounts}@example.com`,
    password,
    province: "QC",
    locale,
  });
  if (created === "email-taken") throw new Error("taken");
  return created;
}

async function hashOf(userId: number): Promise<string> {
  const [row] = await testDb.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.passwordHash;
}

async function tokenFor(user: User, now = Date.now()): Promise<string> {
  return createResetToken({ id: user.id, passwordHash: await hashOf(user.id), email: user.email }, now);
}

let clients = 0;
/** A fresh client address per call unless one is given, so the per-client limits stay out of the way. */
async function args(path: string, init: RequestInit = {}, client?: string) {
  const built = (await routeArgs(testDb.db, path, { init })) as { context: { set(key: unknown, value: unknown): void } };
  clients += 1;
  built.context.set(requestContext, { nonce: "", clientAddress: client ?? `198.51.100.${clients % 250}-${clients}` });
  return built as never;
}

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

interface Outcome {
  status: number;
  location: string | null;
  cookies: string[];
  data: { result?: { error?: Record<string, string[] | null> }; refused?: string | null } | null;
}

/** Runs an action; returns its redirect (thrown or returned) or its data with the status. */
async function post(
  action: (a: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; client?: string } = {},
): Promise<Outcome> {
  const asResponse = (r: Response): Outcome => ({
    status: r.status,
    location: r.headers.get("Location"),
    cookies: r.headers.getSetCookie(),
    data: null,
  });
  try {
    const result = (await action(await args(path, form(fields, options.cookie), options.client))) as
      Response | { data: Outcome["data"]; init?: { status?: number } };
    if (result instanceof Response) return asResponse(result);
    return { status: result.init?.status ?? 200, location: null, cookies: [], data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return asResponse(thrown);
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit") return { status: refused.init?.status ?? 500, location: null, cookies: [], data: null };
    throw thrown;
  }
}

const sessionCookie = (cookies: string[]) => cookies.find((c) => c.startsWith("session="))!.split(";")[0]!;
const linkIn = (mail: OutgoingMail) => /https?:\/\/[^\s]+\/reset-password\?token=([\w.-]+)/.exec(mail.text);

describe("the reset link", () => {
  it("is mailed to an existing account in its language, and its token names that user", async () => {
    const user = await newCustomer("en-US");
    expect(await requestPasswordReset(testDb.db, user.email.toUpperCase(), "https://shop.example")).toEqual({ written: true });
    expect(sent, "written to the outbox, not sent by the request").toHaveLength(0);
    await sendOutbox(testDb.db);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(user.email);
    expect(sent[0]!.subject).toBe("Cuvée — Choose a new password");
    expect(sent[0]!.text).toContain("Hello Sam,");
    expect(sent[0]!.text).toContain("one hour");
    const link = linkIn(sent[0]!);
    expect(link?.[0]).toMatch(/^https:\/\/shop\.example\/reset-password\?token=/);
    expect(sent[0]!.html).toContain(`href="${link![0]}"`);
    const check = await verifyResetToken(testDb.db, link![1]!);
    expect(check).toMatchObject({ ok: true, user: { id: user.id, email: user.email } });
  });

  it("sends nothing for an unknown e-mail", async () => {
    expect(await requestPasswordReset(testDb.db, "nobody-here@example.com", "https://shop.example")).toEqual({ written: false });
    await sendOutbox(testDb.db);
    expect(sent).toHaveLength(0);
  });

  it("works for one hour, then answers 'expired'", async () => {
    const user = await newCustomer();
    const issued = Date.parse("2026-03-01T12:00:00Z");
    const token = await tokenFor(user, issued);
    expect((await verifyResetToken(testDb.db, token, issued + HOUR - 1000)).ok).toBe(true);
    expect(await verifyResetToken(testDb.db, token, issued + HOUR + 1000)).toEqual({ ok: false, reason: "expired" });
    expect(await resetPassword(testDb.db, token, "a brand new password", issued + HOUR + 1000)).toEqual({ ok: false, reason: "expired" });
    // Refused means refused: the old password still works.
    expect(await verifyCredentials(testDb.db, user.email, "the old password")).not.toBeNull();
  });

  it("works once: after a reset the same link answers 'used', the new password works, the old one and every login are gone", async () => {
    const user = await newCustomer();
    const loggedIn = await startUserSession(testDb.db, new Request("http://shop.test/"), user.id);
    const loginRequest = () => new Request("http://shop.test/", { headers: { Cookie: loggedIn.split(";")[0]! } });
    expect(await readUser(testDb.db, loginRequest())).not.toBeNull();

    const token = await tokenFor(user);
    expect(await resetPassword(testDb.db, token, "a brand new password")).toMatchObject({ ok: true, user: { id: user.id } });
    expect(await verifyResetToken(testDb.db, token)).toEqual({ ok: false, reason: "used" });
    expect(await resetPassword(testDb.db, token, "yet another password")).toEqual({ ok: false, reason: "used" });
    expect(await verifyCredentials(testDb.db, user.email, "a brand new password")).not.toBeNull();
    expect(await verifyCredentials(testDb.db, user.email, "the old password")).toBeNull();
    expect(await verifyCredentials(testDb.db, user.email, "yet another password")).toBeNull();
    expect(await readUser(testDb.db, loginRequest())).toBeNull();
  });

  it("stops working once the account's e-mail changes (a link sent to an old address opens nothing)", async () => {
    const user = await newCustomer();
    const token = await tokenFor(user);
    await testDb.db
      .update(users)
      .set({ email: `changed-${user.email}` })
      .where(eq(users.id, user.id));
    expect(await verifyResetToken(testDb.db, token)).toEqual({ ok: false, reason: "used" });
  });

  it("refuses two resets racing with the same link: one wins, the other is 'used'", async () => {
    const user = await newCustomer();
    const token = await tokenFor(user);
    const outcomes = await Promise.all([
      resetPassword(testDb.db, token, "first password"),
      resetPassword(testDb.db, token, "second password"),
    ]);
    expect(outcomes.map((o) => o.ok).sort()).toEqual([false, true]);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, reason: "used" });
  });

  it("refuses a tampered token, another purpose, another key, no signature, and garbage as 'invalid'", async () => {
    const user = await newCustomer();
    const token = await tokenFor(user);
    const [header, payload, signature] = token.split(".");
    // Another user's id in the same signature.
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const purposeKey = new Uint8Array(hkdfSync("sha256", getEnv().sessionSecret, "", "cuvee/password-reset/v1", 32));
    const sign = (key: Uint8Array, audience: string) =>
      new SignJWT({ pwd: claims.pwd })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("cuvee")
        .setAudience(audience)
        .setSubject(String(user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const candidates = [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature!.slice(0, -2)}AA`,
      await sign(purposeKey, "login"),
      await sign(new TextEncoder().encode(getEnv().sessionSecret), "password-reset"),
      unsigned,
      "not-a-token",
      "",
    ];
    // The right key and purpose signs a token that works: the refusals above are not an accident.
    expect((await verifyResetToken(testDb.db, await sign(purposeKey, "password-reset"))).ok).toBe(true);
    for (const candidate of candidates) {
      expect(await verifyResetToken(testDb.db, candidate), candidate).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await verifyCredentials(testDb.db, user.email, "the old password")).not.toBeNull();
  });
});

describe("/forgot-password", () => {
  it("answers the same for a known and an unknown address: 303 to ?sent=1, no cookie; only the known one gets a mail", async () => {
    const user = await newCustomer();
    const known = await post(forgotAction, "/forgot-password", { email: user.email });
    const unknown = await post(forgotAction, "/forgot-password", { email: "never-registered@example.com" });
    for (const outcome of [known, unknown]) {
      expect(outcome).toEqual({ status: 303, location: "/forgot-password?sent=1", cookies: [], data: null });
    }
    await sendOutbox(testDb.db);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(user.email);
    expect(sent[0]!.subject).toBe("Cuvée — Choisir un nouveau mot de passe");
    expect(linkIn(sent[0]!)?.[0]).toMatch(/^http:\/\/shop\.test\/reset-password\?token=/);
    const page = await forgotLoader(await args("/forgot-password?sent=1"));
    expect(page).toMatchObject({ sent: true });
  });

  it("refuses a bad address with 400 and the field's message, sending nothing", async () => {
    const refused = await post(forgotAction, "/forgot-password", { email: "not an address" });
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error).toEqual({ email: ["auth.errors.emailInvalid"] });
    expect(sent).toHaveLength(0);
  });

  it("limits links per e-mail whoever asks (429 after 5 in an hour), known or not", async () => {
    for (const email of [(await newCustomer()).email, "limited-unknown@example.com"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(forgotAction, "/forgot-password", { email })).status);
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    }
  });

  it("limits one client (429 after 20 forms in 10 minutes)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await post(forgotAction, "/forgot-password", { email: `client-limit-${i}@example.com` }, { client: "203.0.113.77" })).status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(303));
    expect(statuses[20]).toBe(429);
  });
});

describe("/reset-password with a link", () => {
  it("shows the form for a good link, refuses a mismatched confirmation, then resets and sends to /login?reset=1", async () => {
    const user = await newCustomer();
    const token = await tokenFor(user);
    const path = `/reset-password?${new URLSearchParams({ token })}`;
    expect(await resetLoader(await args(path))).toMatchObject({ mode: "token", token, email: user.email });

    const mismatch = await post(resetAction, path, { token, password: "a new password", confirmation: "another one" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data?.result?.error).toEqual({ confirmation: ["passwordReset.errors.mismatch"] });
    const short = await post(resetAction, path, { token, password: "short", confirmation: "short" });
    expect(short.data?.result?.error).toMatchObject({ password: ["auth.errors.passwordTooShort"] });
    expect(JSON.stringify(short.data)).not.toContain('short"');

    const done = await post(resetAction, path, { token, password: "a new password", confirmation: "a new password" });
    expect(done).toMatchObject({ status: 303, location: "/login?reset=1" });

    // The same link again: the page and the form both say it was used.
    expect(await resetLoader(await args(path))).toMatchObject({ mode: "refused", reason: "used" });
    const again = await post(resetAction, path, { token, password: "third password", confirmation: "third password" });
    expect(again).toMatchObject({ status: 400, data: { refused: "used" } });

    const login = await post(loginAction, "/login", { email: user.email, password: "a new password" });
    expect(login).toMatchObject({ status: 303, location: "/account" });
    const old = await post(loginAction, "/login", { email: user.email, password: "the old password" });
    expect(old.status).toBe(400);
  });

  it("says why a link is refused: expired, invalid", async () => {
    const user = await newCustomer();
    const old = await tokenFor(user, Date.now() - HOUR - 60_000);
    expect(await resetLoader(await args(`/reset-password?token=${old}`))).toMatchObject({ mode: "refused", reason: "expired" });
    expect(await resetLoader(await args("/reset-password?token=nonsense"))).toMatchObject({ mode: "refused", reason: "invalid" });
    expect(await resetLoader(await args("/reset-password?token="))).toMatchObject({ mode: "refused", reason: "invalid" });
  });
});

describe("an expired password (docs/product.md#accounts)", () => {
  it("sends the user to /reset-password right after login; the new password clears the flag, keeps the login and goes on", async () => {
    const user = await newCustomer();
    await testDb.db.update(users).set({ passwordExpired: true }).where(eq(users.id, user.id));

    const login = await post(loginAction, "/login", { email: user.email, password: "the old password", redirect: "/checkout?step=1" });
    expect(login.status).toBe(303);
    expect(login.location).toBe("/reset-password?redirect=%2Fcheckout%3Fstep%3D1");
    const cookie = sessionCookie(login.cookies);

    const page = await resetLoader(await args(login.location!, { headers: { Cookie: cookie } }));
    expect(page).toMatchObject({ mode: "expired", token: null, redirect: "/checkout?step=1" });
    // Until then, every page behind the guard sends them back there.
    const { loader: accountLoader } = await import("~/routes/account");
    expect(await thrownResponse(async () => accountLoader(await args("/account/sales?x=1", { headers: { Cookie: cookie } })))).toEqual({
      status: 302,
      location: "/reset-password?redirect=%2Faccount%2Fsales%3Fx%3D1",
    });

    const set = await post(
      resetAction,
      "/reset-password",
      { password: "fresh password", confirmation: "fresh password", redirect: "/checkout?step=1" },
      { cookie },
    );
    expect(set).toMatchObject({ status: 303, location: "/checkout?step=1" });
    const [row] = await testDb.db.select({ passwordExpired: users.passwordExpired }).from(users).where(eq(users.id, user.id));
    expect(row?.passwordExpired).toBe(false);
    expect(await readUser(testDb.db, new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toMatchObject({ id: user.id });
    expect(await verifyCredentials(testDb.db, user.email, "fresh password")).not.toBeNull();

    // Once set, the next login goes straight on, and /reset-password without a link goes to the account.
    const next = await post(loginAction, "/login", { email: user.email, password: "fresh password" });
    expect(next.location).toBe("/account");
    expect(await thrownResponse(async () => resetLoader(await args("/reset-password", { headers: { Cookie: cookie } })))).toEqual({
      status: 302,
      location: "/account",
    });
  });

  it("sends a visitor without a link or a login to /login, keeping the way back", async () => {
    expect(await thrownResponse(async () => resetLoader(await args("/reset-password")))).toEqual({
      status: 302,
      location: "/login?redirect=%2Freset-password",
    });
    const posted = await post(resetAction, "/reset-password", { password: "fresh password", confirmation: "fresh password" });
    expect(posted).toMatchObject({ status: 302, location: "/login?redirect=%2Freset-password" });
  });
});
