/**
 * The `test` of every browser spec: Playwright's, plus a watch on the Content-Security-Policy
 * (issue 6). Any CSP violation Chromium reports on a page of the shop fails the test that caused
 * it, so a new inline script without the nonce, an inline style or an outside resource cannot
 * slip in unnoticed. With JavaScript off nothing runs, so only the `js` project can see one.
 *
 * Each test is its own client: its page sends an `X-Forwarded-For` address of its own (the e2e
 * server believes loopback proxies, `TRUST_PROXY=loopback`), so the per-client rate limits count
 * one visitor's forms, as in production, not the whole suite's.
 */
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ cspWatch: void }>({
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
