/**
 * The shopper always sees what is happening (docs/decisions/039-progress-and-notifications.md),
 * at 375 px and 1440 px, with and without JavaScript:
 * - a slow navigation shows the progress bar (JavaScript: without it the browser shows its own);
 * - an add to the cart on /products keeps the shopper's place: with JavaScript the scroll stays
 *   and a toast offers the cart; without, the 303 lands on the card's add form, which says so, and
 *   the page's banner says it once;
 * - a forced 500 on the cart action, or an offline submit, keeps the product page and says
 *   "Erreur !" (JavaScript: without it the browser shows the server's or its own error page);
 * - a login and a logout say so once on the next page (the flash cookie);
 * - axe (wcag22aa) finds nothing with a toast shown.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

const WINE = "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022";
const ADD_BUTTON = /^(Ajouter|Réserver)/;

/** The product page's private-import block and its add button. */
function privateImportBlock(page: Page) {
  return page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: /^Importation privée$/ }) });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Each loads /products or a product page a few times on a shared two-core machine.
    test.slow();

    test("a slow navigation shows the progress bar until the page is there", async ({ page }) => {
      test.skip(isNoJs(), "without JavaScript a link loads a document: the browser shows its own progress");
      await page.goto("/products");
      await waitForHydration(page);
      const bar = page.getByRole("progressbar", { name: "Chargement en cours" });
      await expect(bar).toHaveCount(0);
      // The next page's data arrives after two seconds.
      await page.route(/\.data(\?|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      const card = page.getByTestId("product-card").first();
      const name = (await card.getByRole("heading").textContent())!.trim();
      await card.getByRole("link").first().click();
      await expect(bar).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(bar).toHaveCount(0);
    });

    test("an add to the cart on /products keeps the shopper's place and offers the cart", async ({ page }) => {
      await page.goto("/products");
      await waitForHydration(page);
      // A card well down the list (one column on a phone, three on a desktop).
      const anchor = (await page
        .getByTestId("product-card")
        .filter({ has: page.getByRole("button", { name: ADD_BUTTON }) })
        .nth(width < 1024 ? 4 : 10)
        .getByTestId("add-to-cart")
        .getAttribute("id"))!;
      expect(anchor).toMatch(/^add-\d+$/);
      const card = page.getByTestId("product-card").filter({ has: page.locator(`#${anchor}`) });
      await card.scrollIntoViewIfNeeded();
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(300);
      await card.getByRole("button", { name: ADD_BUTTON }).click();
      // Either way the card itself says it, and the header counts it (a busy machine: the list's
      // data is loaded again after the add).
      await expect(card.getByTestId("add-to-cart").getByRole("status")).toContainText(/Ajouté/, { timeout: 30_000 });
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      if (isNoJs()) {
        // The 303 landed back on the card's form, the card's name in sight, and the page's banner says it once.
        expect(new URL(page.url()).hash).toBe(`#${anchor}`);
        await expect(card.getByRole("heading")).toBeInViewport();
        await expect(page.getByTestId("flash")).toContainText(/Ajouté (au panier|à vos réservations)/);
        await expect(page.getByTestId("flash").getByRole("link", { name: "Voir le panier" })).toHaveAttribute("href", "/shopping-cart");
        await page.reload();
        await expect(page.getByTestId("flash")).toHaveCount(0);
        return;
      }
      // The page stayed where it was: no jump to the top, a toast offering the cart.
      expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(100);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/products");
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText(/Ajouté (au panier|à vos réservations)/);
      await expect(toast).toBeInViewport();
      // A pointer on it keeps a success toast past its 8 seconds.
      await toast.hover();
      await expectNoAxeViolations(page, "/products with the add's toast");
      await toast.getByRole("link", { name: "Voir le panier" }).click();
      await expect(page).toHaveURL(/\/shopping-cart$/);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
    });

    test("a failed add (a 500) keeps the product page and says Erreur !", async ({ page }) => {
      test.skip(isNoJs(), "without JavaScript the form loads the server's answer, its error page");
      await page.goto(WINE);
      await waitForHydration(page);
      const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      await page.route(/\/shopping-cart(\.data)?(\?|$)/, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 500, contentType: "text/plain", body: "Cart: le panier est indisponible" })
          : route.continue(),
      );
      await privateImportBlock(page).getByTestId("add-to-cart").getByRole("button").click();
      const alert = page.getByTestId("toast-error");
      await expect(alert).toContainText(/Erreur\s!/);
      // The server's message, the part after its first colon (docs/product.md#errors's reading).
      await expect(alert).toContainText("le panier est indisponible");
      await expect(alert).not.toContainText("Cart:");
      // The page is still the product's, not the error page, and nothing was added.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("heading", { name: "Une erreur est survenue" })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(WINE);
      await expect(page.getByTestId("cart-count")).toHaveCount(0);
      await expectNoAxeViolations(page, "a product page with an error toast");
      // The alert can be closed.
      await alert.getByRole("button", { name: "Fermer la notification" }).click();
      await expect(alert).toHaveCount(0);
    });

    test("an add while offline keeps the page and says nothing was sent", async ({ page, context }) => {
      test.skip(isNoJs(), "without JavaScript an offline form shows the browser's own error page");
      await page.goto(WINE);
      await waitForHydration(page);
      const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      await context.setOffline(true);
      await privateImportBlock(page).getByTestId("add-to-cart").getByRole("button").click();
      const alert = page.getByTestId("toast-error");
      await expect(alert).toContainText(/Erreur\s!/);
      await expect(alert).toContainText("Vous êtes hors ligne");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await context.setOffline(false);
      // Back online, the same button works.
      await privateImportBlock(page).getByTestId("add-to-cart").getByRole("button").click();
      await expect(privateImportBlock(page).getByRole("status")).toContainText(/Ajouté/, { timeout: 30_000 });
      await expect(page.getByTestId("cart-count")).toHaveText("1");
    });
  });
}

test("a login and a logout each say so once on the next page", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByLabel("Courriel").fill("client.qc@demo.cuvee.test");
  await page.getByLabel("Mot de passe").fill("cuvee-demo-qc");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("flash")).toHaveText("Connexion réussie.");
  await expectNoAxeViolations(page, "/account with the login's banner");
  // Once: a link to another page (a client navigation with JavaScript) does not carry it along.
  await page.locator('main a[href="/account/profile"]').first().click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("flash")).toHaveCount(0);
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId("flash")).toHaveCount(0);
  await page
    .getByRole("button", { name: /Se déconnecter|Déconnexion/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("flash")).toHaveText("Déconnexion réussie.");
});
