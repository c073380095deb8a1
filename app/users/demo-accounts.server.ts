/**
 * Demo logins, for trying the shop on a development machine: a customer per
 * province (the Quebec one a member), an agency staff user, and an Ontario discovery subscriber
 * (docs/decisions/048-discovery-subscriber-prices.md). Their addresses end in
 * `@demo.cuvee.test` (a reserved domain nobody receives mail at); they are never created in
 * production, and a login with one is refused there even if a development database was reused.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriptions, users } from "~/db/schema";
import type { Locale, Province, Role } from "~/vocabulary";
import { hashPassword } from "./password.server";

/** The domain of every demo login. */
const DEMO_DOMAIN = "@demo.cuvee.test";

interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  province: Province;
  locale: Locale;
  firstName: string;
  lastName: string;
  phone: string;
  /** Holds the yearly membership (member prices, docs/product.md#members). */
  member: boolean;
  /** Holds the monthly discovery package 1 (subscriber prices, decision 048). */
  discovery?: boolean;
}

/** The demo logins, as the README lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: `client.qc${DEMO_DOMAIN}`,
    password: "cuvee-demo-qc",
    role: "customer",
    province: "QC",
    locale: "fr-CA",
    firstName: "Camille",
    lastName: "Tremblay",
    phone: "+15145550101",
    member: true,
  },
  {
    email: `client.on${DEMO_DOMAIN}`,
    password: "cuvee-demo-on",
    role: "customer",
    province: "ON",
    locale: "en-US",
    firstName: "Jordan",
    lastName: "Smith",
    phone: "+14165550102",
    member: false,
  },
  {
    email: `agence${DEMO_DOMAIN}`,
    password: "cuvee-demo-staff",
    role: "staff",
    province: "QC",
    locale: "fr-CA",
    firstName: "Agence",
    lastName: "Cuvée",
    phone: "",
    member: false,
  },
  {
    email: `abonne.on${DEMO_DOMAIN}`,
    password: "cuvee-demo-discovery",
    role: "customer",
    province: "ON",
    locale: "fr-CA",
    firstName: "Dominique",
    lastName: "Lavoie",
    phone: "+16135550104",
    member: false,
    discovery: true,
  },
];

/** Whether an e-mail is one of the demo logins' (refused at login in production). */
export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(DEMO_DOMAIN);
}

/**
 * Creates the demo logins that do not exist yet (an existing one, maybe with a changed password,
 * is left as it is); the member gets a yearly membership running from now, the subscriber a
 * monthly discovery package running for a month. Needs the subscription
 * plans (`seedReferenceData`).
 * @param nodeEnv refuses to run in production.
 * @throws Error in production.
 * @returns how many logins were created.
 */
export async function seedDemoAccounts(db: Database, nodeEnv: string, now = new Date()): Promise<number> {
  if (nodeEnv === "production") throw new Error("Demo logins are never created in production.");
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const { password, member, discovery, ...fields } = account;
    const [row] = await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password) })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) continue;
    created += 1;
    const plans: { planCode: string; interval: "month" | "year" }[] = member ? [{ planCode: "MEMBERSHIP", interval: "year" }] : [];
    if (discovery) plans.push({ planCode: "DISCOVERY_1", interval: "month" });
    for (const { planCode, interval } of plans) {
      const [held] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, row.id), eq(subscriptions.planCode, planCode)));
      if (!held) {
        const renewal = new Date(now);
        if (interval === "year") renewal.setFullYear(renewal.getFullYear() + 1);
        else renewal.setMonth(renewal.getMonth() + 1);
        await db
          .insert(subscriptions)
          .values({ userId: row.id, planCode, status: "ACTIVE", paymentProvider: "simulated", currentPeriodEnd: renewal });
      }
    }
  }
  return created;
}
