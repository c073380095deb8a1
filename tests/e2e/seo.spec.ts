/**
 * Found by search engines and shared links: a product page's title, description,
 * canonical URL, hreflang alternates, OpenGraph tags and JSON-LD `Product` with offers in CAD;
 * `?lng=en-US` renders English even for a visitor whose cookie says French; private and missing
 * pages say `noindex`; /sitemap.xml and /robots.txt answer. Runs with JavaScript and without
 * (with it, the producer page reached by a client navigation gets its own head). The browser
 * says it is a search engine's crawler: that is who reads these tags, and crawlers get the pages
 * without the visitor's age gate and dialogs.
 */
import { expect, type Page, test } from "./support/fixtures";
import { waitForHydration } from "./support/helpers";

test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

/** The path of the first product of the product list (`/products/<slug>`, without the channel id). */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto("/products");
  const href = await page.locator('a[href^="/products/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return new URL(href!, "http://x").pathname;
}

const metaContent = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute("content");
const linkHref = (page: Page, selector: string) => page.locator(`head link[${selector}]`).getAttribute("href");

/** The page's JSON-LD objects, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("a product page has its title, description, canonical, alternates, OpenGraph and a JSON-LD Product in CAD", async ({
  page,
  baseURL,
}) => {
  const path = await firstProductPath(page);
  await page.goto(`${path}?id=1`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");

  const [ld] = await jsonLd(page);
  expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", url: `${baseURL}${path}` });
  const name = String(ld!.name);
  await expect(page).toHaveTitle(`${name} · Cuvée`);
  const brand = (ld!.brand as { name: string }).name;
  const description = await metaContent(page, 'name="description"');
  expect(description).toContain(brand);
  expect(description).toMatch(/ \$ avant taxes\./);

  // One canonical, on the plain (French) URL without the channel's id; the English one beside it.
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  expect(await linkHref(page, 'rel="canonical"')).toBe(`${baseURL}${path}`);
  expect(await linkHref(page, 'rel="alternate"][hreflang="fr-CA"')).toBe(`${baseURL}${path}`);
  expect(await linkHref(page, 'rel="alternate"][hreflang="en-CA"')).toBe(`${baseURL}${path}?lng=en-US`);
  expect(await linkHref(page, 'rel="alternate"][hreflang="x-default"')).toBe(`${baseURL}${path}`);

  expect(await metaContent(page, 'property="og:title"')).toBe(`${name} · Cuvée`);
  expect(await metaContent(page, 'property="og:description"')).toBe(description);
  expect(await metaContent(page, 'property="og:url"')).toBe(`${baseURL}${path}`);
  expect(await metaContent(page, 'property="og:type"')).toBe("product");
  expect(await metaContent(page, 'property="og:locale"')).toBe("fr_CA");
  // The product's own photo (a JPEG variant), or its generated image when it has none.
  expect(await metaContent(page, 'property="og:image"')).toMatch(
    new RegExp(`^${baseURL}/(images/products/.+\\.svg|media/[0-9a-f]{64}/\\d+\\.jpg)$`),
  );
  const image = await page.request.get((await metaContent(page, 'property="og:image"'))!);
  expect(image.status()).toBe(200);

  const offers = ld!.offers as Record<string, unknown>[];
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "CAD" });
    expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
    expect(String(offer.availability)).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|InStoreOnly)$/);
    expect(String(offer.url)).toMatch(new RegExp(`^${baseURL}${path}\\?id=\\d+$`));
  }
  // Each offer's price is one the page shows (per case for private import, taxes included by default).
  const shownText = (await page.locator("main").innerText()).replace(/\s/g, "");
  for (const offer of offers) expect(shownText).toContain(`${String(offer.price).replace(".", ",")}$`);
  expect(await page.locator("head title").count()).toBe(1);
  expect(await page.locator('head meta[name="robots"]').count()).toBe(0);

  // The producer's page (a client navigation with JavaScript) has its own head, an Organization
  // and its trail's BreadcrumbList (decision 041).
  await waitForHydration(page);
  await page
    .locator(`main a[href="${new URL(String((ld!.brand as { url: string }).url)).pathname}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(/\/providers\/[^/?]+$/);
  await expect(page).toHaveTitle(`${brand} · Cuvée`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", page.url());
  await expect.poll(async () => (await jsonLd(page)).map((o) => o["@type"])).toEqual(["Organization", "BreadcrumbList"]);
});

test("?lng=en-US renders the page in English despite a French cookie, and points its canonical at the English URL", async ({
  page,
  baseURL,
}) => {
  const path = await firstProductPath(page);
  // The visitor chose French (the prefs cookie says so).
  const chosen = await page.request.post("/preferences", { form: { locale: "fr-CA", redirectTo: "/" }, maxRedirects: 0 });
  expect(chosen.status()).toBe(303);

  await page.goto(`${path}?lng=en-US`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("button", { name: "EN", exact: true })).toHaveAttribute("aria-pressed", "true");
  expect(await linkHref(page, 'rel="canonical"')).toBe(`${baseURL}${path}?lng=en-US`);
  expect(await metaContent(page, 'property="og:locale"')).toBe("en_CA");
  expect(await metaContent(page, 'name="description"')).toMatch(/ before taxes\./);
  const [ld] = await jsonLd(page);
  expect(ld!.url).toBe(`${baseURL}${path}?lng=en-US`);

  // The language of the link is kept for the next pages, as if the visitor had switched.
  await page.goto("/providers");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page).toHaveTitle("Producers · Cuvée");
  expect(await linkHref(page, 'rel="canonical"')).toBe(`${baseURL}/providers?lng=en-US`);
});

test("private and missing pages tell search engines not to index them", async ({ page }) => {
  for (const path of ["/login", "/shopping-cart", "/some/unknown/page"]) {
    await page.goto(path);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  }
  await page.goto("/faq");
  await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /\S{10}/);
});

test("/sitemap.xml and /robots.txt answer, public and without cookies", async ({ page, baseURL }) => {
  const robots = await page.request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(robots.headers()["set-cookie"]).toBeUndefined();
  const robotsText = await robots.text();
  expect(robotsText).toContain("Disallow: /account");
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const index = await page.request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(index.headers()["cache-control"]).toBe("public, max-age=3600");
  expect(index.headers()["set-cookie"]).toBeUndefined();
  expect(await index.text()).toContain(`<loc>${baseURL}/sitemap/products-1.xml</loc>`);

  const products = await page.request.get("/sitemap/products-1.xml");
  expect(products.status()).toBe(200);
  const xml = await products.text();
  const path = await firstProductPath(page);
  expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}${path}?lng=en-US</loc>`);
  expect((await page.request.get("/sitemap/products-999.xml")).status()).toBe(404);
});
