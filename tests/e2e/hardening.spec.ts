/**
 * What a visitor's browser does with another site's traps, with and without
 * JavaScript: a form on another origin that posts to the shop, and a page framing the cart. The
 * other site is a small server on `localhost` (the shop is on 127.0.0.1: another site to Chromium).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/fixtures";
import { isNoJs } from "./support/helpers";

let evil: Server;
let evilOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const shop = new URL(baseURL!).origin;
  const pages: Record<string, string> = {
    // The victim clicks a harmless-looking button (the same trap works without JavaScript).
    "/preferences": `<form method="post" action="${shop}/preferences">
      <input type="hidden" name="locale" value="en-US"><input type="hidden" name="province" value="ON">
      <input type="hidden" name="redirectTo" value="/"><button>Win a case of wine</button></form>`,
    "/cart": `<form method="post" action="${shop}/shopping-cart">
      <input type="hidden" name="intent" value="add"><input type="hidden" name="productInventoryId" value="1">
      <input type="hidden" name="quantity" value="3"><button>Win a case of wine</button></form>`,
    "/frame": `<h1>Framed</h1><iframe src="${shop}/shopping-cart" title="shop" width="800" height="600"></iframe>`,
  };
  evil = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><title>Prizes</title><body>${pages[req.url ?? ""] ?? ""}</body></html>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => evil.close(resolve));
});

test("a form on another site cannot switch the visitor's language and province", async ({ page }) => {
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");

  await page.goto(`${evilOrigin}/preferences`);
  const response = page.waitForResponse((r) => r.url().endsWith("/preferences") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Win a case of wine" }).click();
  expect((await response).status()).toBe(403);
  await expect(page.getByText("Refusé : ce formulaire a été envoyé depuis un autre site.")).toBeVisible();

  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("button", { name: "QC", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("a form on another site cannot fill the visitor's cart", async ({ page }) => {
  await page.goto(`${evilOrigin}/cart`);
  const response = page.waitForResponse((r) => r.url().endsWith("/shopping-cart") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Win a case of wine" }).click();
  expect((await response).status()).toBe(403);

  await page.goto("/products");
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Panier, 0 article");
});

test("another site cannot frame the cart", async ({ page }) => {
  await page.goto(`${evilOrigin}/frame`, { waitUntil: "load" });
  await expect(page.getByRole("heading", { name: "Framed" })).toBeVisible();
  // The frame stays empty: Chromium refuses to render the shop inside another origin.
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("banner")).toHaveCount(0);
  await expect(frame.getByRole("main")).toHaveCount(0);
});

test("every page of the shop carries a CSP nonce that its scripts use", async ({ page }) => {
  const response = await page.goto("/shopping-cart");
  const csp = response!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  // Browsers hide the nonce attribute from the DOM, but keep it as the element's property.
  if (!isNoJs()) {
    const nonces = await page.locator("script").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
    expect(nonces.length).toBeGreaterThan(0);
    for (const value of nonces) expect(value).toBe(nonce);
  }
});
