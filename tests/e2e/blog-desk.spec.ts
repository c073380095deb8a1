/**
 * The content desk's articles (docs/decisions/045-content-desk-articles.md), with and without
 * JavaScript: staff write an article in French and English, preview it as the public page renders
 * it, create the draft, schedule it for the next minute (Montréal time; nothing public yet), the
 * server's publication sweep publishes it by itself (the test server looks every 5 s:
 * `PUBLICATION_SWEEP_SECONDS`), and a visitor then finds it on /blogs, in the search and in both
 * languages' Atom feeds; unpublished, it is gone. axe on the list and the editor. The sweep's
 * locking and everything else are covered by tests/integration/blog-desk.test.ts. Each run writes
 * its own article (a unique title and slug).
 */
import { signInAsStaff } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { isNoJs, waitForHydration } from "./support/helpers";
import { pngBytes } from "./support/images";

/** A word of letters only, unique to this run and project. */
function uniqueWord(): string {
  let n = Date.now() * 100 + Math.floor(Math.random() * 100);
  let word = "";
  while (n > 0) {
    word += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return `${isNoJs() ? "nojs" : "js"}${word}`;
}

/**
 * The next whole minute at least 20 s from now: as the scheduling field takes it, on the shop's
 * clock (`YYYY-MM-DDTHH:mm`, Montréal time), and as an instant.
 */
function nextMinute(): { local: string; at: number } {
  const at = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Toronto",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return { local: local.replace(" ", "T"), at };
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL!);
});

test("staff write, preview and schedule an article in both languages; it appears at its time, and a visitor finds it on /blogs, in search and in the feeds", async ({
  page,
}) => {
  // Up to 80 s until the scheduled minute, and the sweep's 5 s.
  test.setTimeout(150_000);
  const word = uniqueWord();
  const slug = `arrivage-${word}`;
  const titleFr = `Arrivage ${word}`;
  const titleEn = `New arrival ${word}`;

  await page.goto("/agence/articles");
  await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
  await expectNoAxeViolations(page, "/agence/articles");
  await page.getByRole("link", { name: "Nouvel article" }).click();
  await expect(page).toHaveURL(/\/agence\/articles\/nouveau$/);
  await waitForHydration(page);

  await page.getByLabel("Adresse (slug)").fill(slug);
  await page.getByLabel("Titre (français)").fill(titleFr);
  await page.getByLabel("Titre (anglais)").fill(titleEn);
  // Words no other spec searches for, and no linked product or producer: other specs' counts stay.
  await page.getByLabel("Résumé (français)").fill(`Les nouveautés ${word} de la semaine.`);
  await page.getByLabel("Résumé (anglais)").fill(`This week's ${word} arrivals.`);
  await page.getByLabel("Texte (Markdown) (français)").fill(`## Au programme\n\nDu **${word}** <script>alert(1)</script>à boire frais.`);
  await page.getByLabel("Texte (Markdown) (anglais)").fill(`## On the list\n\nSome **${word}** to drink chilled.`);
  await page.getByRole("checkbox", { name: "Arrivages" }).check();

  await page.getByRole("button", { name: "Aperçu" }).click();
  const preview = page.getByTestId("blog-preview");
  await expect(preview.getByTestId("blog-preview-fr").getByRole("heading", { level: 1, name: titleFr })).toBeVisible();
  await expect(preview.getByTestId("blog-preview-en").getByRole("heading", { level: 1, name: titleEn })).toBeVisible();
  await expect(preview.getByTestId("blog-preview-fr").locator("strong")).toHaveText(word);
  await expect(preview.locator("script")).toHaveCount(0);
  // The input is kept for saving.
  await expect(page.getByLabel("Titre (anglais)")).toHaveValue(titleEn);
  await expectNoAxeViolations(page, "/agence/articles/nouveau with its preview");

  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Brouillon créé.");
  const editor = new URL(page.url()).pathname;
  await expect(page.getByTestId("blog-status")).toContainText("Brouillon");
  await expectNoAxeViolations(page, "/agence/articles/:id");

  const publication = nextMinute();
  await page.getByLabel("Date et heure de publication (heure de Montréal)").fill(publication.local);
  await page.getByRole("button", { name: "Programmer" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Publication programmée.");
  await expect(page.getByTestId("blog-status")).toContainText("Programmé");
  await expect(page.getByTestId("blog-status")).toContainText(
    `${Number(publication.local.slice(11, 13))} h ${publication.local.slice(14, 16)}`,
  );
  expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(404);

  // A cover photo through the image pipeline, while it waits.
  const cover = page.getByTestId("blog-cover-upload");
  await cover
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "vignes.png", mimeType: "image/png", buffer: await pngBytes("#4d6b2a", 640, 360) });
  await cover.getByLabel("Texte de remplacement (français)").fill(`Vignes ${word}`);
  await cover.getByLabel("Texte de remplacement (anglais)").fill(`Vines ${word}`);
  await cover.getByRole("button", { name: "Ajouter la photo" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Photo de couverture enregistrée.");

  // Nobody publishes it: the server's sweep does, at its time.
  await expect
    .poll(async () => (await page.request.get(`/blogs/${slug}`)).status(), {
      timeout: Math.max(0, publication.at - Date.now()) + 45_000,
      intervals: [2_000],
    })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(publication.at);
  await page.reload();
  await expect(page.getByTestId("blog-status")).toContainText("Publié");

  // A visitor's view.
  await page.goto("/blogs");
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", /\/blogs\/feed\.xml$/);
  await page.getByRole("link", { name: titleFr }).first().click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: titleFr })).toBeVisible();
  await expect(page.getByTestId("blog-body").locator("script")).toHaveCount(0);
  await expect(page.getByRole("img", { name: `Vignes ${word}` })).toHaveAttribute("srcset", /\/media\/[0-9a-f]{64}\/\d+\.jpg/);

  await page.goto(`/global-search?t=${word}&activeTabType=BLOGS`);
  await expect(page.getByRole("link", { name: titleFr })).toBeVisible();

  const feedFr = await (await page.request.get("/blogs/feed.xml")).text();
  expect(feedFr).toContain(`<title>${titleFr}</title>`);
  const feedEn = await page.request.get("/blogs/feed.xml?lng=en-US");
  expect(feedEn.headers()["content-type"]).toContain("application/atom+xml");
  expect(await feedEn.text()).toContain(`<title>${titleEn}</title>`);

  // Taken down: gone for the visitor at once (back in French: the English feed's `?lng=` set the language).
  await page.goto(`${editor}?lng=fr-CA`);
  await page.getByRole("button", { name: "Dépublier" }).click();
  await expect(page.getByTestId("edit-done")).toHaveText("Article dépublié : sa page n’est plus accessible.");
  expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/blogs/feed.xml")).text()).not.toContain(titleFr);
});
