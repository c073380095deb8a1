/**
 * The help pages edited by staff (docs/decisions/046-content-page-revisions.md), with and without
 * JavaScript: staff open a page from /agence/pages, add a question in French and in English,
 * preview it (rendered by the server), save it as a new revision, see it on the public page in
 * both languages, then restore the previous version and the question is gone; axe on the list and
 * the editor. Each project edits its own page (`js` the FAQ, `no-js` orders and deliveries), so the
 * two never race on one page's revisions; the restore puts the page back as it was.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

/** The page this project edits, its French title and the heading of the tab the question joins. */
function pageOfProject() {
  return isNoJs()
    ? { slug: "orders-deliveries", title: "Commandes et livraisons", fr: /\n## [^\n]*\{#problems/, en: /\n## [^\n]*\{#problems/ }
    : { slug: "faq", title: "Foire aux questions", fr: /\n## [^\n]*\{#glossary/, en: /\n## [^\n]*\{#glossary/ };
}

test("staff edit a help page in both languages, the public page shows it, and restoring the previous version undoes it", async ({
  page,
  baseURL,
}) => {
  await signInAsStaff(page.context(), baseURL!);
  const target = pageOfProject();
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const questionFr = `Question d’essai ${stamp} ?`;
  const questionEn = `Test question ${stamp}?`;

  await page.goto("/agence/pages?lng=fr-CA");
  await expect(page.getByRole("heading", { level: 1, name: "Pages d’aide et de contenu" })).toBeVisible();
  await expectNoAxeViolations(page, "/agence/pages");
  await page.getByTestId("content-pages").getByRole("link", { name: target.title }).click();
  await expect(page).toHaveURL(new RegExp(`/agence/pages/${target.slug}$`));
  await waitForHydration(page);

  const previous = await page.locator('input[name="baseRevision"]').inputValue();
  const french = page.getByLabel("Français (Markdown)");
  const english = page.getByLabel("Anglais (Markdown)");
  const addQuestion = (source: string, before: RegExp, question: string) =>
    source.replace(before, (heading) => `\n\n### ${question}\n\nUne réponse écrite par l’agence.\n${heading}`);
  await french.fill(addQuestion(await french.inputValue(), target.fr, questionFr));
  await english.fill(addQuestion(await english.inputValue(), target.en, questionEn));

  // The preview is rendered by the server, the text stays in the form.
  await page.getByRole("button", { name: "Aperçu" }).click();
  await expect(page.getByTestId("page-preview-fr")).toContainText(questionFr);
  await expect(page.getByTestId("page-preview-en")).toContainText(questionEn);
  await expectNoAxeViolations(page, "/agence/pages/:slug with its preview");
  await expect(french).toHaveValue(new RegExp(questionFr.replace(/[?]/g, "\\?")));

  await page.getByRole("button", { name: "Enregistrer une nouvelle révision" }).click();
  await expect(page.getByTestId("page-done")).toHaveText("Nouvelle révision enregistrée : la page publique l’affiche.");
  const saved = String(Number(previous) + 1);
  await expect(page.getByTestId(`revision-${saved}`)).toContainText("affichée");

  await page.goto(`/${target.slug}?lng=fr-CA`);
  await expect(page.getByTestId("content-page")).toContainText(questionFr);
  await page.goto(`/${target.slug}?lng=en-US`);
  await expect(page.getByTestId("content-page")).toContainText(questionEn);

  // Restoring the revision shown before the edit adds a revision with its text.
  await page.goto(`/agence/pages/${target.slug}?lng=fr-CA`);
  await waitForHydration(page);
  await page.getByTestId(`revision-${previous}`).getByRole("button", { name: "Restaurer cette version" }).click();
  await expect(page.getByTestId("page-done")).toHaveText("Version restaurée dans une nouvelle révision : la page publique l’affiche.");
  await expect(page.getByTestId(`revision-${Number(saved) + 1}`)).toContainText(`restaurée de la révision ${previous}`);
  await expect(page.getByLabel("Français (Markdown)")).not.toHaveValue(new RegExp(stamp));

  await page.goto(`/${target.slug}?lng=fr-CA`);
  await expect(page.getByTestId("content-page")).toBeVisible();
  await expect(page.getByTestId("content-page")).not.toContainText(questionFr);
});
