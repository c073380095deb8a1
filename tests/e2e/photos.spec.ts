/**
 * The stored photos as a shopper meets them (docs/decisions/038-photos-on-pages.md), with and
 * without JavaScript: the first products of /products and their producers have generated photos
 * stored as a staff upload would be (scripts/e2e-server.sh runs scripts/sample-photos.ts); the
 * list, the product page (its main photo the preloaded, high-priority largest paint), the cart and
 * the producer page show them as `<picture>` with `/media/` srcsets, width, height and alt text;
 * the variants answer in their format; axe finds nothing on those pages.
 */
import type { Locator } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";

const MEDIA = /^\/media\/[0-9a-f]{64}\/\d+\.(avif|webp|jpg)$/;

/** The URLs of a srcset, each checked to be a /media/ variant of the format's extension. */
function srcsetUrls(srcset: string | null, extension: string): string[] {
  const urls = (srcset ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!);
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url).toMatch(MEDIA);
    expect(url.endsWith(`.${extension}`)).toBe(true);
  }
  return urls;
}

/** Checks one stored photo: AVIF, WebP and JPEG srcsets of /media/ variants, sizes, width, height and alt. */
async function expectStoredPhoto(picture: Locator): Promise<{ avif: string[]; webp: string[]; jpeg: string[] }> {
  const img = picture.locator("img");
  const avif = srcsetUrls(await picture.locator('source[type="image/avif"]').getAttribute("srcset"), "avif");
  const webp = srcsetUrls(await picture.locator('source[type="image/webp"]').getAttribute("srcset"), "webp");
  const jpeg = srcsetUrls(await img.getAttribute("srcset"), "jpg");
  expect(await img.getAttribute("sizes")).toBeTruthy();
  expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
  expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
  expect((await img.getAttribute("alt"))?.trim()).toBeTruthy();
  return { avif, webp, jpeg };
}

/** The product cards of /products that show a stored photo. */
function photoCards(page: Page): Locator {
  return page.getByTestId("product-card").filter({ has: page.locator("picture") });
}

test("the product list shows the stored photos, lazily, and the variants answer in their format", async ({ page }) => {
  await page.goto("/products");
  const cards = photoCards(page);
  expect(await cards.count()).toBeGreaterThan(0);
  const first = cards.first().locator("picture");
  const { avif, webp, jpeg } = await expectStoredPhoto(first);
  await expect(first.locator("img")).toHaveAttribute("sizes", "96px");
  // The first card's photo is a phone's largest paint, fetched at once; the others load lazily.
  await expect(page.getByTestId("product-card").first().locator("img").first()).toHaveAttribute("loading", "eager");
  await expect(cards.nth(1).locator("img")).toHaveAttribute("loading", "lazy");

  // A product without a photo keeps its generated image, sized too.
  const generated = page.getByTestId("product-card").filter({ hasNot: page.locator("picture") });
  if ((await generated.count()) > 0) {
    const img = generated.first().locator("img").first();
    await expect(img).toHaveAttribute("src", /^\/images\/products\/.+\.svg$/);
    await expect(img).toHaveAttribute("width", /\d+/);
  }

  for (const [url, type] of [
    [avif[0]!, "image/avif"],
    [webp[webp.length - 1]!, "image/webp"],
    [jpeg[1] ?? jpeg[0]!, "image/jpeg"],
  ] as const) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"]).toBe(type);
    expect(response.headers()["cache-control"]).toContain("immutable");
  }
  await expectNoAxeViolations(page, "/products with photos");
});

test("the product page's main photo is preloaded, high priority and never lazy; the others open larger", async ({ page, baseURL }) => {
  await page.goto("/products");
  const href = await photoCards(page).first().locator("a").first().getAttribute("href");
  await page.goto(href!);
  const main = page.locator("main picture").first();
  await expectStoredPhoto(main);
  const img = main.locator("img");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toBeVisible();

  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  const preloaded = srcsetUrls(await preload.getAttribute("imagesrcset"), "avif");
  expect(preloaded).toEqual(srcsetUrls(await main.locator('source[type="image/avif"]').getAttribute("srcset"), "avif"));
  expect(await preload.getAttribute("imagesizes")).toBe(await img.getAttribute("sizes"));

  // The first sample product has a second photo: the gallery links each photo to a larger JPEG.
  const gallery = page.getByTestId("product-gallery");
  await expect(gallery.getByRole("link")).toHaveCount(2);
  const large = await gallery.getByRole("link").nth(1).getAttribute("href");
  expect(large).toMatch(/^\/media\/[0-9a-f]{64}\/\d+\.jpg$/);
  // (Not opened in the page: Chromium's own image viewer styles itself inline, which the CSP the
  // shop sends with every answer refuses; the photo shows all the same.)
  const opened = await page.request.get(large!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/jpeg");

  // The Product JSON-LD names the product's own photos, by absolute URL.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as { image: string[] };
  expect(ld.image).toHaveLength(2);
  for (const url of ld.image) expect(url).toMatch(new RegExp(`^${baseURL}/media/[0-9a-f]{64}/\\d+\\.jpg$`));
  await expectNoAxeViolations(page, "a product page with photos");
});

test("the cart's line shows the product's photo as a small thumbnail", async ({ page }) => {
  await page.goto("/products");
  const card = photoCards(page)
    .filter({ has: page.getByTestId("add-to-cart") })
    .first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  // A card holds one form per channel (docs/decisions/040): the first one's.
  const form = card.getByTestId("add-to-cart").first();
  await form.getByRole("button").click();
  await expect(form.getByRole("status")).toContainText(/Ajouté/);
  await page.goto("/shopping-cart");
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  const picture = line.locator("picture");
  await expectStoredPhoto(picture);
  await expect(picture.locator("img")).toHaveAttribute("sizes", "64px");
  await expectNoAxeViolations(page, "the cart with a photo");
});

test("the producer page shows its photo, logo, website and bio; the producers list its photos", async ({ page }) => {
  await page.goto("/products");
  const productHref = await photoCards(page).first().locator("a").first().getAttribute("href");
  await page.goto(productHref!);
  await page.locator('main a[href^="/providers/"]').first().click();
  await expect(page).toHaveURL(/\/providers\/[a-z0-9-]+$/);

  const header = page.locator("main article header").first();
  const pictures = header.locator("picture");
  await expect(pictures).toHaveCount(2);
  await expectStoredPhoto(pictures.nth(0));
  await expect(pictures.nth(0).locator("img")).toHaveAttribute("fetchpriority", "high");
  await expectStoredPhoto(pictures.nth(1));
  const website = page.getByTestId("provider-website");
  await expect(website).toHaveAttribute("href", "https://www.example.com/domaine");
  await expect(website).toHaveAttribute("rel", /noopener/);
  await expect(website).toContainText("example.com");
  await expect(page.getByTestId("provider-bio").locator("p")).toHaveCount(2);
  await expectNoAxeViolations(page, "a producer page with photos");

  await page.goto("/providers");
  const tiles = page.getByTestId("provider-card").filter({ has: page.locator("picture") });
  expect(await tiles.count()).toBeGreaterThan(0);
  await expectStoredPhoto(tiles.first().locator("picture"));
});
