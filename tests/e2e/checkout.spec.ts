/**
 * Checkout from a guest's side, with and without JavaScript: three steps, a branch found
 * by searching a city, the simulated payment page, the confirmation and the e-mail in the outbox;
 * the same in Ontario (HST); the spec's messages for a missing branch and a search without result;
 * Cancel on the payment page back to step 3 with the cart intact; axe on every step.
 */
import { expectNoAxeViolations } from "./support/axe";
import { addFirstBuyable } from "./support/cart";
import { expect, type Page, test } from "./support/fixtures";
import { switchPreference } from "./support/helpers";
import { mailsContaining } from "./support/outbox";

async function fillCart(page: Page, province: "QC" | "ON") {
  const shop = province === "QC" ? "MERCH_MTL" : "MERCH_TORONTO";
  await addFirstBuyable(page, `/products?inventory=${province === "QC" ? "IP" : "PI"}`, /Ajouter la caisse/);
  await addFirstBuyable(page, `/products?inventory=${shop}&type=FOODS`, /^Ajouter au panier$/);
  await addFirstBuyable(page, `/products?inventory=${shop}&type=VIN`, /^Ajouter au panier$/);
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
}

async function fillContact(page: Page) {
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 1 de 3");
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill("camille@example.com");
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Étape suivante" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
}

async function chooseBranch(page: Page, city: string) {
  await page.getByLabel("Chercher une succursale").fill(city);
  await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(city)}`));
  const first = page.getByTestId("branch-list").getByRole("radio").first();
  await first.check();
}

/**
 * The checkout's focused frame: its own header (secure checkout, back to the cart during the steps,
 * back to the shop once the order is placed), a footer without the newsletter form.
 */
async function expectFocusedFrame(page: Page, way: { name: string; href: string } = { name: "Retour au panier", href: "/shopping-cart" }) {
  await expect(page.getByTestId("checkout-header")).toContainText("Paiement sécurisé");
  await expect(page.getByTestId("checkout-header").getByRole("link", { name: way.name })).toHaveAttribute("href", way.href);
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Nous joindre" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Infolettre" })).toHaveCount(0);
  await expect(footer.getByRole("textbox")).toHaveCount(0);
}

test("a Quebec guest buys a private-import case and two shop items, pays, and gets the confirmation and the e-mail", async ({ page }) => {
  // Three products, three steps, the payment page, the confirmation's lines, the e-mail and axe.
  test.slow();
  await fillCart(page, "QC");
  await page.getByTestId("checkout-link").click();
  await expectFocusedFrame(page);
  await expectNoAxeViolations(page);
  await fillContact(page);
  await expectNoAxeViolations(page);
  await chooseBranch(page, "montreal");
  await expect(page.getByTestId("branch-list")).toContainText("Montréal");
  await page.getByRole("radio", { name: "Boutique Montréal" }).check();
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await expect(page.getByTestId("review-branch")).toContainText("Montréal");
  await expect(page.getByTestId("summary-gst")).toBeVisible();
  await expect(page.getByTestId("summary-qst")).toBeVisible();
  await expectNoAxeViolations(page);
  const payNow = await page.getByTestId("summary-pay-now").textContent();
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await expect(page.getByTestId("payment-amount")).toHaveText(payNow!);
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByTestId("confirmation")).toBeVisible();
  await expectNoAxeViolations(page);
  const confirmation = (await page.getByTestId("confirmation-number").textContent())!;
  expect(confirmation).toMatch(/^[0-9A-Z]{10}$/);
  await expect(page.getByTestId("confirmation-paid")).toHaveText(payNow!);
  await expect(page.getByTestId("create-account")).toHaveAttribute("href", /email=camille%40example\.com/);
  // What was bought: the case and the two shop items, each with its channel, quantity and amount.
  const lines = page.getByTestId("confirmation-line");
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: "Importation privée" })).toContainText(/1 caisse de \d+ bouteilles?/);
  await expect(lines.filter({ hasText: "Boutique Montréal" })).toHaveCount(2);
  for (const line of await lines.all()) await expect(line).toContainText(/\d+,\d{2}\s\$/);
  // A guest is invited to create an account; no invoice link (that is for a logged-in customer).
  await expect(page.getByText("Créez un compte avec votre courriel pour suivre cette commande")).toBeVisible();
  await expect(page.getByTestId("confirmation-invoice")).toHaveCount(0);
  await expectFocusedFrame(page, { name: "Retour à la boutique", href: "/" });
  await expect.poll(() => mailsContaining(confirmation).length).toBeGreaterThan(0);
  // The e-mail carries the invoice PDF and the logo.
  const mail = mailsContaining(confirmation)[0]!;
  expect(mail).toMatch(/Content-Type: application\/pdf; name=Invoice-CUV-\d+\.pdf/);
  expect(mail).toMatch(/Content-Type: image\/png; name=logo\.png/);
  // The order emptied the cart (the shop's header, with its cart icon).
  await page.goto("/");
  await expect(page.getByTestId("cart-link")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});

test("an Ontario guest pays HST, with an LCBO branch", async ({ page }) => {
  await page.goto("/on");
  await fillCart(page, "ON");
  await page.goto("/checkout");
  await fillContact(page);
  await chooseBranch(page, "toronto");
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByTestId("summary-hst")).toBeVisible();
  await expect(page.getByTestId("summary-gst")).toHaveCount(0);
  await expect(page.getByTestId("review-branch")).toContainText("LCBO");
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  const confirmation = (await page.getByTestId("confirmation-number").textContent())!;
  await expect(page.getByTestId("confirmation-at-board")).not.toHaveText(/^0,00/);
  await expect.poll(() => mailsContaining(confirmation).length).toBeGreaterThan(0);
});

test("step 2 says 'Veuillez sélectionner une branche' without a branch and 'Branche introuvable' for a search without result", async ({
  page,
}) => {
  await fillCart(page, "QC");
  await page.goto("/checkout");
  await fillContact(page);
  await page.getByLabel("Chercher une succursale").fill("zzzz introuvable");
  await page.getByTestId("branch-search").getByRole("button", { name: "Chercher" }).click();
  await expect(page.getByTestId("branch-not-found")).toHaveText("Branche introuvable");
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(page.getByText("Veuillez sélectionner une branche")).toBeVisible();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
  // A later step cannot be opened by its URL.
  await page.goto("/checkout?step=3");
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 2 de 3");
});

test("Cancel on the payment page returns to step 3 with the cart intact", async ({ page }) => {
  await fillCart(page, "QC");
  await page.goto("/checkout");
  await fillContact(page);
  await chooseBranch(page, "québec");
  await page.getByRole("radio", { name: "Boutique Québec" }).check();
  await page.getByRole("button", { name: "Confirmer la commande" }).click();
  await page.getByLabel("J'ai lu et j'accepte ces conditions.").check();
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await page.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByTestId("checkout-step")).toHaveText("Étape 3 de 3");
  await page.goto("/shopping-cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
});

test("checkout works in English too", async ({ page }) => {
  await fillCart(page, "QC");
  await switchPreference(page, "EN");
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-step")).toHaveText("Step 1 of 3");
  await page.getByRole("main").getByLabel("First name").fill("Camille");
  await page.getByRole("main").getByLabel("Last name").fill("Tremblay");
  await page.getByRole("main").getByLabel("E-mail").fill("camille@example.com");
  // The browser cannot check a phone number: the server (libphonenumber-js) refuses it, values kept.
  await page.getByLabel("Phone").fill("123");
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByText("The phone number is invalid, please put a valid phone number.")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("First name")).toHaveValue("Camille");
  await expect(page.getByTestId("checkout-step")).toHaveText("Step 1 of 3");
});
