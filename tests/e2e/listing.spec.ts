/**
 * The printable lists, with and without JavaScript: on /products with a filter,
 * the "Télécharger la liste de prix" options, ticking the quantity, the PDF downloaded and read back
 * (its text holds the filtered products with the chosen columns); on /providers, "Imprimer" gives an
 * A4 landscape PDF of the page's producers, and the browser's print hides the header, filters and
 * buttons.
 */
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { pdfText } from "../support/pdf-text";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/helpers";

const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

test("the price list of the filtered products downloads with the chosen columns", async ({ page }) => {
  await page.goto("/products?t=pepiere");
  await waitForHydration(page);
  const names = (await page.getByTestId("product-card").getByRole("heading", { level: 3 }).allTextContents()).map((n) => spaced(n.trim()));
  expect(names.length).toBeGreaterThan(3);
  expect(names.length).toBeLessThan(24);

  const options = page.getByTestId("price-list");
  await options.getByText("Télécharger la liste de prix").click();
  await expect(options.getByRole("checkbox", { name: "Quantité en stock" })).not.toBeChecked();
  await expect(options.getByRole("checkbox", { name: "Millésime" })).toBeChecked();
  await expect(options.getByRole("radio", { name: "Québec" })).toBeChecked();
  await expect(options.getByRole("radio", { name: "Taxes incluses" })).toBeChecked();
  await options.getByRole("checkbox", { name: "Quantité en stock" }).check();
  await options.getByRole("checkbox", { name: "Millésime" }).uncheck();
  await options.getByRole("radio", { name: "Avant taxes" }).check();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    options.getByRole("button", { name: "Télécharger le PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^liste-de-prix-\d{10}\.pdf$/);
  const text = spaced(await pdfText(new Uint8Array(await readFile(await download.path()))));
  expect(text).toContain("Liste de prix");
  expect(text).toContain("Recherche : « pepiere »");
  expect(text).toContain("Prix avant taxes");
  expect(text).toContain("Quantité");
  expect(text).not.toContain("Millésime");
  expect(text).toContain("Domaine de la Pépière — France");
  for (const name of names) expect(text).toContain(name);
  // One row per channel of the list's cards (a card holds its product's channels): each row names its channel.
  const rows = text.match(/Importation privée|SAQ|Cellier Montréal|Boutique Montréal/g) ?? [];
  expect(rows.length).toBe(await page.getByTestId("product-card").getByTestId("card-channel").count());
  expect(text).not.toMatch(/Brouhh|MERCH_|STORE_|Magasin/);
  // The page is still the product list.
  await expect(page).toHaveURL(/\/products\?t=pepiere$/);
});

test("“Imprimer” on /providers gives the page's producers as an A4 landscape PDF", async ({ page }) => {
  await page.goto("/providers?c=FR");
  await waitForHydration(page);
  const cards = await page.getByTestId("provider-card").count();
  expect(cards).toBeGreaterThan(0);
  const link = page.getByRole("link", { name: /^Imprimer/ });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/listing\/providers\?(.*&)?c=FR/);
  expect(await link.getAttribute("target")).toBe("_blank");

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toMatch(/^inline; filename="\d{10}\.pdf"$/);
  const bytes = new Uint8Array(await response.body());
  const document = await PDFDocument.load(bytes);
  const { width, height } = document.getPage(0).getSize();
  expect(Math.round(width)).toBe(842);
  expect(Math.round(height)).toBe(595);
  const text = spaced(await pdfText(bytes));
  expect(text).toContain("Cuvée");
  expect(text).toContain("Pays : France");
  expect((text.match(/\d+ produits? offerts?/g) ?? []).length).toBe(cards);
});

test("the browser's print of /providers keeps the producers and drops the header, filters and buttons", async ({ page }) => {
  // From lg (1366 px) the filters are a column shown beside the list (below, a closed disclosure,
  // hidden on screen too): on such a screen each hidden part is seen first, so print is what hides it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/providers");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByTestId("provider-filters")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Imprimer/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tuiles" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByTestId("provider-filters")).toBeHidden();
  await expect(page.getByRole("link", { name: /^Imprimer/ })).toBeHidden();
  await expect(page.getByRole("button", { name: "Tuiles" })).toBeHidden();
  await expect(page.getByTestId("provider-card").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Producteurs" })).toBeVisible();
});
