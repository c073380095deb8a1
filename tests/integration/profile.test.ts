/**
 * /account/profile as a browser uses it (docs/product.md#accounts guard, address form): the guard
 * keeps the wanted route, a profile is saved in one go and shown again (phone E.164, postal codes
 * `A1A 1A1`, billing copied or kept apart), a refused form changes nothing and keeps the values,
 * an e-mail of another account is refused, and the password change checks the current password,
 * keeps this login and revokes the others. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadProfile } from "~/accounts/profile.server";
import { addresses, newsletterSignups, users } from "~/db/schema";
import { action as profileAction, loader as profileLoader } from "~/routes/account.profile";
import { readUser, registerCustomer, startUserSession, verifyCredentials } from "~/users/users.server";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// getEnv() caches the configuration on its first call: this file's own data folder (session secret).
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cuvee-profile-test-"));
  process.env.OUTBOX_DIR = join(process.env.DATA_DIR, "outbox");
});

let testDb: TestDatabase;
let db: TestDatabase["db"];
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
  db = testDb.db;
});
afterAll(() => testDb?.close());

type Reply = { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> | null };

/** A new customer, logged in: their id and session cookie. */
async function customer(email: string, password = "first password"): Promise<{ id: number; cookie: string }> {
  const user = await registerCustomer(db, { firstName: "Camille", lastName: "Tremblay", email, password, province: "QC", locale: "fr-CA" });
  if (user === "email-taken") throw new Error(`${email} already registered`);
  return { id: user.id, cookie: await logIn(user.id) };
}

async function logIn(userId: number): Promise<string> {
  return (await startUserSession(db, new Request("http://shop.test/"), userId)).split(";")[0]!;
}

const load = async (cookie: string, path = "/account/profile") =>
  await profileLoader(await routeArgs(db, path, { init: { headers: { Cookie: cookie } } }));

/** Posts a form; returns the status, the redirect target or conform's reply. */
async function post(cookie: string | null, fields: Record<string, string>) {
  const args = await routeArgs(db, "/account/profile", {
    init: {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    },
  });
  try {
    const result = (await profileAction(args)) as unknown as {
      data: { intent: string | null; result?: Reply };
      init?: { status?: number };
    };
    return { status: result.init?.status ?? 200, location: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const refused = thrown as { type?: string; init?: { status?: number } };
    if (refused?.type === "DataWithResponseInit") return { status: refused.init?.status ?? 500, location: null, data: null };
    throw thrown;
  }
}

const profileFields = {
  intent: "profile",
  firstName: "Camille",
  lastName: "Tremblay",
  email: "Camille.Profile@Example.com",
  phone: "514 555-0123",
  "delivery.aptSuite": "3",
  "delivery.civicNumber": "4200",
  "delivery.street": "boulevard Saint-Laurent",
  "delivery.city": "Montréal",
  "delivery.province": "QC",
  "delivery.postalCode": "h2x1y4",
  billingSameAsDelivery: "on",
  newsletter: "on",
};

describe("the navigation guard", () => {
  it("sends a visitor without a session to /login with the profile as the wanted route", async () => {
    const page = await thrownResponse(async () => profileLoader(await routeArgs(db, "/account/profile")));
    expect(page).toEqual({ status: 302, location: "/login?redirect=%2Faccount%2Fprofile" });
    const saved = await thrownResponse(async () => profileLoader(await routeArgs(db, "/account/profile?saved=profile")));
    expect(saved.location).toBe("/login?redirect=%2Faccount%2Fprofile%3Fsaved%3Dprofile");
    const posted = await post(null, profileFields);
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/login?redirect=%2Faccount%2Fprofile");
  });
});

describe("saving the profile", () => {
  it("shows a new customer's names and e-mail, no phone, and an empty delivery address in their province", async () => {
    const { cookie } = await customer("new.profile@example.com");
    const page = await load(cookie);
    expect(page.saved).toBeNull();
    expect(page.defaults).toMatchObject({
      firstName: "Camille",
      email: "new.profile@example.com",
      phone: "",
      newsletter: false,
      billingSameAsDelivery: true,
      delivery: { street: "", postalCode: "", province: "QC" },
    });
  });

  it("saves everything in one go and shows it again: e-mail lower-case, phone E.164, postal code `A1A 1A1`, billing copied", async () => {
    const { id, cookie } = await customer("camille.profile@example.com");
    const saved = await post(cookie, profileFields);
    expect(saved).toMatchObject({ status: 303, location: "/account/profile?saved=profile" });

    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: "camille.profile@example.com", phone: "+15145550123", newsletter: true });
    // Ticking the newsletter signs the customer up to their province's list (kept here: no Mailchimp).
    const signups = await db.select().from(newsletterSignups).where(eq(newsletterSignups.email, "camille.profile@example.com"));
    expect(signups).toMatchObject([{ province: "QC", firstName: row!.firstName, status: "STORED", interests: [] }]);
    const delivery = {
      aptSuite: "3",
      civicNumber: "4200",
      street: "boulevard Saint-Laurent",
      city: "Montréal",
      province: "QC",
      postalCode: "H2X 1Y4",
    };
    const profile = await loadProfile(db, id);
    expect(profile).toMatchObject({ id, email: "camille.profile@example.com", delivery, billing: delivery });
    expect(profile).not.toHaveProperty("passwordHash");

    const page = await load(cookie, "/account/profile?saved=profile");
    expect(page.saved).toBe("profile");
    expect(page.defaults).toMatchObject({ phone: "(514) 555-0123", newsletter: true, delivery, billingSameAsDelivery: true });

    // A separate billing address replaces the copy; unticking the newsletter clears it.
    const { billingSameAsDelivery: _same, newsletter: _news, ...rest } = profileFields;
    const again = await post(cookie, {
      ...rest,
      "billing.civicNumber": "1",
      "billing.street": "rue Yonge",
      "billing.city": "Toronto",
      "billing.province": "ON",
      "billing.postalCode": "M5E 1E5",
    });
    expect(again.status).toBe(303);
    const rows = await db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows).toHaveLength(2);
    const reloaded = await load(cookie);
    expect(reloaded.defaults).toMatchObject({
      newsletter: false,
      billingSameAsDelivery: false,
      billing: { aptSuite: "", civicNumber: "1", street: "rue Yonge", city: "Toronto", province: "ON", postalCode: "M5E 1E5" },
    });
  });

  it("refuses a bad phone with the spec's message (400), keeps the values and changes nothing", async () => {
    const { id, cookie } = await customer("bad.phone@example.com");
    const refused = await post(cookie, { ...profileFields, email: "bad.phone@example.com", firstName: "Renamed", phone: "555-0123" });
    expect(refused.status).toBe(400);
    expect(refused.data?.intent).toBe("profile");
    expect(refused.data?.result?.error).toEqual({ phone: ["profile.errors.phoneInvalid"] });
    expect(refused.data?.result?.initialValue).toMatchObject({
      firstName: "Renamed",
      phone: "555-0123",
      delivery: { postalCode: "h2x1y4" },
    });
    const profile = await loadProfile(db, id);
    expect(profile).toMatchObject({ firstName: "Camille", phone: "", delivery: null, billing: null });
  });

  it("refuses an e-mail another account uses (any case), changing nothing; its own e-mail in another case is fine", async () => {
    await customer("taken@example.com");
    const { id, cookie } = await customer("owner@example.com");
    // Told only to whoever gives the account's password (docs/decisions/031).
    const refused = await post(cookie, {
      ...profileFields,
      firstName: "Renamed",
      email: "TAKEN@example.com",
      currentPassword: "first password",
    });
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error).toEqual({ email: ["profile.errors.emailTaken"] });
    expect(refused.data?.result?.initialValue).toMatchObject({ email: "TAKEN@example.com", firstName: "Renamed" });
    expect(await loadProfile(db, id)).toMatchObject({ email: "owner@example.com", firstName: "Camille", delivery: null });

    const own = await post(cookie, { ...profileFields, email: "Owner@Example.com" });
    expect(own.status).toBe(303);
    expect(await loadProfile(db, id)).toMatchObject({ email: "owner@example.com" });
  });

  it("answers an unknown intent with a 400", async () => {
    const { cookie } = await customer("intent@example.com");
    const refused = await post(cookie, { intent: "delete-everything" });
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error).toEqual({ "": ["profile.errors.unknownIntent"] });
  });
});

describe("changing the password", () => {
  const change = (current: string, next: string, confirm = next) => ({
    intent: "password",
    currentPassword: current,
    newPassword: next,
    confirmPassword: confirm,
  });

  it("refuses a wrong current password (400) without echoing any password, and keeps the old one", async () => {
    const { cookie } = await customer("wrong.current@example.com");
    const refused = await post(cookie, change("not my password", "a brand new password"));
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error).toEqual({ currentPassword: ["profile.errors.currentPasswordWrong"] });
    expect(JSON.stringify(refused.data)).not.toContain("not my password");
    expect(JSON.stringify(refused.data)).not.toContain("a brand new password");
    expect(await verifyCredentials(db, "wrong.current@example.com", "first password")).not.toBeNull();
    const mismatch = await post(cookie, change("first password", "a brand new password", "another one"));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data?.result?.error).toEqual({ confirmPassword: ["profile.errors.passwordMismatch"] });
  });

  it("with the right current password: the new one works, the old one no longer, this login stays and the others are revoked", async () => {
    const { id, cookie } = await customer("right.current@example.com");
    const elsewhere = await logIn(id);
    const request = (c: string) => new Request("http://shop.test/", { headers: { Cookie: c } });
    expect(await readUser(db, request(elsewhere))).not.toBeNull();

    const changed = await post(cookie, change("first password", "a brand new password"));
    expect(changed).toMatchObject({ status: 303, location: "/account/profile?saved=password" });
    expect(await verifyCredentials(db, "right.current@example.com", "a brand new password")).not.toBeNull();
    expect(await verifyCredentials(db, "right.current@example.com", "first password")).toBeNull();
    expect(await readUser(db, request(cookie))).not.toBeNull();
    expect(await readUser(db, request(elsewhere))).toBeNull();
    expect((await load(cookie, "/account/profile?saved=password")).saved).toBe("password");
  });

  it("limits password tries per user (429 after 10 in 15 minutes)", async () => {
    const { cookie } = await customer("guesser@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(cookie, change(`guess ${i}`, "a brand new password"))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
