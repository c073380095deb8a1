/**
 * Accounts from a visitor's side (issue 8 §1–§2), with and without JavaScript: register, log out,
 * log in again through the guard's redirect, the spec's French message for a wrong password; axe
 * on the login and registration pages.
 */
import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { isNoJs } from "./support/helpers";

test("register, log out, and log in again from the guard's redirect", async ({ page }) => {
  const email = `client-${test.info().project.name}-${Date.now()}@example.com`;
  await page.goto("/register");
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill("un bon mot de passe");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Bonjour, Camille" })).toBeVisible();
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Mon compte, Camille");

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill("un bon mot de passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Bonjour, Camille" })).toBeVisible();
});

test("a wrong password shows 'Nom d'utilisateur ou mot de passe invalide' and keeps the e-mail", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByLabel("Courriel").fill("personne@example.com");
  await page.getByLabel("Mot de passe").fill("pas le bon");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Nom d'utilisateur ou mot de passe invalide")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Courriel")).toHaveValue("personne@example.com");
  // The server never sends the password back: without JavaScript the field comes back empty.
  if (isNoJs()) await expect(page.getByLabel("Mot de passe")).toHaveValue("");
});
