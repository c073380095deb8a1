/**
 * The demo logins outside production and the staff's users list
 * (docs/product.md#staff-area `GET /users?role=`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { hasActiveMembership, priceBenefitsOf } from "~/users/membership.server";
import { listUsers, verifyCredentials } from "~/users/users.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "reference" });
});
afterAll(async () => {
  await testDb?.close();
});

describe("demo logins", () => {
  it("creates a customer per province (the Quebec one a member), a staff user and an Ontario discovery subscriber, once", async () => {
    const { db } = testDb;
    expect(await seedDemoAccounts(db, "development")).toBe(4);
    expect(await seedDemoAccounts(db, "development")).toBe(0);
    const logins = await Promise.all(DEMO_ACCOUNTS.map((a) => verifyCredentials(db, a.email, a.password)));
    expect(logins.map((u) => [u?.role, u?.province])).toEqual([
      ["customer", "QC"],
      ["customer", "ON"],
      ["staff", "QC"],
      ["customer", "ON"],
    ]);
    expect(await hasActiveMembership(db, logins[0]!.id)).toBe(true);
    expect(await hasActiveMembership(db, logins[1]!.id)).toBe(false);
    // docs/decisions/048-discovery-subscriber-prices.md: the subscriber's package is running.
    expect(await priceBenefitsOf(db, logins[1]!.id)).toEqual({ isMember: false, isDiscoverySubscriber: false });
    expect(await priceBenefitsOf(db, logins[3]!.id)).toEqual({ isMember: false, isDiscoverySubscriber: true });
  });
});

describe("the users list", () => {
  it("answers staff only, filtered by role and by a search in names (accents ignored) or e-mail", async () => {
    const { db } = testDb;
    await seedDemoAccounts(db, "development");
    const [qc, , staff] = await Promise.all(DEMO_ACCOUNTS.map((a) => verifyCredentials(db, a.email, a.password)));
    expect(await listUsers(db, null)).toBeNull();
    expect(await listUsers(db, qc!)).toBeNull();

    const customers = await listUsers(db, staff!, { role: "customer" });
    expect(customers?.map((u) => u.email)).toEqual(["abonne.on@demo.cuvee.test", "client.on@demo.cuvee.test", "client.qc@demo.cuvee.test"]);
    expect((await listUsers(db, staff!, { role: "staff" }))?.map((u) => u.email)).toEqual(["agence@demo.cuvee.test"]);
    expect((await listUsers(db, staff!, { search: "agence cuvee" }))?.map((u) => u.role)).toEqual(["staff"]);
    expect((await listUsers(db, staff!, { search: "CLIENT.ON@" }))?.map((u) => u.firstName)).toEqual(["Jordan"]);
    expect(await listUsers(db, staff!, { search: "50%_" })).toEqual([]);
    // Never the password hash.
    expect(Object.keys(customers![0]!)).not.toContain("passwordHash");
  });
});
