/**
 * The help and content pages edited by staff (docs/decisions/046-content-page-revisions.md),
 * through the pages' loaders and actions as a browser without JavaScript posts them: revision 1
 * of every page comes from content/pages (and the public page reads the file before that); a
 * save adds a revision the public page shows at once, with its audit row and a notice to every
 * process; a text that does not parse is refused (400, values kept) and changes nothing; a save or
 * restore based on an older revision is a 409 with the current text; restoring an old revision
 * adds a new one with its text. Staff only. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/agency/audit.server";
import { CATALOGUE_CHANNEL } from "~/cache.server";
import { CONTENT_PAGE_ENTITY, seedContentPages } from "~/content/content-pages.server";
import type { PageActionData } from "~/content/ui/page-editing";
import { auditLog, contentPageRevisions, contentPages, users } from "~/db/schema";
import { action as pageAction, loader as pageLoader } from "~/routes/agence.page";
import { loader as pagesLoader } from "~/routes/agence.pages";
import { loader as contentLoader } from "~/routes/content-page";
import { startUserSession } from "~/users/users.server";
import type { Locale } from "~/vocabulary";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("content-pages"));

let testDb: TestDatabase;
let db: TestDatabase["db"];
let staffCookie: string;
let customerCookie: string;
let staffEmail: string;
let notices = 0;
let stopListening: () => Promise<void>;

const FILES = path.resolve("content", "pages");

async function sessionCookie(userId: number): Promise<string> {
  return (await startUserSession(db, new Request(`${BASE_URL}/`), userId)).split(";")[0]!;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  const staffId = await insertTestCustomer(db);
  const [staff] = await db.update(users).set({ role: "staff" }).where(eq(users.id, staffId)).returning({ email: users.email });
  staffEmail = staff!.email;
  staffCookie = await sessionCookie(staffId);
  customerCookie = await sessionCookie(await insertTestCustomer(db));
  stopListening = await testDb.listen(CATALOGUE_CHANNEL, () => notices++);
}, 120_000);
afterAll(async () => {
  await stopListening?.();
  await testDb?.close();
});

/** Waits until `count` notices arrived since `before` (they come after the commit, asynchronously). */
async function noticesAfter(before: number, count: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  while (notices < before + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return notices - before;
}

/** The public page as a visitor gets it: its title and every visible text of the chosen tab. */
async function publicPage(pathname: string, locale: Locale = "fr-CA"): Promise<{ title: string; text: string }> {
  const view = await contentLoader(await routeArgs(db, pathname, { preferences: { locale } }));
  const tab = view.activeTab;
  const text = [view.introHtml, tab?.introHtml ?? "", ...(tab?.entries.flatMap((e) => [e.titleHtml, e.html]) ?? [])].join("\n");
  return { title: view.title, text };
}

/** The editor's loader as staff (or `cookie`) call it. */
async function editor(slug: string, cookie = staffCookie) {
  return pageLoader(await routeArgs(db, `/agence/pages/${slug}`, { params: { slug }, init: { headers: { Cookie: cookie } } }));
}

/** An action's answer: a redirect's status and Location, or the data's status and body. */
async function post(
  slug: string,
  fields: Record<string, string>,
  cookie = staffCookie,
): Promise<{ status: number; location: string | null; body: PageActionData | null }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const args = await routeArgs(db, `/agence/pages/${slug}`, {
    params: { slug },
    init: { method: "POST", body, headers: { Cookie: cookie } },
  });
  try {
    const answer = (await pageAction(args)) as { type?: string; init?: { status?: number } | null; data?: unknown };
    if (answer?.type === "DataWithResponseInit") {
      return { status: answer.init?.status ?? 200, location: null, body: answer.data as PageActionData };
    }
    return { status: 200, location: null, body: answer as PageActionData };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const data = thrown as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null, body: null };
    throw thrown;
  }
}

async function revisionCount(slug: "faq" | "services" = "faq"): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contentPageRevisions).where(eq(contentPageRevisions.slug, slug));
  return Number(row?.n ?? 0);
}

async function auditCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, CONTENT_PAGE_ENTITY));
  return Number(row?.n ?? 0);
}

/** The FAQ's two files with one more question in each language. */
async function faqWithQuestion(fr: string, en: string): Promise<{ sourceFr: string; sourceEn: string }> {
  const [sourceFr, sourceEn] = await Promise.all([
    readFile(path.join(FILES, "faq.fr-CA.md"), "utf8"),
    readFile(path.join(FILES, "faq.en-US.md"), "utf8"),
  ]);
  const add = (source: string, question: string, heading: string) =>
    source.replace(heading, `${heading}\n\n### ${question}\n\nRéponse : ${question.toLowerCase()}.\n`);
  return {
    // Sent as a browser sends a textarea: CRLF line ends.
    sourceFr: add(sourceFr, fr, "## Questions fréquentes {#questions .faq}").replace(/\n/g, "\r\n"),
    sourceEn: add(sourceEn, en, "## Frequently asked questions {#questions .faq}").replace(/\n/g, "\r\n"),
  };
}

describe("the content pages' revisions", () => {
  it("reads a page from its file until the page has a row, then takes revision 1 from the files", async () => {
    const [rows] = await db.select({ n: count() }).from(contentPages);
    expect(Number(rows?.n)).toBe(0);
    expect((await publicPage("/faq")).title).toBe("Foire aux questions");

    expect(await seedContentPages(db)).toBe(6);
    expect(await seedContentPages(db)).toBe(0);
    const [first] = await db
      .select()
      .from(contentPageRevisions)
      .where(and(eq(contentPageRevisions.slug, "faq"), eq(contentPageRevisions.revision, 1)));
    expect(first?.sourceFr).toBe(await readFile(path.join(FILES, "faq.fr-CA.md"), "utf8"));
    expect(first?.sourceEn).toBe(await readFile(path.join(FILES, "faq.en-US.md"), "utf8"));
    expect(first?.actorEmail).toBeNull();

    const list = await pagesLoader(await routeArgs(db, "/agence/pages", { init: { headers: { Cookie: staffCookie } } }));
    expect(list.rows.map((row) => [row.slug, row.currentRevision, row.lastEdit.actorEmail])).toEqual([
      ["faq", 1, null],
      ["orders-deliveries", 1, null],
      ["pricing-policy", 1, null],
      ["about-us", 1, null],
      ["services", 1, null],
      ["understand-product", 1, null],
    ]);
    expect(list.rows[0]?.title).toBe("Foire aux questions");
    const page = await editor("faq");
    expect(page.page.currentRevision).toBe(1);
    expect(page.page.revisions.map((r) => r.revision)).toEqual([1]);
  });

  it("previews both languages as the public page renders them, writing nothing", async () => {
    const sources = await faqWithQuestion("Question d’aperçu ?", "Preview question?");
    const answer = await post("faq", { intent: "preview", baseRevision: "1", ...sources });
    expect(answer.status).toBe(200);
    expect(answer.body?.preview?.fr.tabs[0]?.entries[0]?.titleHtml).toBe("Question d’aperçu ?");
    expect(answer.body?.preview?.en.tabs[0]?.entries[0]?.titleHtml).toBe("Preview question?");
    expect(await revisionCount()).toBe(1);
    expect((await publicPage("/faq")).text).not.toContain("Question d’aperçu");
  });

  it("saves both languages as a new revision the public page shows at once, audited and announced", async () => {
    const before = notices;
    await publicPage("/faq", "en-US"); // cached before the save
    const sources = await faqWithQuestion("Livrez-vous le dimanche ?", "Do you deliver on Sundays?");
    const answer = await post("faq", { intent: "save", baseRevision: "1", ...sources });
    expect(answer).toMatchObject({ status: 303, location: "/agence/pages/faq?done=saved" });

    expect((await publicPage("/faq")).text).toContain("Livrez-vous le dimanche ?");
    expect((await publicPage("/faq", "en-US")).text).toContain("Do you deliver on Sundays?");
    expect(await noticesAfter(before, 1)).toBeGreaterThanOrEqual(1);

    const page = await editor("faq");
    expect(page.done).toBeNull();
    expect(page.page.currentRevision).toBe(2);
    // Stored with the files' LF line ends.
    expect(page.page.sourceFr).toBe(sources.sourceFr.replace(/\r\n/g, "\n"));
    expect(page.page.revisions[0]).toMatchObject({ revision: 2, actorEmail: staffEmail, restoredFrom: null });

    const [audit] = await auditTrail(db, CONTENT_PAGE_ENTITY, "faq");
    expect(audit).toMatchObject({ action: "contentPage.edited", actorEmail: staffEmail, before: { revision: 1 }, after: { revision: 2 } });

    // The same text again writes nothing.
    expect(await post("faq", { intent: "save", baseRevision: "2", ...sources })).toMatchObject({
      status: 303,
      location: "/agence/pages/faq?done=unchanged",
    });
    expect(await revisionCount()).toBe(2);
  });

  it("refuses a text that does not parse with the reason under its field, values kept, nothing changed", async () => {
    const revisions = await revisionCount();
    const audits = await auditCount();
    const good = await faqWithQuestion("Une question ?", "A question?");
    const cases: [Record<string, string>, string, string][] = [
      [{ sourceFr: "Pas d’en-tête du tout." }, "sourceFr", "pageEditing.errors.frontMatter"],
      [{ sourceFr: "---\ndescription: x\n---\nTexte." }, "sourceFr", "pageEditing.errors.noTitle"],
      [{ sourceEn: "---\ntitle: FAQ\n---\n## Questions {#questions .faq}\nNo questions." }, "sourceEn", "pageEditing.errors.emptyTab"],
      [{ sourceFr: good.sourceFr.replace("{#questions .faq}", "{#questions .quiz}") }, "sourceFr", "pageEditing.errors.tabKind"],
      [
        { sourceEn: good.sourceEn.replace("{#glossary .glossary}", "{#questions .glossary}") },
        "sourceEn",
        "pageEditing.errors.duplicateTab",
      ],
      [{ sourceEn: good.sourceEn.replace("{#glossary .glossary}", "{#lexicon .glossary}") }, "sourceEn", "pageEditing.errors.tabsDiffer"],
      [{ sourceFr: "   " }, "sourceFr", "pageEditing.errors.required"],
    ];
    for (const [change, field, key] of cases) {
      for (const intent of ["save", "preview"]) {
        const answer = await post("faq", { intent, baseRevision: "2", ...good, ...change });
        expect(answer.status, `${intent} ${key}`).toBe(400);
        expect(answer.body?.result.error?.[field], `${intent} ${key}`).toEqual([key]);
        // Kept as typed (a form's body sends CRLF line ends).
        const kept = (answer.body?.result.initialValue?.[field] as string).replace(/\r\n/g, "\n");
        expect(kept).toBe(({ ...good, ...change }[field] ?? "").replace(/\r\n/g, "\n"));
      }
    }
    expect(await revisionCount()).toBe(revisions);
    expect(await auditCount()).toBe(audits);
    expect((await publicPage("/faq")).text).toContain("Livrez-vous le dimanche ?");
  });

  it("answers a save based on an older revision with 409, the current text shown and the input kept", async () => {
    const mine = await faqWithQuestion("Ma question périmée ?", "My stale question?");
    const answer = await post("faq", { intent: "save", baseRevision: "1", ...mine });
    expect(answer.status).toBe(409);
    expect(answer.body?.result.error?.[""]).toEqual(["pageEditing.errors.stalePage"]);
    expect(answer.body?.conflict).toMatchObject({ revision: 2, actorEmail: staffEmail });
    expect(answer.body?.conflict?.sourceFr).toContain("Livrez-vous le dimanche ?");
    expect(answer.body?.result.initialValue?.sourceFr).toBe(mine.sourceFr);
    expect(await revisionCount()).toBe(2);
    expect((await publicPage("/faq")).text).not.toContain("Ma question périmée");
  });

  it("restores an older revision as a new one, audited; a stale or unknown restore changes nothing", async () => {
    expect(await post("faq", { intent: "restore", revision: "1", baseRevision: "1" })).toMatchObject({ status: 409 });
    expect(await post("faq", { intent: "restore", revision: "9", baseRevision: "2" })).toMatchObject({ status: 404 });
    expect(await revisionCount()).toBe(2);

    const before = notices;
    expect(await post("faq", { intent: "restore", revision: "1", baseRevision: "2" })).toMatchObject({
      status: 303,
      location: "/agence/pages/faq?done=restored",
    });
    expect((await publicPage("/faq")).text).not.toContain("Livrez-vous le dimanche ?");
    expect((await publicPage("/faq", "en-US")).text).not.toContain("Do you deliver on Sundays?");
    expect(await noticesAfter(before, 1)).toBeGreaterThanOrEqual(1);

    const page = await editor("faq");
    expect(page.page.currentRevision).toBe(3);
    expect(page.page.sourceFr).toBe(await readFile(path.join(FILES, "faq.fr-CA.md"), "utf8"));
    expect(page.page.revisions.map((r) => [r.revision, r.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const [audit] = await auditTrail(db, CONTENT_PAGE_ENTITY, "faq");
    expect(audit).toMatchObject({ action: "contentPage.restored", before: { revision: 2 }, after: { revision: 3, restoredFrom: 1 } });
    expect(await auditCount()).toBe(2);
    // The list shows the last edit.
    const list = await pagesLoader(await routeArgs(db, "/agence/pages", { init: { headers: { Cookie: staffCookie } } }));
    expect(list.rows[0]).toMatchObject({ slug: "faq", currentRevision: 3, lastEdit: { actorEmail: staffEmail } });
  });

  it("is not found for a customer, a guest and an unknown page", async () => {
    for (const cookie of [customerCookie, ""]) {
      expect(await thrownResponse(() => editor("faq", cookie))).toMatchObject({ status: 404 });
      const args = await routeArgs(db, "/agence/pages", { init: { headers: { Cookie: cookie } } });
      expect(await thrownResponse(() => pagesLoader(args))).toMatchObject({ status: 404 });
      expect(await post("faq", { intent: "restore", revision: "1", baseRevision: "3" }, cookie)).toMatchObject({ status: 404 });
    }
    expect(await thrownResponse(() => editor("glossaire"))).toMatchObject({ status: 404 });
    expect(await revisionCount()).toBe(3);
  });
});
