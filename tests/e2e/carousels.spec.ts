/**
 * Carousels (docs/decisions/047-carousels.md), with and without JavaScript: staff open the home
 * selection of a province from /agence/carrousels, move its first item down, and a visitor of
 * that province then gets the home page in the new order (the shared home page emptied at once).
 * axe checks the list and the editor. Each project edits its own province's carousel (JavaScript
 * Québec, without Ontario), so the two never edit the same one at once.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

test("staff move the home selection's first item down and the home page follows", async ({ page, playwright, baseURL, storageState }) => {
  const ontario = isNoJs();
  // A visitor of the province (their own request context: no staff session), first before the
  // change so the shared home page is cached. The page's HTML is read, not drawn: lighter.
  const visitor = await playwright.request.newContext({ baseURL, storageState });
  const homePath = ontario ? "/on" : "/";
  const firstOnHome = async () => {
    const html = await (await visitor.get(homePath)).text();
    const section = html.slice(html.indexOf('data-testid="carousel-home-selection"'));
    return /href="(\/products\/[^"?]+)/.exec(section)?.[1];
  };
  const before = await firstOnHome();

  await signInAsStaff(page.context(), baseURL!);
  await page.goto("/agence/carrousels");
  await expect(page.getByRole("heading", { level: 1, name: "Carrousels" })).toBeVisible();
  await expectNoAxeViolations(page, "/agence/carrousels");
  await page.getByRole("link", { name: `Notre sélection · ${ontario ? "Ontario" : "Québec"}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/agence/carrousels/home-selection/${ontario ? "on" : "qc"}$`));
  await waitForHydration(page);
  await expectNoAxeViolations(page, "/agence/carrousels/:group/:province");

  const items = page.getByTestId("carousel-item");
  const first = (await items.nth(0).getAttribute("data-slug"))!;
  const second = (await items.nth(1).getAttribute("data-slug"))!;
  expect(before).toBe(`/products/${first}`);
  await items
    .nth(0)
    .getByRole("button", { name: /^Descendre/ })
    .click();
  await expect(page.getByTestId("carousel-done")).toHaveText("Ordre enregistré. La page d’accueil est à jour.");
  await expect(items.nth(0)).toHaveAttribute("data-slug", second);
  await expect(items.nth(1)).toHaveAttribute("data-slug", first);

  expect(await firstOnHome()).toBe(`/products/${second}`);
  await visitor.dispose();
});
