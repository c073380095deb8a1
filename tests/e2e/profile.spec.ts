/**
 * The profile page from a customer's side (docs/product.md#accounts address form), with and without
 * JavaScript: a bad phone shows the spec's French message and keeps what was typed; a good one
 * and a postal code typed `h2x1y4` are saved and shown again as `H2X 1Y4`; the password change
 * refuses a wrong current password and accepts the right one; a new e-mail needs the current
 * password and the old address is told (docs/decisions/031); axe finds no violation.
 */
import { registerCustomer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";
import { mailsContaining } from "./support/outbox";

/** Registers a new customer (French, Quebec) and opens the profile page. */
async function registerAndOpenProfile(page: Page): Promise<string> {
  const email = await registerCustomer(page, { emailPrefix: "profil" });
  await page.goto("/account/profile");
  await expect(page.getByRole("heading", { name: "Mon profil" })).toBeVisible();
  await waitForHydration(page);
  return email;
}

test("a bad phone shows the spec's message and keeps the values; a good one is saved, the postal code normalised", async ({ page }) => {
  const email = await registerAndOpenProfile(page);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("main").getByLabel("Courriel")).toHaveValue(email);

  const delivery = page.getByRole("group", { name: "Adresse de livraison" });
  await page.getByLabel("Téléphone").fill("555-0123");
  await delivery.getByLabel("Numéro civique").fill("4200");
  await delivery.getByLabel("Rue").fill("boulevard Saint-Laurent");
  await delivery.getByLabel("Ville").fill("Montréal");
  await delivery.getByLabel("Province").selectOption("QC");
  await delivery.getByLabel("Code postal").fill("h2x1y4");
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();

  const message = page.getByText("Le numéro de téléphone est invalide, veuillez entrer un numéro de téléphone valide.");
  await expect(message).toBeVisible();
  // The message is tied to the field for assistive technologies.
  await expect(page.getByLabel("Téléphone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Téléphone")).toHaveAccessibleDescription(/Le numéro de téléphone est invalide/);
  await expect(page.getByLabel("Téléphone")).toHaveValue("555-0123");
  await expect(delivery.getByLabel("Rue")).toHaveValue("boulevard Saint-Laurent");
  await expect(delivery.getByLabel("Code postal")).toHaveValue("h2x1y4");
  await expectNoAxeViolations(page);

  await page.getByLabel("Téléphone").fill("514 555-0123");
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
  await expect(page).toHaveURL(/\/account\/profile\?saved=profile$/);
  await expect(page.getByRole("status").filter({ hasText: "Votre profil est enregistré." })).toBeVisible();

  await page.reload();
  await expect(delivery.getByLabel("Code postal")).toHaveValue("H2X 1Y4");
  await expect(page.getByLabel("Téléphone")).toHaveValue("(514) 555-0123");
  await expect(delivery.getByLabel("Rue")).toHaveValue("boulevard Saint-Laurent");
  await expect(page.getByLabel("Adresse de facturation identique à l’adresse de livraison")).toBeChecked();
});

test("the password change refuses a wrong current password and accepts the right one", async ({ page }) => {
  await registerAndOpenProfile(page);
  const fill = async (current: string) => {
    await page.getByLabel("Mot de passe actuel", { exact: true }).fill(current);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("un nouveau mot de passe");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("un nouveau mot de passe");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  };
  await fill("pas le bon");
  await expect(page.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
  // Without JavaScript the page comes back from the server, which never sends a password back.
  if (isNoJs()) await expect(page.getByLabel("Mot de passe actuel", { exact: true })).toHaveValue("");

  await fill("un bon mot de passe");
  await expect(page).toHaveURL(/\/account\/profile\?saved=password$/);
  await expect(page.getByRole("status").filter({ hasText: "Votre mot de passe est changé." })).toBeVisible();
  await expect(page.getByLabel("Mot de passe actuel", { exact: true })).toHaveValue("");
});

test("a new e-mail needs the current password, and the old address is told of the change", async ({ page }) => {
  const email = await registerAndOpenProfile(page);
  const newEmail = email.replace("profil-", "nouveau-profil-");
  const delivery = page.getByRole("group", { name: "Adresse de livraison" });
  await page.getByLabel("Téléphone").fill("514 555-0123");
  await delivery.getByLabel("Rue").fill("boulevard Saint-Laurent");
  await delivery.getByLabel("Ville").fill("Montréal");
  await delivery.getByLabel("Province").selectOption("QC");
  await delivery.getByLabel("Code postal").fill("H2X 1Y4");
  await page.getByRole("main").getByLabel("Courriel").fill(newEmail);
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
  await expect(page.getByText("Entrez votre mot de passe actuel pour changer de courriel.")).toBeVisible();

  const password = page.getByLabel("Confirmez avec votre mot de passe");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await password.fill("pas le bon");
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
  await expect(page.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
  if (isNoJs()) await expect(password).toHaveValue("");

  await page.getByRole("main").getByLabel("Courriel").fill(newEmail);
  await password.fill("un bon mot de passe");
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
  await expect(page).toHaveURL(/\/account\/profile\?saved=profile$/);
  await expect(page.getByRole("main").getByLabel("Courriel")).toHaveValue(newEmail);
  await expect
    .poll(
      () =>
        mailsContaining(newEmail).filter((mail) => mail.includes("Le courriel de votre compte a changé") && mail.includes(email)).length,
    )
    .toBe(1);
});
