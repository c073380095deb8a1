/**
 * What the account specs share: registering a new customer through the real form.
 */
import type { BrowserContext } from "@playwright/test";
import { expect, type Page, test } from "./fixtures";

/** The password every registered test customer gets. */
export const TEST_PASSWORD = "un bon mot de passe";

/**
 * Registers a new Quebec customer on /register (French), logs in on the page it leads to, and
 * waits for where it lands.
 * @param options.emailPrefix makes the address recognisable in the outbox: `<prefix>-<project>-<time>@example.com`.
 * @param options.path the registration URL, e.g. with `?redirect=` (then the caller checks the landing page).
 * @returns the e-mail registered.
 */
export async function registerCustomer(
  page: Page,
  options: { firstName?: string; lastName?: string; emailPrefix?: string; password?: string; path?: string } = {},
): Promise<string> {
  const firstName = options.firstName ?? "Camille";
  const email = `${options.emailPrefix ?? "client"}-${test.info().project.name}-${Date.now()}@example.com`;
  await page.goto(options.path ?? "/register");
  await page.getByRole("main").getByLabel("Prénom").fill(firstName);
  await page
    .getByRole("main")
    .getByLabel("Nom", { exact: true })
    .fill(options.lastName ?? "Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill(options.password ?? TEST_PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  // Registering answers the same for any address and sends to the login (docs/decisions/031).
  await expect(page.getByTestId("registered-notice")).toBeVisible();
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill(options.password ?? TEST_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  if (!options.path) await expect(page.getByRole("heading", { name: `Bonjour, ${firstName}` })).toBeVisible();
  return email;
}

/** The demo logins of the README (created on every non-production start). */
export const DEMO_LOGINS = {
  staff: { email: "agence@demo.cuvee.test", password: "cuvee-demo-staff" },
  customerQc: { email: "client.qc@demo.cuvee.test", password: "cuvee-demo-qc" },
  customerOn: { email: "client.on@demo.cuvee.test", password: "cuvee-demo-on" },
} as const;

/**
 * Logs in through /login (French) and waits for the page it lands on.
 * @param redirect where to land after the login (the login form's `redirect`), e.g. "/agence".
 */
export async function logIn(page: Page, login: { email: string; password: string }, redirect = "/account"): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ redirect })}`);
  await page.getByRole("main").getByLabel("Courriel").fill(login.email);
  await page.getByLabel("Mot de passe").fill(login.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => url.pathname === redirect.split("?")[0]);
}

/** The staff session cookie of each shop origin, logged in once per worker process. */
const staffSessions = new Map<string, Promise<{ name: string; value: string }>>();

/**
 * Logs the demo staff user into a browser context by adding its session cookie: the shop is asked
 * once per worker (`POST /login`, as a form without JavaScript would) and every agency spec then
 * reuses that session (one login is enough; successful logins are not limited, docs/decisions/031);
 * the login form itself is tested by agency-area.spec.ts. Never log this
 * session out (a spec that needs a customer too uses another context for one of them).
 * @throws Error when the shop does not answer the login with a 303 and a session cookie.
 */
export async function signInAsStaff(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  if (!staffSessions.has(origin)) staffSessions.set(origin, staffSessionCookie(origin));
  const cookie = await staffSessions.get(origin)!;
  await context.addCookies([{ ...cookie, domain: new URL(origin).hostname, path: "/", httpOnly: true, secure: false, sameSite: "Lax" }]);
}

async function staffSessionCookie(origin: string): Promise<{ name: string; value: string }> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: DEMO_LOGINS.staff.email, password: DEMO_LOGINS.staff.password, redirect: "/agence" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  await response.arrayBuffer();
  const session = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => /^(__Host-)?session=/.test(pair));
  if (response.status !== 303 || !session) throw new Error(`staff login answered ${response.status} without a session cookie`);
  const at = session.indexOf("=");
  return { name: session.slice(0, at), value: session.slice(at + 1) };
}
