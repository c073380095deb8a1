/**
 * The newsletter from a visitor's side (docs/product.md#newsletter newsletter dialog), with and
 * without JavaScript. The e2e server has no Mailchimp key: sign-ups are kept in the database.
 *
 * - With JavaScript the footer's short form opens a modal dialog for the province and interests;
 *   the outcome closes it and is announced under the form.
 * - Without it the short form goes to the /newsletter page (step 2), whose outcome is a page.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

const THANKS = "Merci de votre abonnement !";
const ALREADY = "Vous êtes déjà abonné !";

/** Fills and sends the footer's short form. */
async function sendShortForm(page: Page, person: { firstName: string; lastName: string; email: string }) {
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Prénom").fill(person.firstName);
  await footer.getByLabel("Nom", { exact: true }).fill(person.lastName);
  await footer.getByLabel("Courriel").fill(person.email);
  await footer.getByRole("button", { name: "M’abonner" }).click();
}

/**
 * Signs up from the home page's footer: the short form, then the Quebec interests "Nos
 * événements" in the dialog (JavaScript) or on the /newsletter page (without); returns where the
 * outcome is shown.
 */
async function signUp(page: Page, email: string) {
  await page.goto("/");
  await waitForHydration(page);
  await sendShortForm(page, { firstName: "Zoé", lastName: "Roy", email });
  if (isNoJs()) {
    await expect(page).toHaveURL(/\/newsletter$/);
    const step2 = page.getByTestId("newsletter-page");
    await expect(step2.getByRole("heading", { name: "Vos préférences" })).toBeVisible();
    await expect(step2.getByText(`Abonnement de Zoé Roy (${email})`)).toBeVisible();
    await expect(step2.getByRole("radio", { name: "Québec" })).toBeChecked();
    await step2.getByRole("checkbox", { name: "Nos événements" }).check();
    await step2.getByRole("button", { name: "Confirmer mon abonnement" }).click();
    await expect(page).toHaveURL(/\/newsletter\?outcome=\w+$/);
    return page.getByTestId("newsletter-outcome");
  }
  const dialog = page.getByRole("dialog", { name: "Vos préférences" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Abonnement de Zoé Roy (${email})`)).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Québec" })).toBeChecked();
  // The interests follow the province.
  await dialog.getByRole("radio", { name: "Ontario" }).check();
  await expect(dialog.getByRole("checkbox", { name: "Arrivages à la LCBO" })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Nos événements" })).toHaveCount(0);
  await dialog.getByRole("radio", { name: "Québec" }).check();
  await dialog.getByRole("checkbox", { name: "Nos événements" }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Confirmer mon abonnement" }).click();
  await expect(dialog).toBeHidden();
  // The short form is emptied; the focus is back on its button.
  await expect(page.getByRole("contentinfo").getByLabel("Courriel")).toHaveValue("");
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "M’abonner" })).toBeFocused();
  return page.getByTestId("newsletter-message");
}

test("signs up through the footer and step 2, then the same e-mail again is already subscribed", async ({ page }) => {
  const email = `infolettre-${test.info().project.name}-${Date.now()}@example.com`;
  const first = await signUp(page, email);
  await expect(first).toHaveText(THANKS);
  await expectNoAxeViolations(page);
  const second = await signUp(page, email.toUpperCase());
  await expect(second).toHaveText(ALREADY);
});

test("an empty short form shows the field errors in French, values kept, and no dialog", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await sendShortForm(page, { firstName: "Zoé", lastName: "", email: "" });
  // Without JavaScript the errors come back on the /newsletter page; with it, under the footer's fields.
  const where = isNoJs() ? page.getByTestId("newsletter-page") : page.getByRole("contentinfo");
  if (isNoJs()) await expect(page).toHaveURL(/\/newsletter$/);
  await expect(where.getByText("Votre nom est obligatoire")).toBeVisible();
  await expect(where.getByText("Votre courriel est obligatoire")).toBeVisible();
  await expect(where.getByText("Votre prénom est obligatoire")).toHaveCount(0);
  await expect(where.getByLabel("Prénom")).toHaveValue("Zoé");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A malformed address is refused too, then the form goes through.
  await where.getByLabel("Nom", { exact: true }).fill("Roy");
  await where.getByLabel("Courriel").fill("zoe@");
  await where.getByRole("button", { name: "M’abonner" }).click();
  await expect(where.getByText("L'adresse courriel est invalide, veuillez entrer une adresse courriel valide.")).toBeVisible();
});

test("with JavaScript, Escape closes the dialog, keeps the short form and returns the focus", async ({ page }) => {
  test.skip(isNoJs(), "the dialog needs JavaScript; without it step 2 is a page");
  await page.goto("/products");
  await waitForHydration(page);
  const email = `echap-${Date.now()}@example.com`;
  await sendShortForm(page, { firstName: "Léo", lastName: "Gagnon", email });
  const dialog = page.getByRole("dialog", { name: "Vos préférences" });
  await expect(dialog).toBeVisible();
  // The dialog is modal: the first choice has the focus, the page behind is inert.
  await expect(dialog.getByRole("radio", { name: "Québec" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("button", { name: "M’abonner" })).toBeFocused();
  await expect(footer.getByLabel("Courriel")).toHaveValue(email);
  await expect(page.getByTestId("newsletter-message")).toHaveText("");
  // Cancel closes it too.
  await footer.getByRole("button", { name: "M’abonner" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
});

test("with JavaScript, a step 2 whose person was forgotten closes the dialog and says so under the form", async ({ page }) => {
  test.skip(isNoJs(), "the dialog needs JavaScript; without it the page says the sign-up expired");
  await page.goto("/products");
  await waitForHydration(page);
  await sendShortForm(page, { firstName: "Léo", lastName: "Gagnon", email: `oubli-${Date.now()}@example.com` });
  const dialog = page.getByRole("dialog", { name: "Vos préférences" });
  await expect(dialog).toBeVisible();
  // The day-long cookie of step 1 is gone (expired, or cleared by the browser).
  await page.context().clearCookies({ name: /newsletter$/ });
  await dialog.getByRole("button", { name: "Confirmer mon abonnement" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("newsletter-message")).toHaveText("Une erreur est survenue. Veuillez réessayer.");
});

test("step 2's province links redraw it with that province's interests", async ({ page }) => {
  await page.goto("/newsletter");
  await waitForHydration(page);
  const step = page.getByTestId("newsletter-page");
  await step.getByLabel("Prénom").fill("Ana");
  await step.getByLabel("Nom", { exact: true }).fill("Silva");
  await step.getByLabel("Courriel").fill(`province-${test.info().project.name}-${Date.now()}@example.com`);
  await step.getByRole("button", { name: "M’abonner" }).click();
  await expect(step.getByRole("heading", { name: "Vos préférences" })).toBeVisible();
  await expect(step.getByRole("radio", { name: "Québec" })).toBeChecked();
  // Numbered 1 to 5 in each province, the general newsletter last.
  await expect(step.getByRole("checkbox", { name: "3. Nos événements", exact: true })).toBeVisible();
  await expect(step.getByRole("checkbox", { name: "5. Nouvelles générales de la boutique", exact: true })).toBeVisible();
  await step.getByRole("link", { name: "Ontario" }).click();
  await expect(page).toHaveURL(/\/newsletter\?province=ON$/);
  await expect(step.getByRole("radio", { name: "Ontario" })).toBeChecked();
  await expect(step.getByRole("checkbox", { name: "Nos événements" })).toHaveCount(0);
  await step.getByRole("checkbox", { name: "4. Arrivages à la LCBO", exact: true }).check();
  await step.getByRole("button", { name: "Confirmer mon abonnement" }).click();
  await expect(page).toHaveURL(/\/newsletter\?outcome=subscribed$/);
  await expect(page.getByTestId("newsletter-outcome")).toHaveText(THANKS);
});

test("at phone width, the /newsletter pages and the dialog pass axe's WCAG 2.2 AA rules", async ({ page }) => {
  test.skip(isNoJs(), "axe runs inside the page; it checks the same server HTML the no-js project gets");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/newsletter");
  await waitForHydration(page);
  const step1 = page.getByTestId("newsletter-page");
  await expect(step1.getByLabel("Prénom")).toBeVisible();
  await expectNoAxeViolations(page, "/newsletter (step 1)");
  await step1.getByLabel("Prénom").fill("Ana");
  await step1.getByLabel("Nom", { exact: true }).fill("Silva");
  await step1.getByLabel("Courriel").fill(`axe-${Date.now()}@example.com`);
  await step1.getByRole("button", { name: "M’abonner" }).click();
  await expect(step1.getByRole("heading", { name: "Vos préférences" })).toBeVisible();
  await expectNoAxeViolations(page, "/newsletter (step 2)");
  await sendShortForm(page, { firstName: "Ana", lastName: "Silva", email: `axe-dialog-${Date.now()}@example.com` });
  await expect(page.getByRole("dialog", { name: "Vos préférences" })).toBeVisible();
  await expectNoAxeViolations(page, "the newsletter dialog");
});
