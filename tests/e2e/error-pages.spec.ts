/**
 * Error pages (docs/product.md#errors): the message, the HTTP status, the application code and the request's
 * reference, in French and in English, with and without JavaScript; axe clean.
 */
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

test("an unknown page says 404 NOT_FOUND with its reference, in French and in English", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  const errorPage = page.getByTestId("error-page");
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Oups, nous n'avons pas trouvé cette page");
  await expect(errorPage.getByTestId("error-status")).toHaveText("404");
  await expect(errorPage.getByTestId("error-app-code")).toHaveText("NOT_FOUND");
  await expect(errorPage.getByText("Statut HTTP")).toBeVisible();
  await expect(errorPage.getByText("Code d’application")).toBeVisible();
  // The reference is the response's X-Request-Id (decision 030).
  const requestId = response!.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  await expect(errorPage.getByText(`Référence\u00a0: ${requestId}`)).toBeVisible();
  await expectNoAxeViolations(page, "404 page");

  const english = await page.goto("/no/such/page?lng=en-US");
  expect(english?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Oops, we could not find this page");
  await expect(errorPage.getByText("HTTP status")).toBeVisible();
  await expect(errorPage.getByText("Application code")).toBeVisible();
  await expect(errorPage.getByTestId("error-app-code")).toHaveText("NOT_FOUND");
  await expect(errorPage.getByText(`Reference: ${english!.headers()["x-request-id"]}`)).toBeVisible();
});

test("a request the page refuses shows its message, status and code, and no stack", async ({ page }) => {
  // Forced: the browser's request for /stores is sent as a form post, which that page does not take.
  await page.route("**/stores", (route) =>
    route.request().isNavigationRequest()
      ? route.continue({
          method: "POST",
          postData: "x=1",
          headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded" },
        })
      : route.continue(),
  );
  const response = await page.goto("/stores");
  expect(response?.status()).toBe(405);
  const errorPage = page.getByTestId("error-page");
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Une erreur est survenue");
  await expect(errorPage.getByText("Cette adresse ne reçoit pas de formulaire.")).toBeVisible();
  await expect(errorPage.getByTestId("error-status")).toHaveText("405");
  await expect(errorPage.getByTestId("error-app-code")).toHaveText("METHOD_NOT_ALLOWED");
  await expect(errorPage.getByText(`Référence\u00a0: ${response!.headers()["x-request-id"]}`)).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/at \w+ \(|node_modules|Error:/);
  // The layout stays: the shopper can go on from the header.
  await expect(page.getByRole("banner")).toBeVisible();
  await expectNoAxeViolations(page, "405 page");
});
