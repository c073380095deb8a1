/**
 * Accounts from a visitor's side, with and without JavaScript: register, log in,
 * log out, log in again through the guard's redirect, the spec's French message for a wrong
 * password; registering with a known e-mail looks the same and mails its owner, a common password
 * is refused (docs/decisions/031); axe on the login and registration pages.
 */
import { registerCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isNoJs } from "./support/helpers";
import { mailsContaining } from "./support/outbox";

test("register, log out, and log in again from the guard's redirect", async ({ page }) => {
  const email = `client-${test.info().project.name}-${Date.now()}@example.com`;
  await page.goto("/register");
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill("un bon mot de passe");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  // The same answer as for an address that already has an account: log in next.
  await expect(page).toHaveURL(/\/login\?registered=1&redirect=%2Faccount$/);
  await expect(page.getByTestId("registered-notice")).toContainText("Si ce courriel est nouveau chez nous, votre compte est prêt");
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill("un bon mot de passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
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

test("registering with an e-mail that has an account looks the same, changes nothing, and mails its owner", async ({ page }) => {
  const email = await registerCustomer(page, { emailPrefix: "existant" });
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await page.getByRole("main").getByLabel("Prénom").fill("Mallory");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Intrus");
  await page.getByRole("main").getByLabel("Courriel").fill(email.toUpperCase());
  await page.getByLabel("Mot de passe").fill("le mot de passe intrus");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/login\?registered=1&redirect=%2Faccount$/);
  await expect(page.getByTestId("registered-notice")).toBeVisible();
  // The intruder's password opens nothing; the owner's still does.
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe").fill("le mot de passe intrus");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Nom d'utilisateur ou mot de passe invalide")).toBeVisible();
  await expect.poll(() => mailsContaining(email).filter((mail) => mail.includes("Création de compte avec votre courriel")).length).toBe(1);
  expect(mailsContaining(email).join("\n")).toContain("/forgot-password");
});

test("a common password is refused with a French message", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("main").getByLabel("Prénom").fill("Camille");
  await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Tremblay");
  await page.getByRole("main").getByLabel("Courriel").fill(`faible-${test.info().project.name}-${Date.now()}@example.com`);
  await page.getByLabel("Mot de passe").fill("password");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Ce mot de passe est trop facile à deviner")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
