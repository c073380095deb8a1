/**
 * Breadcrumbs, "Du même producteur", favourites and recently viewed products in the browser
 * (docs/decisions/041-favourites-and-recently-viewed.md), with and without JavaScript: a product
 * page's trail (links to the filtered lists, the page itself `aria-current`, its `BreadcrumbList`
 * beside the `Product`), a producer's trail; the demo customer keeps a product as a favourite and
 * removes it on /account/favorites; a guest is invited to log in; a visitor with a session sees the
 * products viewed before, one without sees none and gets no cookie for viewing. axe on each page.
 */
import { DEMO_LOGINS, logIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

const PRODUCT = "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022";
const PRODUCT_NAME = /Clos des Briords/;
const FOOD = "/products/la-belle-iloise-rillettes-de-sardines-60-g";

/** The JSON-LD objects of the page's head. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test.describe("breadcrumbs", () => {
  test("a product page shows Accueil › Produits › Vin › France › the wine, each a link, and its BreadcrumbList", async ({ page }) => {
    await page.goto(PRODUCT);
    const trail = page.getByRole("navigation", { name: "Fil d’Ariane" });
    await expect(trail.getByRole("listitem")).toHaveCount(5);
    await expect(trail.getByRole("link")).toHaveText(["Accueil", "Produits", "Vin", "France", PRODUCT_NAME]);
    await expect(trail.getByRole("link", { name: PRODUCT_NAME })).toHaveAttribute("aria-current", "page");
    const ld = await jsonLd(page);
    const list = ld.find((o) => o["@type"] === "BreadcrumbList") as { itemListElement: { position: number; name: string; item: string }[] };
    expect(list.itemListElement.map((i) => i.name)).toEqual(["Accueil", "Produits", "Vin", "France", expect.stringMatching(PRODUCT_NAME)]);
    expect(new URL(list.itemListElement[3]!.item).search).toBe("?type=VIN&c=FR");
    // The Product stays an object of its own.
    expect(ld.some((o) => o["@type"] === "Product")).toBe(true);
    await expectNoAxeViolations(page);

    await trail.getByRole("link", { name: "France" }).click();
    // The list filtered to French wines (with JavaScript the list may add its own view parameters).
    await expect(page).toHaveURL(
      (url) => url.pathname === "/products" && url.searchParams.get("type") === "VIN" && url.searchParams.get("c") === "FR",
    );
  });

  test("a producer page shows Accueil › Producteurs › the producer, and in English too", async ({ page }) => {
    await page.goto("/providers/domaine-de-la-pepiere");
    const trail = page.getByRole("navigation", { name: "Fil d’Ariane" });
    await expect(trail.getByRole("link")).toHaveText(["Accueil", "Producteurs", "Domaine de la Pépière"]);
    await expect(trail.getByRole("link", { name: "Producteurs" })).toHaveAttribute("href", "/providers");
    await page.goto("/providers/domaine-de-la-pepiere?lng=en-US");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText([
      "Home",
      "Producers",
      "Domaine de la Pépière",
    ]);
  });
});

test.describe("favourites", () => {
  test("a guest is invited to log in to keep favourites", async ({ page }) => {
    await page.goto(PRODUCT);
    await page.getByRole("link", { name: "Connectez-vous pour garder vos favoris" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test("the demo customer keeps a product as a favourite and removes it on /account/favorites", async ({ page }) => {
    // Each project its own product: the two run at once with the same customer.
    const path = isNoJs() ? FOOD : PRODUCT;
    await logIn(page, DEMO_LOGINS.customerQc, path);
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Favori" });
    // A run stopped halfway may have left it on.
    if ((await toggle.getAttribute("aria-pressed")) === "true") {
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "false");
    }
    const before = await page.evaluate(() => window.location.pathname);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Dans vos favoris")).toBeVisible();
    // Without JavaScript the 303 came back to the same page; with it the page never left.
    expect(await page.evaluate(() => window.location.pathname)).toBe(before);
    await expectNoAxeViolations(page);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!;

    await page.goto("/account");
    await page.getByRole("link", { name: /Mes favoris/ }).click();
    await expect(page).toHaveURL(/\/account\/favorites$/);
    const item = page.getByTestId("favorite").filter({ has: page.getByRole("link", { name }) });
    await expect(item).toHaveCount(1);
    await expectNoAxeViolations(page);
    await item.getByRole("button", { name: /Retirer/ }).click();
    await expect(page.getByTestId("favorite").filter({ has: page.getByRole("link", { name }) })).toHaveCount(0);
  });
});

test.describe("recently viewed", () => {
  test("a visitor with a session sees the products viewed before; one without sees none and gets no cookie", async ({ page }) => {
    // No session: nothing kept, no cookie set for viewing.
    const first = await page.goto(PRODUCT);
    expect(first!.headers()["set-cookie"]).toBeUndefined();
    await page.goto(FOOD);
    await expect(page.getByTestId("recently-viewed")).toHaveCount(0);

    // A cart change starts the session; the page it returns to is a view.
    await page.getByTestId("add-to-cart").first().getByRole("button").click();
    await expect(
      page
        .getByTestId("add-to-cart")
        .getByRole("status")
        .filter({ hasText: /Ajouté/ })
        .first(),
    ).toBeVisible();
    await page.goto(PRODUCT);
    const recents = page.getByTestId("recently-viewed");
    await expect(recents.getByRole("heading", { name: "Vus récemment" })).toBeVisible();
    await expect(recents.getByRole("link")).toHaveText([/Rillettes de sardines/]);
    await expectNoAxeViolations(page);

    await page.goto("/providers/domaine-de-la-pepiere");
    const other = page.getByTestId("product-card").getByRole("link").filter({ hasNotText: PRODUCT_NAME }).first();
    await other.click();
    await expect(page).not.toHaveURL(new RegExp(PRODUCT));
    await expect(page.getByTestId("recently-viewed").getByRole("link")).toHaveText([PRODUCT_NAME, /Rillettes de sardines/]);
  });
});
