/**
 * Content pages, with and without JavaScript: the FAQ's wine glossary in both
 * languages, tabs that are links (the URL says which tab, Back returns), links inside answers,
 * and axe on the pages.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { switchPreference, waitForHydration } from "./support/helpers";

test("the FAQ has questions and a glossary of at least 28 terms, in French then in English", async ({ page }) => {
  await page.goto("/faq");
  await expect(page).toHaveTitle("Foire aux questions · Cuvée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Foire aux questions");
  const tabs = page.getByRole("navigation", { name: "Sections de la page" });
  await expect(tabs.getByRole("link", { name: "Questions fréquentes" })).toHaveAttribute("aria-current", "page");

  // A question opens to its answer, whose link leads to the shop.
  const question = page.getByTestId("content-questions").locator("details").filter({ hasText: "Qu’est-ce que l’importation privée" });
  const answerLink = question.getByRole("link", { name: "nos vins d’importation privée" });
  await expect(answerLink).toBeHidden();
  await question.locator("summary").click();
  await expect(answerLink).toBeVisible();
  await expectNoAxeViolations(page);
  await answerLink.click();
  await expect(page).toHaveURL((url) => url.pathname === "/products" && url.searchParams.get("inventory") === "IP");
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/faq");

  await page.getByRole("navigation", { name: "Sections de la page" }).getByRole("link", { name: "Glossaire du vin" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/faq" && url.searchParams.get("tab") === "glossary");
  const glossary = page.getByTestId("content-glossary");
  await expect(glossary.locator("dt").filter({ hasText: /^Terroir$/ })).toBeVisible();
  expect(await glossary.locator("dt").count()).toBeGreaterThanOrEqual(28);
  await expect(glossary.locator("dt").filter({ hasText: /^Glouglou$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await waitForHydration(page);
  await switchPreference(page, "EN");
  await expect(page).toHaveURL((url) => url.pathname === "/faq" && url.searchParams.get("tab") === "glossary");
  await expect(page).toHaveTitle("Wine glossary · Frequently asked questions · Cuvée");
  const english = page.getByTestId("content-glossary");
  await expect(english.locator("dt").filter({ hasText: /^Volatile acidity$/ })).toBeVisible();
  expect(await english.locator("dt").count()).toBeGreaterThanOrEqual(28);
  await expect(page.getByRole("navigation", { name: "Page sections" }).getByRole("link", { name: "Wine glossary" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("orders and deliveries: tabs are links that change the URL and the content, and Back returns", async ({ page }) => {
  await page.goto("/orders-deliveries");
  await expect(page).toHaveTitle("Commandes et livraisons · Cuvée");
  const tabs = page.getByRole("navigation", { name: "Sections de la page" });
  await expect(tabs.getByRole("link")).toHaveText(["Commander", "Problèmes avec une commande", "Livraison"]);
  await expect(tabs.getByRole("link", { name: "Commander" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Commander" })).toBeVisible();
  await expect(page.getByText("Comment passer une commande")).toBeVisible();
  await waitForHydration(page);

  await tabs.getByRole("link", { name: "Livraison" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/orders-deliveries" && url.searchParams.get("tab") === "delivery");
  await expect(page.getByRole("heading", { level: 2, name: "Livraison" })).toBeVisible();
  await expect(page.getByText("Où récupérer un vin d’importation privée")).toBeVisible();
  await expect(page.getByText("Comment passer une commande")).toHaveCount(0);
  await expect(tabs.getByRole("link", { name: "Livraison" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Commander" })).not.toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  await tabs.getByRole("link", { name: "Problèmes avec une commande" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("tab") === "problems");
  await expect(page.getByText("La succursale ne m’a pas contacté")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get("tab") === "delivery");
  await expect(page.getByRole("heading", { level: 2, name: "Livraison" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/orders-deliveries" && !url.searchParams.has("tab"));
  await expect(page.getByRole("heading", { level: 2, name: "Commander" })).toBeVisible();

  // An unknown tab shows the first one.
  await page.goto("/orders-deliveries?tab=nope");
  await expect(page.getByRole("heading", { level: 2, name: "Commander" })).toBeVisible();
});

test("the other content pages answer with their own title and pass axe", async ({ page }) => {
  const pages = [
    ["/pricing-policy", "Politique de prix"],
    ["/about-us", "À propos"],
    ["/services", "Nos services"],
    ["/understand-product", "Comprendre une fiche produit"],
  ] as const;
  for (const [path, title] of pages) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${title} · Cuvée`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectNoAxeViolations(page);
  }
  await page.goto("/pricing-policy?tab=returns");
  await expect(page.getByText("Puis-je retourner un vin qui ne me plaît pas")).toBeVisible();
});
