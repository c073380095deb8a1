/**
 * The catalogue import, with and without JavaScript: staff uploads a CSV on
 * /agence/import, reads the dry run (1 created, 1 changed, with the price change), confirms it
 * without sending the file again, sees the result, and finds the new product on
 * /products?t=<its name>; a file with a bad line is refused whole, naming the line. Puids and names
 * are unique per run: the e2e database is shared by both projects and by retries.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";

const HEADER =
  "product_puid,inventory_puid,name_fr,name_en,producer,type,vintage,volume_ml,uvc,inventory,price,agency_fee,quantity,availability";
// A producer no other spec counts the products of (a search for "pepiere" counts exact hits).
const PRODUCER = "montevertine";

/** A word of letters only, unique to this run (full-text search keeps it whole). */
function uniqueWord(): string {
  let n = Date.now() * 100 + Math.floor(Math.random() * 100);
  let word = "";
  while (n > 0) {
    word += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return `Zq${word}`;
}

/** Uploads a CSV on /agence/import and waits for its report. */
async function upload(page: Page, csv: string, name: string): Promise<void> {
  await page.goto("/agence/import");
  await page.getByLabel("Fichier CSV").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page).toHaveURL(/\/agence\/import\?id=\d+$/);
  await expect(page.getByTestId("import-report")).toBeVisible();
}

test("staff checks a CSV, confirms it, and finds the new product in the list", async ({ page, baseURL }) => {
  const stamp = uniqueWord();
  const puid = (n: number) => `E2E-${stamp}-${n}`.toUpperCase();
  const line = (n: number, name: string, price: string) =>
    `${puid(n)},${puid(n)}-IP,"${name}","${name}",${PRODUCER},VIN,2023,750,12,IP,"${price}",5,24,AVAILABLE`;
  const first = `Cuvée ${stamp} un`;
  const second = `Cuvée ${stamp} deux`;
  await signInAsStaff(page.context(), baseURL!);
  await page.goto("/agence/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import du catalogue" })).toBeVisible();

  // A first file creates a product…
  await upload(page, `${HEADER}\n${line(1, first, "24,95")}\n`, "premier.csv");
  await expect(page.getByTestId("count-created")).toContainText("1");
  await page.getByRole("button", { name: "Confirmer l’import" }).click();
  await expect(page.getByTestId("import-applied")).toBeVisible();

  // …a second one changes its price and creates another.
  await upload(page, `${HEADER}\n${line(1, first, "26.50")}\n${line(2, second, "31,00")}\n`, "second.csv");
  await expect(page.getByTestId("import-status")).toHaveText("Vérifié, en attente de confirmation");
  await expect(page.getByTestId("count-created")).toContainText("1");
  await expect(page.getByTestId("count-changed")).toContainText("1");
  await expect(page.getByTestId("count-refused")).toContainText("0");
  const changed = page.getByTestId("import-line").filter({ hasText: "Modifiées" });
  await expect(changed).toContainText(puid(1));
  await expect(changed).toContainText(/Prix\s:\s24,95\s\$ → 26,50\s\$/);
  await expect(page.getByTestId("import-line").filter({ hasText: "Créées" })).toContainText(puid(2));
  await expectNoAxeViolations(page, "/agence/import report");

  // The report stays in the URL: a reload shows it again, and confirming needs no new upload.
  await page.reload();
  await expect(page.getByTestId("count-changed")).toContainText("1");
  await page.getByRole("button", { name: "Confirmer l’import" }).click();
  await expect(page.getByTestId("import-applied")).toBeVisible();
  await expect(page.getByTestId("import-status")).toHaveText("Appliqué");
  await expect(page.getByRole("button", { name: "Confirmer l’import" })).toHaveCount(0);

  await page.goto(`/products?t=${encodeURIComponent(second)}`);
  await expect(page.getByTestId("product-card").filter({ hasText: second })).toHaveCount(1);
});

test("a file with a bad line is refused whole and says which line and why", async ({ page, baseURL }) => {
  const stamp = uniqueWord().toUpperCase();
  await signInAsStaff(page.context(), baseURL!);
  await page.goto("/agence/import");
  await upload(
    page,
    `${HEADER}\nE2E-${stamp}-1,E2E-${stamp}-1-IP,Bon,Good,${PRODUCER},VIN,,750,12,IP,20,4,12,AVAILABLE\nE2E-${stamp}-2,E2E-${stamp}-2-IP,Mauvais,Bad,${PRODUCER},VIN,,750,12,IP,"24,999",4,12,AVAILABLE\n`,
    "mauvais.csv",
  );
  await expect(page.getByTestId("import-refused")).toBeVisible();
  await expect(page.getByTestId("import-status")).toHaveText("Refusé");
  const refused = page.getByTestId("import-line").filter({ hasText: "Refusées" });
  await expect(refused).toContainText("3");
  await expect(refused).toContainText("price\u202f: « 24,999 » a plus de deux décimales.");
  await expect(page.getByRole("button", { name: "Confirmer l’import" })).toHaveCount(0);
});

test("the upload form asks for a file", async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL!);
  await page.goto("/agence/import");
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByText("Choisissez un fichier CSV.")).toBeVisible();
  await expect(page).toHaveURL(/\/agence\/import$/);
});
