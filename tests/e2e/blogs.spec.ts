/**
 * The blog: the list filtered by a theme through the GET form, back/forward keeping
 * each filter state, an article with its body and links to its products, the related articles
 * on a product page, a 404 for an unknown article, and no axe violation.
 * Runs with JavaScript (a change submits at once) and without (the visitor clicks "Filtrer").
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Locator, test } from "./support/fixtures";
import { checkFilter, hasParams, isNoJs, waitForHydration } from "./support/helpers";

// The desktop layout (from 1366 px, docs/product.md#layout): the filter column in sight without opening anything.
test.use({ viewport: { width: 1366, height: 900 } });

function themeBox(form: Locator, code: string): Locator {
  return form.locator(`input[type="checkbox"][name="a"][value="${code}"]`);
}

test("filter the list by theme, and back/forward keep each filter state", async ({ page }) => {
  await page.goto("/blogs");
  await expect(page).toHaveTitle("Blogue · Cuvée");
  await expect(page.getByRole("heading", { level: 1, name: "Blogue" })).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /articles?$/ });
  // The demo's 13 articles, and those other specs publish meanwhile (blog-desk.spec.ts): the exact
  // total is tests/integration/blogs.test.ts's.
  const allArticles = /^(1[3-9]|[2-9]\d) articles$/;
  await expect(status).toHaveText(allArticles);
  await waitForHydration(page);
  const form = page.getByTestId("blog-filters");
  const cards = page.getByTestId("blog-card");
  await expect(cards).toHaveCount(9);

  await checkFilter(page, form, "a", "events", hasParams({ a: "events" }, "/blogs"));
  await expect(status).toHaveText("2 articles");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Événements" })).toHaveCount(2);

  await checkFilter(page, form, "a", "travel", hasParams({ a: ["events", "travel"] }, "/blogs"));
  await expect(status).toHaveText("8 articles");

  await page.goBack();
  await expect(page).toHaveURL(hasParams({ a: "events" }, "/blogs"));
  await expect(status).toHaveText("2 articles");
  await expect(themeBox(form, "events")).toBeChecked();
  await expect(themeBox(form, "travel")).not.toBeChecked({ timeout: isNoJs() ? 2_000 : undefined });

  await page.goForward();
  await expect(page).toHaveURL(hasParams({ a: ["events", "travel"] }, "/blogs"));
  await expect(status).toHaveText("8 articles");
  await expect(themeBox(form, "events")).toBeChecked();
  await expect(themeBox(form, "travel")).toBeChecked();

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/blogs" && url.search === "");
  await expect(status).toHaveText(allArticles);
  await expect(themeBox(form, "events")).not.toBeChecked({ timeout: isNoJs() ? 2_000 : undefined });
  await expectNoAxeViolations(page);
});

test("open an article: its body, themes and a link to its product, which links back", async ({ page }) => {
  await page.goto("/blogs?a=events");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Champagne de vigneron : Larmandier-Bernier" }).click();
  await expect(page).toHaveURL("/blogs/grower-champagne-larmandier-bernier");
  await expect(page).toHaveTitle("Champagne de vigneron : Larmandier-Bernier · Cuvée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Champagne de vigneron : Larmandier-Bernier");
  const body = page.getByTestId("blog-body");
  await expect(body.getByRole("heading", { level: 2, name: "Latitude et Longitude" })).toBeVisible();
  await expect(body).toContainText("Pierre et Sophie Larmandier");
  await expect(page.getByRole("list", { name: "Thèmes" })).toContainText("Événements");
  await expectNoAxeViolations(page);

  const products = page.getByRole("region", { name: "Produits de cet article" });
  const productLink = products.locator('a[href="/products/larmandier-bernier-champagne-latitude-extra-brut"]');
  await expect(productLink).toBeVisible();
  await productLink.click();
  await expect(page).toHaveURL((url) => url.pathname === "/products/larmandier-bernier-champagne-latitude-extra-brut");
  const related = page.getByRole("region", { name: "Articles liés" });
  await expect(related.getByRole("link", { name: "Champagne de vigneron : Larmandier-Bernier" })).toHaveAttribute(
    "href",
    "/blogs/grower-champagne-larmandier-bernier",
  );
});

test("an unknown article is a 404, and a cover image is served", async ({ page, request }) => {
  const response = await page.goto("/blogs/no-such-article");
  expect(response?.status()).toBe(404);
  const image = await request.get("/images/blogs/grapes--c9b458.svg");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/image\/svg\+xml/);
});
