/**
 * A forgotten password from a visitor's side, with and without JavaScript: register,
 * log out, ask for a link from the login page, open it from the e-mail (the e2e server's outbox),
 * choose a new password, log in with it; the old password and the used link are refused.
 */
import { registerCustomer } from "./support/accounts";
import { expect, type Page, test } from "./support/fixtures";
import { mailsContaining } from "./support/outbox";

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test("forgot password → link from the e-mail → new password → log in with it; the old one and the link no longer work", async ({
  page,
}) => {
  const email = await registerCustomer(page, { emailPrefix: "oubli", password: "ancien mot de passe" });
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/login");
  await page.getByRole("link", { name: /^Mot de passe oublié/ }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("main").getByLabel("Courriel").fill(email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?sent=1$/);
  await expect(page.getByRole("status")).toContainText("Si un compte existe pour cette adresse");

  // The mail is handed to the mailer in the background: wait for it.
  let link = "";
  await expect
    .poll(() => {
      const found = mailsContaining(email).map((mail) => /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w.-]+/.exec(mail)?.[0]);
      link = found.find(Boolean) ?? "";
      return link;
    })
    .not.toBe("");
  expect(mailsContaining(email).join("\n")).toContain("Choisir un nouveau mot de passe");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Nouveau mot de passe" })).toBeVisible();
  await expect(page.getByText(`Choisissez un nouveau mot de passe pour le compte ${email}.`)).toBeVisible();
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau mot de passe");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("pas pareil du tout");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Les deux mots de passe ne sont pas identiques.")).toBeVisible();
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau mot de passe");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("nouveau mot de passe");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe a été changé. Connectez-vous avec le nouveau.");

  await logIn(page, email, "ancien mot de passe");
  await expect(page.getByText("Nom d'utilisateur ou mot de passe invalide")).toBeVisible();
  await logIn(page, email, "nouveau mot de passe");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Bonjour, Camille" })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Lien inutilisable" })).toBeVisible();
  await expect(page.getByText("Ce lien a déjà servi")).toBeVisible();
  await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an unknown address gets the same answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Courriel").fill(`personne-${test.info().project.name}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?sent=1$/);
  await expect(page.getByRole("status")).toContainText("Si un compte existe pour cette adresse");
});
