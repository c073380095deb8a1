/**
 * The bulk photo upload, with and without JavaScript: staff create a product of their own (by the
 * catalogue import, so no other spec sees its photo), upload a ZIP holding its photo and a file
 * naming no product, read the dry run (1 recognised, 1 not), confirm it without sending the ZIP
 * again, land on the report, and the photo's variants are served from /media/, immutable. A file
 * that is not a ZIP is refused with its reason. Puids are unique per run: the e2e database is
 * shared by both projects and by retries.
 */
import { zipSync } from "fflate";
import sharp from "sharp";
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";

const HEADER =
  "product_puid,inventory_puid,name_fr,name_en,producer,type,vintage,volume_ml,uvc,inventory,price,agency_fee,quantity,availability";

/** A product created through the catalogue import, for this test only. */
async function createProduct(page: Page, puid: string, name: string): Promise<void> {
  const csv = `${HEADER}\n${puid},${puid}-IP,"${name}","${name}",montevertine,VIN,2022,750,12,IP,"30,00",5,12,AVAILABLE\n`;
  await page.goto("/agence/import");
  await page.getByLabel("Fichier CSV").setInputFiles({ name: "photo-e2e.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await page.getByRole("button", { name: "Confirmer l’import" }).click();
  await expect(page.getByTestId("import-applied")).toBeVisible();
}

test("staff upload a ZIP of photos, check it, confirm it, and the photo is served", async ({ page, baseURL }, testInfo) => {
  const puid = `PHOTO-E2E-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const name = `Cuvée photographiée ${puid.toLowerCase()}`;
  await signInAsStaff(page.context(), baseURL!);
  await createProduct(page, puid, name);

  await page.goto("/agence");
  await page.getByRole("link", { name: "Photos en lot" }).click();
  await expect(page).toHaveURL(/\/agence\/photos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Photos en lot" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Photos en lot" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("produits/ABC123.jpg")).toBeVisible();

  const bottle = await sharp({ create: { width: 800, height: 1200, channels: 3, background: { r: 110, g: 20, b: 40 } } })
    .jpeg()
    .toBuffer();
  const zip = zipSync({ [`produits/${puid}.jpg`]: [bottle, { level: 0 }], "produits/NO-SUCH-PUID.jpg": bottle });
  await page.getByLabel("Fichier ZIP").setInputFiles({ name: "bouteilles.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();

  const dryRun = page.getByTestId("photo-dry-run");
  await expect(dryRun).toBeVisible();
  await expect(page.getByTestId("photo-count-matched")).toContainText("1");
  await expect(page.getByTestId("photo-count-unmatched")).toContainText("1");
  await expect(page.getByTestId("photo-line").filter({ hasText: `produits/${puid}.jpg` })).toContainText(
    `Photo principale de ${name} (${puid})`,
  );
  await expect(page.getByTestId("photo-line").filter({ hasText: "NO-SUCH-PUID" })).toContainText("Aucun produit n’a le code NO-SUCH-PUID.");
  await expectNoAxeViolations(page, "/agence/photos dry run");
  const preview = await page.getByTestId("photo-line").filter({ hasText: puid }).locator("img").getAttribute("src");
  expect(preview).toMatch(/^\/media\/[0-9a-f]{64}\/\d+\.jpg$/);

  await page.getByRole("button", { name: "Appliquer les photos" }).click();
  await expect(page).toHaveURL(/\/agence\/photos\?id=[0-9a-f]{24}$/);
  await expect(page.getByTestId("photo-applied")).toContainText("1 photo appliquée");
  await expect(page.getByTestId("photo-report-lines")).toContainText(`produits/${puid}.jpg → Photo principale de ${name} (${puid})`);

  // The photo's variants are served, immutable, in each format.
  const hash = preview!.split("/")[2]!;
  for (const [file, type] of [
    ["640.avif", "image/avif"],
    ["320.webp", "image/webp"],
    ["800.jpg", "image/jpeg"],
  ] as const) {
    const response = await page.request.get(`/media/${hash}/${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"]).toBe(type);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  expect((await page.request.get(`/media/${hash}/1600.jpg`)).status()).toBe(404);

  // The report stays in the URL.
  await page.reload();
  await expect(page.getByTestId("photo-applied")).toBeVisible();
});

test("a file that is not a ZIP is refused with its reason", async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL!);
  await page.goto("/agence/photos");
  await page
    .getByLabel("Fichier ZIP")
    .setInputFiles({ name: "photos.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByText("Ce fichier n’est pas une archive ZIP lisible : rien n’a été enregistré.")).toBeVisible();
  await expect(page.getByTestId("photo-dry-run")).toHaveCount(0);
});
