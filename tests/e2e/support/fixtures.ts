/**
 * The `test` of every browser spec: Playwright's, plus a watch on the Content-Security-Policy.
 * Any CSP violation Chromium reports on a page of the shop fails the test that caused
 * it, so a new inline script without the nonce, an inline style or an outside resource cannot
 * slip in unnoticed. With JavaScript off nothing runs, so only the `js` project can see one.
 *
 * Each test is its own client: its page sends an `X-Forwarded-For` address of its own (the e2e
 * server believes loopback proxies, `TRUST_PROXY=loopback`), so the per-client rate limits count
 * one visitor's forms, as in production, not the whole suite's.
 *
 * Each test's browser context (and its `request`) starts as a visitor who already confirmed their
 * age, saw the province notice and answered the cookie consent (support/visitor.ts),
 * so the specs meet the page itself. A spec about the first minute opts out with
 * `test.use({ visitor: "new" })`.
 */
import { expect, test as base } from "@playwright/test";
import { answerVisitorDialogs, type ServerCookie } from "./visitor";

/** `answered`: past the age gate, notice and consent; `new`: a first visit. */
export type VisitorKind = "answered" | "new";

/** The answered visitor's cookies, asked once per worker and server (they do not change). */
const answeredCookies = new Map<string, Promise<ServerCookie[]>>();

export const test = base.extend<{ cspWatch: void; visitor: VisitorKind }>({
  visitor: ["answered", { option: true }],
  storageState: async ({ visitor, baseURL }, use) => {
    if (visitor === "new") return use(undefined);
    const origin = new URL(baseURL!).origin;
    if (!answeredCookies.has(origin)) answeredCookies.set(origin, answerVisitorDialogs(origin));
    const cookies = (await answeredCookies.get(origin)!).map((cookie) => ({
      name: cookie.name,
      value: cookie.value,
      domain: new URL(origin).hostname,
      path: "/",
      expires: cookie.maxAge === null ? -1 : Math.floor(Date.now() / 1000) + cookie.maxAge,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    }));
    await use({ cookies, origins: [] });
  },
  page: async ({ page }, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
    await use(page);
  },
  cspWatch: [
    async ({ page, baseURL }, use) => {
      const shopOrigin = new URL(baseURL!).origin;
      const violations: string[] = [];
      page.on("console", (message) => {
        const where = message.location().url;
        const onShop = where === "" ? page.url().startsWith(shopOrigin) : where.startsWith(shopOrigin);
        if (onShop && /Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
      });
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page } from "@playwright/test";
