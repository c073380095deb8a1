/**
 * The staff's editing of the catalogue (docs/decisions/037-staff-catalogue-editing.md), with and
 * without JavaScript: staff find a product in /agence/produits, change its French name and see it
 * on the public product page at once; upload a photo (alt text prefilled with the product's name)
 * and see its thumbnail served from /media/; a refused file says why; an edit made on a page
 * someone else saved since is answered with the current values; a producer's website must be an
 * absolute address. Each test imports its own product (a unique code and name per run), so the two
 * projects and other specs never edit the same row.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { waitForHydration } from "./support/helpers";
import { pngBytes } from "./support/images";

const HEADER =
  "product_puid,inventory_puid,name_fr,name_en,producer,type,vintage,volume_ml,uvc,inventory,price,agency_fee,quantity,availability";
// The import spec's producer: no spec counts its products exactly.
const PRODUCER = "montevertine";

/** A word of letters only, unique to this run. */
function uniqueWord(): string {
  let n = Date.now() * 100 + Math.floor(Math.random() * 100);
  let word = "";
  while (n > 0) {
    word += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return `Zr${word}`;
}

/** Imports one product of this test's own through /agence/import; returns its code and names. */
async function importOwnProduct(page: Page): Promise<{ puid: string; nameFr: string; nameEn: string }> {
  const stamp = uniqueWord();
  const puid = `E2E-ED-${stamp}`.toUpperCase();
  const nameFr = `Cuvée ${stamp}`;
  const nameEn = `Cuvee ${stamp}`;
  const csv = `${HEADER}\n${puid},${puid}-IP,"${nameFr}","${nameEn}",${PRODUCER},VIN,2022,750,12,IP,"24,95",5,24,AVAILABLE\n`;
  await page.goto("/agence/import");
  await page.getByLabel("Fichier CSV").setInputFiles({ name: "edit.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-report")).toBeVisible();
  await page.getByRole("button", { name: "Confirmer l’import" }).click();
  await expect(page.getByTestId("import-applied")).toBeVisible();
  return { puid, nameFr, nameEn };
}

/** Finds a product in the staff's list by its code and opens its staff page. */
async function openStaffProduct(page: Page, puid: string, name: string): Promise<void> {
  await page.goto("/agence/produits");
  await expect(page.getByRole("heading", { level: 1, name: "Produits" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Nom ou code").fill(puid.toLowerCase());
  await page.getByTestId("staff-area").getByRole("button", { name: "Chercher", exact: true }).click();
  await expect(page).toHaveURL(/\/agence\/produits\?q=/);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/agence/produits/${puid}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page);
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL!);
});

test("staff change a product's French name and the public product page shows it at once", async ({ page }) => {
  const product = await importOwnProduct(page);
  await page.goto(`/agence/produits?q=${product.puid}`);
  await expect(page.getByTestId("staff-list-count")).toHaveText("1 produit");
  await expectNoAxeViolations(page, "/agence/produits");
  await openStaffProduct(page, product.puid, product.nameFr);
  await expectNoAxeViolations(page, "/agence/produits/:puid");
  // The import's part is shown, not edited.
  await expect(page.getByTestId("import-part")).toContainText(`${product.puid}-IP`);
  await expect(page.getByTestId("import-part")).toContainText("24,95");

  const renamed = `${product.nameFr} réserve`;
  await page.getByLabel("Nom (français)").fill(renamed);
  await page.getByLabel("Alcool (%)").fill("13,5");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Modifications enregistrées.");
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByLabel("Alcool (%)")).toHaveValue("13,5");

  await page.getByRole("link", { name: "Voir la page du produit" }).click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);
});

test("a bad value is refused with its message and the input kept", async ({ page }) => {
  const product = await importOwnProduct(page);
  await openStaffProduct(page, product.puid, product.nameFr);
  await page.getByLabel("Appellation").fill("Barolo");
  await page.getByLabel("Code SAQ").fill("SAQ-12");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Un code ne contient que des chiffres.")).toBeVisible();
  await expect(page.getByLabel("Appellation")).toHaveValue("Barolo");
  await expect(page.getByLabel("Code SAQ")).toHaveValue("SAQ-12");
});

test("staff upload a photo of a product and see it served from /media/; a file that is not an image is refused", async ({ page }) => {
  const product = await importOwnProduct(page);
  await openStaffProduct(page, product.puid, product.nameFr);
  const upload = page.getByTestId("photo-upload");
  // The alt text defaults to the product's name in each language.
  await expect(upload.getByLabel("Texte de remplacement (français)")).toHaveValue(product.nameFr);
  await expect(upload.getByLabel("Texte de remplacement (anglais)")).toHaveValue(product.nameEn);

  await upload
    .getByLabel("Fichier de la photo")
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("pas une image") });
  await upload.getByRole("button", { name: "Ajouter la photo" }).click();
  await expect(page.getByText(/Ce fichier n’est pas une image JPEG, PNG, WebP ou AVIF/)).toBeVisible();
  await expect(page.getByTestId("photo-item")).toHaveCount(0);

  await upload
    .getByLabel("Fichier de la photo")
    .setInputFiles({ name: "bouteille.png", mimeType: "image/png", buffer: await pngBytes("#6b1d2a") });
  await upload.getByLabel("Texte de remplacement (français)").fill(`${product.nameFr}, la bouteille`);
  await upload.getByRole("button", { name: "Ajouter la photo" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Photo enregistrée.");
  const item = page.getByTestId("photo-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Photo principale");
  const img = item.getByRole("img", { name: `${product.nameFr}, la bouteille` });
  await expect(img).toHaveAttribute("srcset", /\/media\/[0-9a-f]{64}\/\d+\.jpg/);
  const src = await img.getAttribute("src");
  expect(src).toMatch(/^\/media\//);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  await expectNoAxeViolations(page, "/agence/produits/:puid with a photo");

  // A second photo, made the main one, then the first removed.
  await upload
    .getByLabel("Fichier de la photo")
    .setInputFiles({ name: "etiquette.png", mimeType: "image/png", buffer: await pngBytes("#d8c9a3") });
  await upload.getByRole("button", { name: "Ajouter la photo" }).click();
  await expect(page.getByTestId("photo-item")).toHaveCount(2);
  await page.getByRole("button", { name: "Faire de la photo 2 la photo principale" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Photos modifiées.");
  await expect(page.getByTestId("photo-item").first().getByRole("img")).toHaveAttribute("alt", product.nameFr);
  await page.getByRole("button", { name: "Retirer la photo 2" }).click();
  await expect(page.getByTestId("photo-item")).toHaveCount(1);
  await expect(page.getByTestId("photo-item").getByRole("img")).toHaveAttribute("alt", product.nameFr);
});

test("an edit made on a page someone else saved since shows the current values and keeps the input", async ({ page, browser, baseURL }) => {
  const product = await importOwnProduct(page);
  await openStaffProduct(page, product.puid, product.nameFr);

  // A colleague saves first, from another browser.
  const other = await browser.newContext({ javaScriptEnabled: true });
  await signInAsStaff(other, baseURL!);
  const colleague = await other.newPage();
  await colleague.goto(`/agence/produits/${product.puid}`);
  await waitForHydration(colleague);
  await colleague.getByLabel("Nom (français)").fill(`${product.nameFr} du collègue`);
  await colleague.getByRole("button", { name: "Enregistrer" }).click();
  await expect(colleague.getByTestId("edit-done")).toBeVisible();
  await other.close();

  await page.getByLabel("Nom (français)").fill(`${product.nameFr} à moi`);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  const conflict = page.getByTestId("edit-conflict");
  await expect(conflict).toContainText("Quelqu’un d’autre a enregistré ce produit le");
  await expect(conflict.getByTestId("conflict-row")).toContainText(`${product.nameFr} du collègue`);
  await expect(conflict.getByTestId("conflict-row")).toContainText(`${product.nameFr} à moi`);
  await expect(page.getByLabel("Nom (français)")).toHaveValue(`${product.nameFr} à moi`);
  await expectNoAxeViolations(page, "/agence/produits/:puid with a stale edit");

  // Saving again, knowingly, replaces the colleague's value.
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("edit-done")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${product.nameFr} à moi` })).toBeVisible();
});

test("the producers' list finds a producer, and its website must be an absolute address", async ({ page }) => {
  await page.goto("/agence/producteurs?q=montevertine");
  await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
  await expectNoAxeViolations(page, "/agence/producteurs");
  await page.getByTestId("staff-list").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/agence\/producteurs\/montevertine$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "/agence/producteurs/:slug");
  await page.getByLabel("Site web").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Indiquez une adresse complète commençant par http:// ou https://.")).toBeVisible();
  await expect(page.getByLabel("Site web")).toHaveValue("javascript:alert(1)");
});
