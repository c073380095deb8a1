/**
 * Automated accessibility check (axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rules, `wcag22aa`
 * included: target sizes of at least 24×24 px or spaced apart) of every page of the shop, at a
 * phone width (375 px: the mobile layout, drawer menu and filters behind a disclosure) and at the
 * desktop width where the navbar and the filter column appear (1366 px, docs/product.md#layout `lg`). Project
 * `js` only: axe runs inside the page; it checks the same server HTML the `no-js` project gets.
 * It cannot prove a page accessible, but it catches missing labels, names, landmarks, contrast,
 * small targets and language attributes before a person has to.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { openFilters, waitForHydration } from "./support/helpers";

const PRODUCT = "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2022";
const FOOD = "/products/la-belle-iloise-rillettes-de-sardines-60-g";

/** Every public page (old and new). */
const PAGES = [
  "/",
  "/on",
  "/products",
  "/products?type=VIN&c=FR",
  PRODUCT,
  FOOD,
  "/providers",
  "/providers/domaine-de-la-pepiere",
  "/blogs",
  "/blogs?a=events",
  "/blogs/muscadet-domaine-de-la-pepiere",
  "/faq",
  "/faq?tab=glossary",
  "/orders-deliveries",
  "/orders-deliveries?tab=delivery",
  "/pricing-policy",
  "/about-us",
  "/services",
  "/understand-product",
  "/boutiques",
  "/boutiques/montreal",
  "/boutiques/toronto",
  "/membres",
  "/discovery",
  "/subscriptions",
  "/contact",
  "/global-search?t=vin",
  "/global-search?t=pepiere&activeTabType=PROVIDERS",
  "/global-search?t=muscadet&activeTabType=BLOGS",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/shopping-cart-empty",
  "/not-found",
  "/this-page-does-not-exist",
];

/**
 * The pages checked again on a wide screen: those whose layout changes with the width (lists with
 * a filter column, cards in a grid, the product and producer pages, the header's search). The text
 * pages (help, legal, forms) are one column at every width, checked on the phone, where targets and
 * reflow are tightest; the whole suite must fit the CI's time.
 */
const WIDE_PAGES = ["/", "/products", PRODUCT, "/providers", "/providers/domaine-de-la-pepiere"];

const VIEWPORTS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

/** Adds one item of a product page's channel (its heading) to the cart. */
async function addToCart(page: Page, path: string, channel: RegExp): Promise<void> {
  await page.goto(path);
  const block = page.getByTestId("channel").filter({ has: page.getByRole("heading", { name: channel }) });
  await block.getByTestId("add-to-cart").getByRole("button").click();
  await expect(block.getByTestId("add-to-cart").getByRole("status")).toContainText(/Ajouté/);
}

/** With JavaScript a wide screen puts the producer list's page size in its URL (decision 002): wait for it. */
async function settle(page: Page, width: number): Promise<void> {
  await waitForHydration(page);
  if (width >= 1366 && new URL(page.url()).pathname === "/providers") await expect(page).toHaveURL(/size=5[12]/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of viewport.name === "phone" ? PAGES : WIDE_PAGES) {
      test(`${path} has no WCAG 2.2 A/AA violations found by axe`, async ({ page }) => {
        await page.goto(path);
        await settle(page, viewport.width);
        await expectNoAxeViolations(page, path);
      });
    }

    test("the open menu, the open filters and the producers' list view have no violations", async ({ page }) => {
      // Several pages, each checked by axe (its target-size rule measures every control).
      test.slow();
      const main = page.getByRole("main");
      await page.goto("/products");
      await waitForHydration(page);
      if (viewport.width < 1366) {
        await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
        await page.locator("header details > summary").click();
        await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeVisible();
        await expectNoAxeViolations(page, "the open drawer menu");
        await page.locator("header details > summary").click();
        await openFilters(page, page.getByTestId("product-filters"));
      } else {
        const nav = page.getByRole("navigation", { name: "Menu principal" });
        await nav.getByRole("link", { name: "Produits", exact: true }).hover();
        await expect(nav.getByRole("link", { name: "Vin", exact: true })).toBeVisible();
        await expectNoAxeViolations(page, "the open products menu");
      }
      await expect(page.getByTestId("product-filters")).toBeVisible();
      await expectNoAxeViolations(page, "the open product filters");

      await page.goto("/providers");
      await settle(page, viewport.width);
      await openFilters(page, page.getByTestId("provider-filters"));
      await expectNoAxeViolations(page, "the open producer filters");
      // On a phone the filters are a drawer over the page: its Cancel closes it.
      if (viewport.width < 1366) await page.getByTestId("provider-filter-drawer").getByRole("link", { name: "Annuler" }).click();
      await main.getByRole("button", { name: "Liste", exact: true }).click();
      await expect(main.getByTestId("provider-list").first()).toBeVisible();
      await main.getByTestId("provider-list").first().locator("summary").first().click();
      await expectNoAxeViolations(page, "the producers' list view with a product list open");

      await page.goto("/blogs");
      await waitForHydration(page);
      await openFilters(page, page.getByTestId("blog-filters"));
      await expectNoAxeViolations(page, "the open article filters");
    });

    // The guest's flow on the phone; the customer's (the same steps and the account pages) at both widths.
    for (const customer of viewport.name === "phone" ? [false, true] : [true]) {
      test(`a ${customer ? "customer" : "guest"}'s full cart, checkout steps, payment, confirmation${customer ? " and account pages" : ""} have no violations`, async ({
        page,
      }) => {
        test.slow();
        // The page's own form, not the footer's newsletter form (which has the same labels).
        const main = page.getByRole("main");
        if (customer) {
          await page.goto("/register");
          await main.getByLabel("Prénom").fill("Camille");
          await main.getByLabel("Nom", { exact: true }).fill("Tremblay");
          const email = `axe-${viewport.name}-${Date.now()}@example.com`;
          await main.getByLabel("Courriel").fill(email);
          await main.getByLabel("Mot de passe").fill("un bon mot de passe");
          await main.getByRole("button", { name: "Créer mon compte" }).click();
          // Registering sends to the login (docs/decisions/031).
          await expect(page.getByTestId("registered-notice")).toBeVisible();
          await main.getByLabel("Courriel").fill(email);
          await main.getByLabel("Mot de passe").fill("un bon mot de passe");
          await main.getByRole("button", { name: "Se connecter" }).click();
          await expect(main.getByRole("heading", { name: "Bonjour, Camille" })).toBeVisible();
        }
        await addToCart(page, PRODUCT, /^Importation privée$/);
        await addToCart(page, FOOD, /^Boutique Montréal$/);
        await page.goto("/shopping-cart");
        await expect(page.getByTestId("cart-line")).toHaveCount(2);
        await expectNoAxeViolations(page, "the full cart");

        await page.getByTestId("checkout-link").click();
        await expect(page.getByTestId("checkout-step")).toHaveText("Étape 1 de 3");
        await expectNoAxeViolations(page, "checkout step 1");
        // A refused step shows its errors: they must be accessible too.
        await main.getByLabel("Téléphone").fill("123");
        await main.getByRole("button", { name: "Étape suivante" }).click();
        await expect(main.getByText(/numéro de téléphone/).first()).toBeVisible();
        await expectNoAxeViolations(page, "checkout step 1 with errors");
        await main.getByLabel("Prénom").fill("Camille");
        await main.getByLabel("Nom", { exact: true }).fill("Tremblay");
        await main.getByLabel("Courriel").fill(`axe-${viewport.name}-${Date.now()}@example.com`);
        await main.getByLabel("Téléphone").fill("514 555-0123");
        await main.getByRole("button", { name: "Étape suivante" }).click();
        await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
        await main.getByRole("button", { name: "Confirmer la commande" }).click();
        await expect(main.getByText("Veuillez sélectionner une branche")).toBeVisible();
        await expectNoAxeViolations(page, "checkout step 2 with errors");
        await main.getByLabel("Chercher une succursale").fill("montreal");
        await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
        await expect(page).toHaveURL(/q=montreal/);
        await expectNoAxeViolations(page, "checkout step 2 with branches");
        await page.getByTestId("branch-list").getByRole("radio").first().check();
        await main.getByRole("radio", { name: "Boutique Montréal" }).check();
        await main.getByRole("button", { name: "Confirmer la commande" }).click();
        await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
        await expectNoAxeViolations(page, "checkout step 3");
        await main.getByLabel("J'ai lu et j'accepte ces conditions.").check();
        await main.getByRole("button", { name: "Passer la commande" }).click();
        await expect(main.getByRole("button", { name: "Payer" })).toBeVisible();
        await expectNoAxeViolations(page, "the simulated payment page");
        await main.getByRole("button", { name: "Payer" }).click();
        await expect(page.getByTestId("confirmation")).toBeVisible();
        await expectNoAxeViolations(page, "the order confirmation");

        if (customer) {
          for (const path of ["/account", "/account/sales", "/account/profile"]) {
            await page.goto(path);
            await expectNoAxeViolations(page, path);
          }
        }
      });
    }
  });
}
