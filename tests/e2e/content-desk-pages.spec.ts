/**
 * The help pages edited by staff (docs/decisions/046-content-page-revisions.md), with and without
 * JavaScript: staff open a page from /agence/pages, add a question in French and in English,
 * preview it (rendered by the server), save it as a new revision, see it on the public page in
 * both languages, then restore the previous version and the question is gone. A colleague's save
 * from the older revision is refused with the current text shown and theirs kept. axe on the list
 * and on the editor (in its stale-save state, the richest). Each project edits its own page (`js`
 * the FAQ, `no-js` orders and deliveries), so the two never race on one page's revisions, and
 * each test ends by restoring the page as it found it.
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";

/** The page this project edits, its French title and the heading of the tab after the one a question joins. */
function pageOfProject() {
  return isNoJs()
    ? { slug: "orders-deliveries", title: "Commandes et livraisons", nextTab: /\n## [^\n]*\{#problems/ }
    : { slug: "faq", title: "Foire aux questions", nextTab: /\n## [^\n]*\{#glossary/ };
}

/** Opens a page's editor in French; returns the revision it shows. */
async function openEditor(page: Page, slug: string): Promise<string> {
  await page.goto(`/agence/pages/${slug}?lng=fr-CA`);
  await waitForHydration(page);
  return page.getByTestId("page-edit").locator('input[name="baseRevision"]').inputValue();
}

/** Restores `revision` from the editor and waits for the new revision that copies it. */
async function restore(page: Page, revision: string): Promise<void> {
  await page.getByTestId(`revision-${revision}`).getByRole("button", { name: "Restaurer cette version" }).click();
  await expect(page.getByTestId("page-done")).toHaveText("Version restaurée dans une nouvelle révision : la page publique l’affiche.");
}

const SAVE = "Enregistrer une nouvelle révision";

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL!);
});

test("staff edit a help page in both languages, the public page shows it, and restoring the previous version undoes it", async ({
  page,
}) => {
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

  const previous = await page.getByTestId("page-edit").locator('input[name="baseRevision"]').inputValue();
  const french = page.getByLabel("Français (Markdown)");
  const english = page.getByLabel("Anglais (Markdown)");
  const addQuestion = (source: string, question: string) =>
    source.replace(target.nextTab, (heading) => `\n\n### ${question}\n\nUne réponse écrite par l’agence.\n${heading}`);
  await french.fill(addQuestion(await french.inputValue(), questionFr));
  await english.fill(addQuestion(await english.inputValue(), questionEn));

  // The preview is rendered by the server, the text stays in the form.
  await page.getByRole("button", { name: "Aperçu" }).click();
  await expect(page.getByTestId("page-preview-fr")).toContainText(questionFr);
  await expect(page.getByTestId("page-preview-en")).toContainText(questionEn);
  await expect(french).toHaveValue(new RegExp(stamp));

  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByTestId("page-done")).toHaveText("Nouvelle révision enregistrée : la page publique l’affiche.");
  const saved = String(Number(previous) + 1);
  await expect(page.getByTestId(`revision-${saved}`)).toContainText("affichée");

  await page.goto(`/${target.slug}?lng=fr-CA`);
  await expect(page.getByTestId("content-page")).toContainText(questionFr);
  await page.goto(`/${target.slug}?lng=en-US`);
  await expect(page.getByTestId("content-page")).toContainText(questionEn);

  // Restoring the revision shown before the edit adds a revision with its text.
  await openEditor(page, target.slug);
  await restore(page, previous);
  await expect(page.getByTestId(`revision-${Number(saved) + 1}`)).toContainText(`restaurée de la révision ${previous}`);
  await expect(page.getByLabel("Français (Markdown)")).not.toHaveValue(new RegExp(stamp));
  await page.goto(`/${target.slug}?lng=fr-CA`);
  await expect(page.getByTestId("content-page")).toBeVisible();
  await expect(page.getByTestId("content-page")).not.toContainText(questionFr);
});

test("a save made from an older revision is refused: the current text is shown and the staff's own kept", async ({ page }) => {
  const target = pageOfProject();
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const previous = await openEditor(page, target.slug);
  // A colleague has the same revision open in another tab.
  const colleague = await page.context().newPage();
  await openEditor(colleague, target.slug);

  const french = page.getByLabel("Français (Markdown)");
  await french.fill(`${await french.inputValue()}\nUne phrase de l’agence ${stamp}.\n`);
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByTestId("page-done")).toBeVisible();

  const theirs = colleague.getByLabel("Français (Markdown)");
  await theirs.fill(`${await theirs.inputValue()}\nUne phrase du collègue.\n`);
  await colleague.getByRole("button", { name: SAVE }).click();
  const saved = Number(previous) + 1;
  await expect(colleague.getByTestId("page-conflict")).toContainText(`La révision ${saved} a été enregistrée`);
  await expect(colleague.getByTestId("page-conflict-sourceFr")).toContainText(`Une phrase de l’agence ${stamp}.`);
  await expect(theirs).toHaveValue(/Une phrase du collègue\./);
  await expectNoAxeViolations(colleague, "/agence/pages/:slug after a stale save");
  await colleague.close();

  // Put the page back as it was.
  await restore(page, previous);
});
