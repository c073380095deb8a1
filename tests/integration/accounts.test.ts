/**
 * Accounts, first part (issue 8 §1–§2): registration, login through remix-auth's FormStrategy,
 * the navigation guard with its `redirect`, logout revoking the login, session rotation, the
 * spec's message for a refused login (the same for an unknown e-mail), the login rate limit.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { readUser } from "~/users/users.server";
import { users } from "~/db/schema";
import { requestContext } from "~/http/request-context";
import { readSession } from "~/session.server";
import { loader as accountLoader } from "~/routes/account";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
});
afterAll(async () => {
  await testDb?.close();
});

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

/** Runs an action; returns a thrown or returned redirect, or the returned data with its status. */
async function post(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, cookie?: string) {
  try {
    const result = (await action(await routeArgs(testDb.db, path, { init: form(fields, cookie) }))) as
      | Response
      | { data: { result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init?: { status?: number } };
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie"), data: null };
    return { status: result.init?.status ?? 200, location: null, cookie: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), cookie: thrown.headers.get("Set-Cookie"), data: null };
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit") return { status: refused.init?.status ?? 500, location: null, cookie: null, data: null };
    throw thrown;
  }
}

const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;
const request = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

describe("registration and login", () => {
  it("registers a customer (e-mail lower-case, password hashed), logs them in and opens /account", async () => {
    const registered = await post(registerAction, "/register", { firstName: "Camille", lastName: "Tremblay", email: "Camille@Example.com", password: "correct horse" });
    expect(registered.status).toBe(303);
    expect(registered.location).toBe("/account");
    const [row] = await testDb.db.select().from(users).where(eq(users.email, "camille@example.com"));
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.passwordHash).not.toContain("correct horse");
    expect(row?.province).toBe("QC");
    const user = await readUser(testDb.db, request(cookieOf(registered.cookie)));
    expect(user?.firstName).toBe("Camille");
  });

  it("refuses a registration without names, with a short password, or for an address that has an account", async () => {
    const empty = await post(registerAction, "/register", { email: "x@example.com", password: "short" });
    expect(empty.status).toBe(400);
    expect(empty.data?.result?.error).toMatchObject({
      firstName: ["auth.errors.firstNameRequired"],
      lastName: ["auth.errors.lastNameRequired"],
      password: ["auth.errors.passwordTooShort"],
    });
    const taken = await post(registerAction, "/register", { firstName: "C", lastName: "T", email: "camille@example.com", password: "another password" });
    expect(taken.status).toBe(400);
    expect(taken.data?.result?.error).toEqual({ email: ["auth.errors.emailTaken"] });
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
    const guest = await post(registerAction, "/register", { firstName: "D", lastName: "R", email: "dominique@example.com", password: "dominique pass" });
    const out = await post(logoutAction, "/logout", {}, cookieOf(guest.cookie));
    const before = await readSession(request(cookieOf(out.cookie)));
    const login = await post(loginAction, "/login", { email: "DOMINIQUE@example.com", password: "dominique pass", redirect: "/checkout?step=1" }, cookieOf(out.cookie));
    expect(login.status).toBe(303);
    expect(login.location).toBe("/checkout?step=1");
    const after = await readSession(request(cookieOf(login.cookie)));
    expect(after?.id).not.toBe(before?.id);
    expect(after?.guestId).toBe(before?.guestId);
    // A redirect to another site falls back to the account.
    const elsewhere = await post(loginAction, "/login", { email: "dominique@example.com", password: "dominique pass", redirect: "//evil.example/" });
    expect(elsewhere.location).toBe("/");
  });
});

describe("the navigation guard and logout", () => {
  it("sends a visitor to /login with the wanted route, and a logged-out cookie no longer opens the account", async () => {
    const anonymous = await thrownResponse(async () => accountLoader(await routeArgs(testDb.db, "/account")));
    expect(anonymous).toEqual({ status: 302, location: "/login?redirect=%2Faccount" });

    const login = await post(loginAction, "/login", { email: "camille@example.com", password: "correct horse", redirect: "/account" });
    const loggedIn = cookieOf(login.cookie);
    const page = (await accountLoader(await routeArgs(testDb.db, "/account", { init: { headers: { Cookie: loggedIn } } }))) as { firstName: string };
    expect(page.firstName).toBe("Camille");

    const out = await post(logoutAction, "/logout", {}, loggedIn);
    expect(out.status).toBe(303);
    const newGuest = await readSession(request(cookieOf(out.cookie)));
    expect(newGuest?.guestId).not.toBe((await readSession(request(loggedIn)))?.guestId);
    // The old cookie, replayed, is refused: its login row is gone.
    const replayed = await thrownResponse(async () => accountLoader(await routeArgs(testDb.db, "/account", { init: { headers: { Cookie: loggedIn } } })));
    expect(replayed.status).toBe(302);
  });

  it("limits logins per e-mail, whatever the client (429 after 10 tries in 15 minutes)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const args = (await routeArgs(testDb.db, "/login", { init: form({ email: "limited@example.com", password: `guess ${i}` }) })) as {
        context: { set(key: unknown, value: unknown): void };
      };
      // Each try from another address: only the e-mail's own counter can stop the 11th.
      args.context.set(requestContext, { nonce: "", clientAddress: `203.0.113.${i + 1}` });
      const outcome = await (loginAction(args as never) as Promise<{ init?: { status?: number } }>).catch((e: { init?: { status?: number } }) => e);
      statuses.push(outcome.init?.status ?? 200);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
