/**
 * The focused frame (docs/decisions/044-order-e-mails.md), with and without JavaScript: the staff
 * pages end with the minimal footer (help and legal links, no newsletter form), while the shop's
 * pages keep the full one; the staff area's 404 to a visitor keeps the shop's frame like any other
 * 404, so it tells nothing about the area. The checkout's frame is checked along its flow
 * (checkout.spec.ts); a logged-in customer's confirmation links its invoice.
 */
import type { Locator, Page } from "@playwright/test";
import { registerCustomer, signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, test } from "./support/fixtures";

const newsletterOf = (page: Page): Locator => page.getByRole("contentinfo").getByRole("heading", { name: "Infolettre" });

test("the shop's pages keep the newsletter footer; the staff pages have the minimal one", async ({ page, context, baseURL }) => {
  // Four pages and an axe run.
  test.slow();
  await page.goto("/products");
  await expect(newsletterOf(page)).toHaveCount(1);
  await expect(page.getByTestId("minimal-footer")).toHaveCount(0);

  await signInAsStaff(context, baseURL!);
  for (const path of ["/agence", "/agence/commandes", "/agence/utilisateurs"]) {
    await page.goto(path);
    await expect(page.getByTestId("staff-area")).toBeVisible();
    await expect(newsletterOf(page)).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("textbox")).toHaveCount(0);
    const footer = page.getByTestId("minimal-footer");
    await expect(footer.getByRole("link", { name: "FAQ et glossaire" })).toHaveAttribute("href", "/faq");
    await expect(footer.getByRole("link", { name: "Nous joindre" })).toHaveAttribute("href", "/contact");
    await expect(footer).toContainText("Cuvée. Tous droits réservés.");
  }
  await expectNoAxeViolations(page, "/agence/utilisateurs");
});

test("the staff area's 404 to a visitor has the shop's frame, like any 404", async ({ page }) => {
  const response = await page.goto("/agence/commandes");
  expect(response?.status()).toBe(404);
  await expect(newsletterOf(page)).toHaveCount(1);
  await expect(page.getByTestId("minimal-footer")).toHaveCount(0);
});

test("a logged-in customer's confirmation lists the lines and links the invoice PDF", async ({ page }) => {
  // A registration, the three steps, the payment, the confirmation and an axe run.
  test.slow();
  await registerCustomer(page, { emailPrefix: "invoice-link" });
  await addFirstBuyable(page, "/products?inventory=MERCH_MTL&type=FOODS", /^Ajouter au panier$/);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-header")).toBeVisible();
  await expect(newsletterOf(page)).toHaveCount(0);
  // Step 1 is filled from the account but for the phone; steps 2 and 3 as a guest would.
  await expect(page.getByRole("main").getByLabel("Prénom")).toHaveValue("Camille");
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Étape suivante" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
  await page.getByRole("radio", { name: "Boutique Montréal" }).check();
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();
  await expect(page.getByTestId("confirmation-line")).toHaveCount(1);
  await expect(page.getByTestId("confirmation-line")).toContainText("Boutique Montréal");
  const invoice = page.getByTestId("confirmation-invoice");
  await expect(invoice).toHaveAttribute("href", /^\/account\/invoices\/CUV-\d+$/);
  const pdf = await page.request.get((await invoice.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByTestId("create-account")).toHaveCount(0);
  await expectNoAxeViolations(page);
});
