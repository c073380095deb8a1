/**
 * The first screen on a slow phone (docs/decisions/023-first-screen.md): a page
 * is styled by its HTML alone (the stylesheet is inline), starts no script before its first
 * paint, and downloads the strings of its own language only — the other language's come with a
 * switch. Runs with JavaScript and without.
 */
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { isNoJs, mainNav, switchPreference, waitForHydration } from "./support/helpers";

// The desktop layout, where the header's language switch is in sight.
test.use({ viewport: { width: 1366, height: 900 } });

/** `checkout.place` in each language: text that only its own language's strings hold. */
const PLACE_ORDER = { "fr-CA": "Passer la commande", "en-US": "Place the order" };

/** Collects the text of every script and strings file the page downloads from /assets/. */
function assetDownloads(page: Page): { texts: () => Promise<string[]>; urls: string[] } {
  const urls: string[] = [];
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/assets/")) return;
    urls.push(response.url());
    bodies.push(response.text().catch(() => ""));
  });
  return { urls, texts: () => Promise.all(bodies) };
}

test("a page is styled by its HTML alone and starts no script before it is painted", async ({ page }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  const response = await page.goto("/products");
  const html = await response!.text();
  // Nothing in the HTML makes the browser fetch a stylesheet or a script before painting.
  expect(html).not.toMatch(/<link[^>]*rel="(stylesheet|modulepreload)"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toHaveCSS("font-family", /Georgia/);
  expect(stylesheets).toEqual([]);
  if (isNoJs()) return;

  await waitForHydration(page);
  const timing = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    firstScript: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => e.startTime),
    ),
  }));
  expect(timing.firstContentfulPaint).not.toBeNull();
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
});

test("an English page downloads the English strings only, and French comes with the switch", async ({ page }) => {
  const downloads = assetDownloads(page);
  await page.goto("/products?lng=en-US");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await waitForHydration(page);
  if (isNoJs()) {
    // Without JavaScript the page downloads neither scripts nor strings.
    expect(downloads.urls).toEqual([]);
    return;
  }
  let texts = (await downloads.texts()).join("\n");
  expect(texts.includes(PLACE_ORDER["en-US"]), "the English strings are downloaded").toBe(true);
  expect(texts.includes(PLACE_ORDER["fr-CA"]), "no French string is downloaded").toBe(false);

  await switchPreference(page, "FR");
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Producteurs", exact: true })).toBeVisible();
  texts = (await downloads.texts()).join("\n");
  expect(texts.includes(PLACE_ORDER["fr-CA"]), "the French strings came with the switch").toBe(true);
});

test("a French page downloads the French strings only", async ({ page }) => {
  test.skip(isNoJs(), "without JavaScript nothing is downloaded (previous test)");
  const downloads = assetDownloads(page);
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toBeVisible();
  await waitForHydration(page);
  const texts = (await downloads.texts()).join("\n");
  expect(texts.includes(PLACE_ORDER["fr-CA"]), "the French strings are downloaded").toBe(true);
  expect(texts.includes(PLACE_ORDER["en-US"]), "no English string is downloaded").toBe(false);
});

test("a shared page (the list's second visit, decision 026) hydrates, its scripts allowed by hash, and navigates", async ({ page }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  // Another test's order or import may empty the shared pages between the two visits: try again.
  let response: Response | null = null;
  await expect(async () => {
    await page.goto("/products?sort=name");
    response = await page.goto("/products?sort=name");
    expect(response!.headers()["age"]).toMatch(/^\d+$/);
  }).toPass({ timeout: 20_000 });
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toHaveCSS("font-family", /Georgia/);
  await waitForHydration(page);
  await mainNav(page).getByRole("link", { name: "Producteurs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
  expect(refusals).toEqual([]);
});
