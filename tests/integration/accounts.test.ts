/**
 * Accounts, first part: registration, login through remix-auth's FormStrategy,
 * the navigation guard with its `redirect`, logout revoking the login, session rotation, the
 * spec's message for a refused login (the same for an unknown e-mail), the login limits that
 * nobody can use to lock another person out, registration that tells nobody whether an address
 * has an account, and passwords too easy to guess (docs/decisions/031).
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { useShopMailerForTests } from "~/email/mailer.server";
import { requestContext } from "~/http/request-context";
import { loader as accountLoader } from "~/routes/account";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { readSession } from "~/session.server";
import { readUser } from "~/users/users.server";
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

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

/**
 * Runs an action; returns a thrown or returned redirect, or the returned data with its status (a
 * 429's `Retry-After` in `retryAfter`).
 * @param clientAddress the client's address as the server would put it in the request context.
 */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  clientAddress?: string,
) {
  const args = (await routeArgs(testDb.db, path, { init: form(fields, cookie) })) as {
    context: { set(key: unknown, value: unknown): void };
  };
  if (clientAddress) args.context.set(requestContext, { nonce: "", clientAddress });
  try {
    const result = (await action(args as never)) as
      | Response
      | { data: { result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init?: { status?: number } };
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie"), data: null };
    return { status: result.init?.status ?? 200, location: null, cookie: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), cookie: thrown.headers.get("Set-Cookie"), data: null };
    const refused = thrown as { type?: string; init?: { status?: number; headers?: HeadersInit } };
    if (refused?.type === "DataWithResponseInit") {
      return {
        status: refused.init?.status ?? 500,
        location: null,
        cookie: null,
        data: null,
        retryAfter: new Headers(refused.init?.headers).get("Retry-After"),
      };
    }
    throw thrown;
  }
}

const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;
const request = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

describe("registration and login", () => {
  it("registers a customer (e-mail lower-case, password hashed) and sends them to log in, then to /account", async () => {
    const registered = await post(registerAction, "/register", {
      firstName: "Camille",
      lastName: "Tremblay",
      email: "Camille@Example.com",
      password: "correct horse",
    });
    expect(registered.status).toBe(303);
    expect(registered.location).toBe("/login?registered=1&redirect=%2Faccount");
    const [row] = await testDb.db.select().from(users).where(eq(users.email, "camille@example.com"));
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.passwordHash).not.toContain("correct horse");
    expect(row?.province).toBe("QC");
    // Not logged in by registering (a known address could not be): the login comes next.
    expect(registered.cookie).toBeNull();
    const login = await post(loginAction, "/login?registered=1&redirect=%2Faccount", {
      email: "camille@example.com",
      password: "correct horse",
      redirect: "/account",
    });
    expect(login).toMatchObject({ status: 303, location: "/account" });
    const user = await readUser(testDb.db, request(cookieOf(login.cookie)));
    expect(user?.firstName).toBe("Camille");
    expect(sent).toEqual([]);
  });

  it("refuses a registration without names, with a short password, or with a password too easy to guess", async () => {
    const empty = await post(registerAction, "/register", { email: "x@example.com", password: "short" });
    expect(empty.status).toBe(400);
    expect(empty.data?.result?.error).toMatchObject({
      firstName: ["auth.errors.firstNameRequired"],
      lastName: ["auth.errors.lastNameRequired"],
      password: ["auth.errors.passwordTooShort"],
    });
    for (const password of ["12345678", "password", "password123", "motdepasse123", "Montreal2024", "lefebvre2024"]) {
      const weak = await post(registerAction, "/register", {
        firstName: "Jean",
        lastName: "Lefebvre",
        email: "jean.lefebvre@example.com",
        password,
      });
      expect(weak.status, password).toBe(400);
      expect(weak.data?.result?.error).toEqual({ password: ["auth.errors.passwordWeak"] });
      expect(weak.data?.result?.initialValue).not.toHaveProperty("password");
    }
    expect(await testDb.db.select().from(users).where(eq(users.email, "jean.lefebvre@example.com"))).toEqual([]);
  });

  it("answers a known e-mail exactly as a new one, changes nothing, and tells the account's owner by e-mail", async () => {
    const [before] = await testDb.db.select().from(users).where(eq(users.email, "camille@example.com"));
    const fresh = await post(registerAction, "/register?redirect=%2Fcheckout", {
      firstName: "Zoé",
      lastName: "Roy",
      email: "zoe.new@example.com",
      password: "another password",
      redirect: "/checkout",
    });
    const known = await post(registerAction, "/register?redirect=%2Fcheckout", {
      firstName: "Mallory",
      lastName: "X",
      email: "CAMILLE@example.com",
      password: "another password",
      redirect: "/checkout",
    });
    expect(known).toEqual(fresh);
    expect(known).toMatchObject({ status: 303, location: "/login?registered=1&redirect=%2Fcheckout", cookie: null });
    const [after] = await testDb.db.select().from(users).where(eq(users.email, "camille@example.com"));
    expect(after).toEqual(before);
    // The mail goes in the background: wait for it.
    await sendOutbox(testDb.db);
    expect(sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ to: "camille@example.com", subject: "Cuvée — Création de compte avec votre courriel" });
    expect(sent[0]!.text).toContain("Bonjour Camille,");
    expect(sent[0]!.text).toContain("http://shop.test/forgot-password");
    expect(sent[0]!.text).not.toContain("Mallory");
    // The intruder's password logs nobody in.
    expect((await post(loginAction, "/login", { email: "camille@example.com", password: "another password" })).status).toBe(400);
  });

  it("takes about as long for a known e-mail as for a new one (a password is hashed either way)", async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await post(
        registerAction,
        "/register",
        { firstName: "T", lastName: "T", email, password: "timing password here" },
        undefined,
        "198.51.100.7",
      );
      return performance.now() - start;
    };
    const known: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time("camille@example.com"));
      fresh.push(await time(`timing-${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    // Without a hash the known branch would take a few milliseconds against scrypt's tens.
    expect(median(known)).toBeGreaterThan(median(fresh) / 3);
  });

  it("answers the spec's message the same way for a wrong password and an unknown e-mail, never echoing the password", async () => {
    const wrong = await post(loginAction, "/login", { email: "camille@example.com", password: "wrong password" });
    const unknown = await post(loginAction, "/login", { email: "nobody@example.com", password: "wrong password" });
    for (const refused of [wrong, unknown]) {
      expect(refused.status).toBe(400);
      expect(refused.data?.result?.error).toEqual({ "": ["auth.errors.invalidCredentials"] });
      expect(JSON.stringify(refused.data)).not.toContain("wrong password");
    }
  });

  it("logs in with a new session id, the same guest (cart) identity, and lands on the wanted route", async () => {
    await post(registerAction, "/register", {
      firstName: "D",
      lastName: "R",
      email: "dominique@example.com",
      password: "dominique pass word",
    });
    const guest = await post(loginAction, "/login", { email: "dominique@example.com", password: "dominique pass word" });
    const out = await post(logoutAction, "/logout", {}, cookieOf(guest.cookie));
    const before = await readSession(request(cookieOf(out.cookie)));
    const login = await post(
      loginAction,
      "/login",
      { email: "DOMINIQUE@example.com", password: "dominique pass word", redirect: "/checkout?step=1" },
      cookieOf(out.cookie),
    );
    expect(login.status).toBe(303);
    expect(login.location).toBe("/checkout?step=1");
    const after = await readSession(request(cookieOf(login.cookie)));
    expect(after?.id).not.toBe(before?.id);
    expect(after?.guestId).toBe(before?.guestId);
    // A redirect to another site falls back to the account.
    const elsewhere = await post(loginAction, "/login", {
      email: "dominique@example.com",
      password: "dominique pass word",
      redirect: "//evil.example/",
    });
    expect(elsewhere.location).toBe("/");
  });
});

describe("the navigation guard and logout", () => {
  it("sends a visitor to /login with the wanted route, and a logged-out cookie no longer opens the account", async () => {
    const anonymous = await thrownResponse(async () => accountLoader(await routeArgs(testDb.db, "/account")));
    expect(anonymous).toEqual({ status: 302, location: "/login?redirect=%2Faccount" });

    const login = await post(loginAction, "/login", { email: "camille@example.com", password: "correct horse", redirect: "/account" });
    const loggedIn = cookieOf(login.cookie);
    const page = (await accountLoader(await routeArgs(testDb.db, "/account", { init: { headers: { Cookie: loggedIn } } }))) as {
      firstName: string;
    };
    expect(page.firstName).toBe("Camille");

    const out = await post(logoutAction, "/logout", {}, loggedIn);
    expect(out.status).toBe(303);
    const newGuest = await readSession(request(cookieOf(out.cookie)));
    expect(newGuest?.guestId).not.toBe((await readSession(request(loggedIn)))?.guestId);
    // The old cookie, replayed, is refused: its login row is gone.
    const replayed = await thrownResponse(async () =>
      accountLoader(await routeArgs(testDb.db, "/account", { init: { headers: { Cookie: loggedIn } } })),
    );
    expect(replayed.status).toBe(302);
  });
});

describe("login limits (docs/decisions/031)", () => {
  const register = async (email: string) => {
    await post(
      registerAction,
      "/register",
      { firstName: "Lou", lastName: "Limite", email, password: "the right password" },
      undefined,
      "192.0.2.1",
    );
  };
  const tryLogin = (email: string, password: string, clientAddress: string) =>
    post(loginAction, "/login", { email, password }, undefined, clientAddress);

  it("10 wrong passwords from other addresses do not stop the owner, who logs in from a fresh address", async () => {
    await register("victim@example.com");
    for (let i = 0; i < 10; i++) {
      expect((await tryLogin("victim@example.com", `guess ${i}`, `203.0.113.${i + 1}`)).status).toBe(400);
    }
    const owner = await tryLogin("victim@example.com", "the right password", "198.51.100.20");
    expect(owner).toMatchObject({ status: 303, location: "/account" });
  });

  it("throttles the client that keeps failing for an account (429 with Retry-After), even with the right password, not the owner elsewhere", async () => {
    await register("target@example.com");
    for (let i = 0; i < 10; i++) expect((await tryLogin("target@example.com", `guess ${i}`, "203.0.113.50")).status).toBe(400);
    const throttled = await tryLogin("target@example.com", "guess 10", "203.0.113.50");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.retryAfter)).toBeGreaterThan(60);
    expect(Number(throttled.retryAfter)).toBeLessThanOrEqual(15 * 60);
    // The attacker learns nothing more, even by guessing right.
    expect((await tryLogin("target@example.com", "the right password", "203.0.113.50")).status).toBe(429);
    expect((await tryLogin("target@example.com", "the right password", "198.51.100.21")).status).toBe(303);
  });

  it("throttles a client guessing many accounts (30 failures), whatever e-mails it tries", async () => {
    for (let i = 0; i < 30; i++) expect((await tryLogin(`nobody-${i}@example.com`, "wrong password", "203.0.113.60")).status).toBe(400);
    expect((await tryLogin("nobody-30@example.com", "wrong password", "203.0.113.60")).status).toBe(429);
    expect((await tryLogin("nobody-30@example.com", "wrong password", "203.0.113.61")).status).toBe(400);
  });

  it("counts a burst of simultaneous tries before their passwords are checked: no more than the pair's 10 get an answer", async () => {
    await register("burst@example.com");
    const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => tryLogin("burst@example.com", `burst ${i}`, "203.0.113.77")));
    expect(statuses.filter((a) => a.status === 400)).toHaveLength(10);
    expect(statuses.filter((a) => a.status === 429)).toHaveLength(6);
  });

  it("never counts successes, and a success clears its client's failures for the account", async () => {
    await register("often@example.com");
    for (let i = 0; i < 25; i++) expect((await tryLogin("often@example.com", "the right password", "198.51.100.30")).status).toBe(303);
    // Twice 9 failures: without the reset, the 11th failure of the pair would be refused.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await tryLogin("often@example.com", `typo ${i}`, "198.51.100.31")).status).toBe(400);
      expect((await tryLogin("often@example.com", "the right password", "198.51.100.31")).status).toBe(303);
    }
  });

  it("once an account has many failures, only the clients that failed for it wait; a fresh client still logs in", async () => {
    await register("popular@example.com");
    for (let i = 0; i < 20; i++) expect((await tryLogin("popular@example.com", `guess ${i}`, `203.0.113.${100 + i}`)).status).toBe(400);
    // A botnet address that already failed waits, whatever it sends.
    expect((await tryLogin("popular@example.com", "guess 20", "203.0.113.100")).status).toBe(429);
    // A new address gets its answer; the owner logs in.
    expect((await tryLogin("popular@example.com", "guess 21", "203.0.113.200")).status).toBe(400);
    expect((await tryLogin("popular@example.com", "the right password", "198.51.100.40")).status).toBe(303);
  });
});
