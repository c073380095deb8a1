/**
 * The contact form from a visitor's side, with and without JavaScript: an empty
 * message shows the French errors and keeps what was typed; a proper one (sent after the few
 * seconds a person needs) thanks the visitor, and the agency's copy lands in the outbox.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/helpers";
import { mailsContaining } from "./support/outbox";

test("errors in French with values kept, then a message sent to the agency", async ({ page }) => {
  const email = `contact-${test.info().project.name}-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Nous joindre" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { name: "Nous joindre", level: 1 })).toBeVisible();
  await waitForHydration(page);
  const form = page.getByTestId("contact-page");

  await form.getByLabel("Prénom").fill("Zoé");
  await form.getByLabel("Votre message").fill("Trop court");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(form.getByText("Votre nom est obligatoire")).toBeVisible();
  await expect(form.getByText("Votre courriel est obligatoire")).toBeVisible();
  await expect(form.getByText("Veuillez cocher la case « Je ne suis pas un robot ».")).toBeVisible();
  await expect(form.getByText("Votre prénom est obligatoire")).toHaveCount(0);
  await expect(form.getByLabel("Prénom")).toHaveValue("Zoé");
  await expect(form.getByLabel("Votre message")).toHaveValue("Trop court");
  await expectNoAxeViolations(page);

  const message = `Avez-vous encore du Muscadet en caisse ? (${email})`;
  await form.getByLabel("Nom", { exact: true }).fill("Roy");
  await form.getByLabel("Courriel").fill(email);
  await form.getByLabel("Votre message").fill(message);
  await form.getByLabel("Je ne suis pas un robot").check();
  // A person takes a few seconds: the form refuses anything faster than 3 s after it was shown.
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Envoyer le message" }).click();

  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Merci ! Votre message a bien été envoyé." })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(() => mailsContaining(email).length).toBe(1);
  const mail = mailsContaining(email)[0]!;
  expect(mail).toContain("Muscadet en caisse");
  expect(mail).toContain(`Reply-To: ${email}`);
});

test("a form sent too fast is refused with a French message, values kept, and goes through on the next try", async ({ page }) => {
  const email = `pressé-${test.info().project.name}-${Date.now()}@example.com`.replace("é", "e");
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.getByTestId("contact-page");
  await form.getByLabel("Prénom").fill("Léo");
  await form.getByLabel("Nom", { exact: true }).fill("Gagnon");
  await form.getByLabel("Courriel").fill(email);
  await form.getByLabel("Votre message").fill("Un message écrit très, très vite.");
  await form.getByLabel("Je ne suis pas un robot").check();
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(form.getByText("Le formulaire a été envoyé trop vite.")).toBeVisible();
  await expect(form.getByLabel("Courriel")).toHaveValue(email);
  await expect(form.getByLabel("Je ne suis pas un robot")).toBeChecked();
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect.poll(() => mailsContaining(email).length).toBe(1);
});
