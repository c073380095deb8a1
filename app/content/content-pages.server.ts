/**
 * The help and content pages as the agency edits them (docs/decisions/046-content-page-revisions.md):
 * FAQ and glossary, orders and deliveries, pricing policy, about us, services, understanding a
 * product page. Each page is a list of revisions, both languages together, in the Markdown format
 * of content/pages/README.md; the page shows its current one. A save adds a revision, a restore
 * adds a revision copying an older one's text: nothing is ever overwritten. Revision 1 of each page
 * is the repository's files (`content/pages/<slug>.<locale>.md`), loaded by
 * {@link seedContentPages} at start-up; a page without a row yet is read from its file.
 *
 * Every save and restore is one transaction with its audit row (`contentPage.edited`,
 * `contentPage.restored`) and a notice on the catalogue channel, so every process empties its
 * caches (the parsed pages, the shared page cache) at the commit. A save or restore based on an
 * older revision than the current one is refused as stale (the route answers 409).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { CATALOGUE_CHANNEL, clearDatabaseCaches, createDatabaseCache } from "~/cache.server";
import type { Database } from "~/db/client.server";
import { contentPageRevisions, contentPages } from "~/db/schema";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug, type Locale } from "~/vocabulary";
import { ContentPageError, parseContentPage } from "./page-parser.server";
import type { ContentPage } from "./page-types";
import { loadContentPage } from "./pages.server";
import { RETURNS_POLICY } from "./returns-policy";

/** Where revision 1 of each page comes from: `content/pages` under the working directory. */
const CONTENT_PAGES_DIR = path.resolve(process.cwd(), "content", "pages");

/** The audit table's `entity` of a content page (its `entityId` is the slug). */
export const CONTENT_PAGE_ENTITY = "contentPage";

/** Both languages of a page's Markdown. */
export interface PageSources {
  sourceFr: string;
  sourceEn: string;
}

/** One revision as the editor's history lists it. */
export interface RevisionSummary {
  revision: number;
  /** Who saved it; null for revision 1, taken from the repository's files. */
  actorEmail: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** A restore: the revision whose text it copies. */
  restoredFrom: number | null;
}

/** A page as its editor shows it: the current revision's text and every revision, newest first. */
export interface EditablePage extends PageSources {
  slug: ContentPageSlug;
  /** The French title of the current revision (the slug when it has none). */
  title: string;
  currentRevision: number;
  revisions: RevisionSummary[];
}

/** One page in the staff's list. */
export interface ContentPageRow {
  slug: ContentPageSlug;
  /** The French title of the current revision. */
  title: string;
  currentRevision: number;
  lastEdit: { actorEmail: string | null; at: string };
}

/** A field refused by the parser: the i18n key of the reason, per language. */
export type SourceErrors = Partial<Record<keyof PageSources, string>>;

/** What a save or a restore did. */
export type RevisionOutcome =
  | { kind: "saved"; revision: number }
  /** Nothing differs from the current revision: nothing written. */
  | { kind: "unchanged"; revision: number }
  | { kind: "invalid"; errors: SourceErrors }
  /** Someone saved since `baseRevision`: the current revision, nothing written. */
  | { kind: "stale"; current: PageSources & RevisionSummary }
  /** No such revision to restore. */
  | { kind: "notFound" };

/** The i18n key of a parse error: its reason's. */
function parseErrorKey(error: ContentPageError): string {
  return `pageEditing.errors.${error.reason}`;
}

/**
 * Checks both languages of a page as the public page would parse them, and that they have the
 * same tabs (ids, in the same order: `?tab=` is shared by both languages, content/pages/README.md).
 * The page holding the returns policy must keep its tab: checkout quotes it
 * (docs/decisions/048-discovery-subscriber-prices.md).
 * @param slug the page the text is for; omitted, no page-specific rule.
 * @returns the i18n key of the first reason per language; `{}` when both parse.
 * @throws whatever else the parser throws (a bug, not the staff's input).
 */
export function checkPageSources(sources: PageSources, slug?: ContentPageSlug): SourceErrors {
  const errors: SourceErrors = {};
  const tabIds: Partial<Record<keyof PageSources, string>> = {};
  for (const field of ["sourceFr", "sourceEn"] as const) {
    try {
      tabIds[field] = parseContentPage(sources[field], field)
        .tabs.map((tab) => tab.id)
        .join(" ");
    } catch (error) {
      if (!(error instanceof ContentPageError)) throw error;
      errors[field] = parseErrorKey(error);
    }
  }
  if (tabIds.sourceFr !== undefined && tabIds.sourceEn !== undefined && tabIds.sourceFr !== tabIds.sourceEn) {
    errors.sourceEn = "pageEditing.errors.tabsDiffer";
  }
  if (slug === RETURNS_POLICY.slug) {
    for (const field of ["sourceFr", "sourceEn"] as const) {
      if (tabIds[field] !== undefined && !tabIds[field].split(" ").includes(RETURNS_POLICY.tabId)) {
        errors[field] ??= "pageEditing.errors.returnsTab";
      }
    }
  }
  return errors;
}

/** A page's two files, as revision 1 takes them. */
async function readPageFiles(slug: ContentPageSlug, dir: string): Promise<PageSources> {
  const [sourceFr, sourceEn] = await Promise.all(
    (["fr-CA", "en-US"] as const).map((locale) => readFile(path.join(dir, `${slug}.${locale}.md`), "utf8")),
  );
  return { sourceFr: sourceFr!, sourceEn: sourceEn! };
}

/** Inserts revision 1 of a page from its files when the page has no row; true when it did. */
async function seedPage(tx: Database, slug: ContentPageSlug, dir: string, now: Date): Promise<boolean> {
  const sources = await readPageFiles(slug, dir);
  const inserted = await tx
    .insert(contentPages)
    .values({ slug, currentRevision: 1, updatedAt: now })
    .onConflictDoNothing()
    .returning({ slug: contentPages.slug });
  if (inserted.length === 0) return false;
  await tx.insert(contentPageRevisions).values({ slug, revision: 1, ...sources, createdAt: now });
  return true;
}

/**
 * Gives every content page that has no row its revision 1, read from `content/pages` (the files
 * stay in the repository as that source). Safe to run at every start and from several processes
 * at once: a page already there is kept as it is.
 * @param options.dir the folder of the Markdown files (tests); default `content/pages`.
 * @returns how many pages were added.
 * @throws when a file is missing (a developer error: start-up stops).
 */
export async function seedContentPages(db: Database, options: { dir?: string; now?: Date } = {}): Promise<number> {
  const dir = options.dir ?? CONTENT_PAGES_DIR;
  const existing = new Set((await db.select({ slug: contentPages.slug }).from(contentPages)).map((row) => row.slug));
  const missing = CONTENT_PAGE_SLUGS.filter((slug) => !existing.has(slug));
  if (missing.length === 0) return 0;
  const added = await db.transaction(async (tx) => {
    let count = 0;
    for (const slug of missing) if (await seedPage(tx, slug, dir, options.now ?? new Date())) count += 1;
    if (count > 0) await notifyChange(tx);
    return count;
  });
  if (added > 0) clearDatabaseCaches(db);
  return added;
}

/** The parsed current pages, per database, by `slug:locale`; emptied at every catalogue notice. */
const publishedPages = createDatabaseCache<string, ContentPage>({ ttlMs: 0, maxEntries: 2 * CONTENT_PAGE_SLUGS.length });

/**
 * The page the public sees in a language: its current revision, parsed (cached until the next
 * save or restore in any process); the repository's file while the page has no row yet. An entry
 * quoting another page's tab (`{{tab <slug>#<id>}}`) carries that tab's current text and a link to
 * it, so the two pages never disagree (the FAQ quotes the returns policy: decision 048).
 * @throws ContentPageError when the stored text no longer parses (never saved so: saves check it).
 */
export function loadPublishedContentPage(db: Database, slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
  return publishedPages(db, `${slug}:${locale}`, async () => withQuotes(db, await loadCurrentPage(db, slug, locale), slug, locale));
}

/**
 * The entries that quote a tab, given that tab's text (one level: a quote inside the quoted tab
 * shows only its link, so two pages quoting each other never wait on each other).
 */
async function withQuotes(db: Database, page: ContentPage, slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
  if (!page.tabs.some((tab) => tab.entries.some((entry) => entry.quote))) return page;
  const quoted = new Map<ContentPageSlug, ContentPage>();
  const tabs = [];
  for (const tab of page.tabs) {
    const entries = [];
    for (const entry of tab.entries) {
      if (!entry.quote) {
        entries.push(entry);
        continue;
      }
      const source =
        entry.quote.slug === slug ? page : (quoted.get(entry.quote.slug) ?? (await loadCurrentPage(db, entry.quote.slug, locale)));
      quoted.set(entry.quote.slug, source);
      entries.push({ ...entry, html: quotedTabHtml(source, entry.quote.slug, entry.quote.tabId) });
    }
    tabs.push({ ...tab, entries });
  }
  return { ...page, tabs };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A tab of a page as another page quotes it: its intro, each entry's title (bold) and text, then
 * a link to the tab (`/<slug>?tab=<id>`, labelled "<page title> — <tab label>"). A tab the page no
 * longer has gives only the link to the page. Everything but the link is HTML already sanitized.
 */
export function quotedTabHtml(page: ContentPage, slug: ContentPageSlug, tabId: string): string {
  const tab = page.tabs.find((t) => t.id === tabId);
  if (!tab) return `<p><a href="/${slug}">${escapeHtml(page.title)}</a></p>`;
  const entries = tab.entries.map((entry) => `<p><strong>${entry.titleHtml}</strong></p>${entry.quote ? "" : entry.html}`);
  const link = `<p><a href="/${slug}?tab=${encodeURIComponent(tab.id)}">${escapeHtml(`${page.title} — ${tab.label}`)}</a></p>`;
  return [tab.introHtml, ...entries, link].join("");
}

/** A page's current revision parsed, quotes not resolved; the repository's file while it has no row. */
async function loadCurrentPage(db: Database, slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
  const [row] = await db
    .select({ sourceFr: contentPageRevisions.sourceFr, sourceEn: contentPageRevisions.sourceEn })
    .from(contentPages)
    .innerJoin(
      contentPageRevisions,
      and(eq(contentPageRevisions.slug, contentPages.slug), eq(contentPageRevisions.revision, contentPages.currentRevision)),
    )
    .where(eq(contentPages.slug, slug))
    .limit(1);
  if (!row) return loadContentPage(slug, locale);
  return parseContentPage(locale === "fr-CA" ? row.sourceFr : row.sourceEn, `${slug}.${locale}`);
}

/** The staff's list: every content page with its current revision and its last edit. */
export async function listContentPages(db: Database): Promise<ContentPageRow[]> {
  await seedContentPages(db);
  const rows = await db
    .select({
      slug: contentPages.slug,
      currentRevision: contentPages.currentRevision,
      sourceFr: contentPageRevisions.sourceFr,
      actorEmail: contentPageRevisions.actorEmail,
      createdAt: contentPageRevisions.createdAt,
    })
    .from(contentPages)
    .innerJoin(
      contentPageRevisions,
      and(eq(contentPageRevisions.slug, contentPages.slug), eq(contentPageRevisions.revision, contentPages.currentRevision)),
    );
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return CONTENT_PAGE_SLUGS.flatMap((slug) => {
    const row = bySlug.get(slug);
    if (!row) return [];
    return [
      {
        slug,
        title: titleOf(row.sourceFr) ?? slug,
        currentRevision: row.currentRevision,
        lastEdit: { actorEmail: row.actorEmail, at: row.createdAt.toISOString() },
      },
    ];
  });
}

/** The `title:` of a page's front matter, or null. */
function titleOf(source: string): string | null {
  const frontMatter = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? "";
  return /^title:\s*(.+)$/m.exec(frontMatter)?.[1]?.trim() || null;
}

/** A page's current revision and its history, newest first (revision 1 added from the files if missing). */
export async function readEditablePage(db: Database, slug: ContentPageSlug): Promise<EditablePage> {
  await seedContentPages(db);
  const rows = await db
    .select()
    .from(contentPageRevisions)
    .where(eq(contentPageRevisions.slug, slug))
    .orderBy(desc(contentPageRevisions.revision));
  const [page] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
  const current = rows.find((row) => row.revision === page?.currentRevision) ?? rows[0];
  if (!page || !current) throw new Error(`content page ${slug} has no revision`);
  return {
    slug,
    title: titleOf(current.sourceFr) ?? slug,
    currentRevision: page.currentRevision,
    sourceFr: current.sourceFr,
    sourceEn: current.sourceEn,
    revisions: rows.map(summaryOf),
  };
}

function summaryOf(row: typeof contentPageRevisions.$inferSelect): RevisionSummary {
  return { revision: row.revision, actorEmail: row.actorEmail, createdAt: row.createdAt.toISOString(), restoredFrom: row.restoredFrom };
}

/**
 * Saves both languages of a page as a new revision, if the page is still at `baseRevision`.
 * Both texts must parse (see {@link checkPageSources}); the same text as the current revision
 * writes nothing.
 * @returns `saved` with the new revision; `unchanged`; `invalid` with the reasons (nothing
 *   written); `stale` with the current revision (nothing written).
 */
export function saveContentPage(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  slug: ContentPageSlug,
  baseRevision: number,
  sources: PageSources,
  now = new Date(),
): Promise<RevisionOutcome> {
  const errors = checkPageSources(sources, slug);
  if (Object.keys(errors).length > 0) return Promise.resolve({ kind: "invalid", errors });
  return addRevision(db, staff, slug, baseRevision, async () => ({ sources, restoredFrom: null }), now);
}

/**
 * Restores an older revision: adds a new revision with its text (`restoredFrom` set), if the page
 * is still at `baseRevision` and the text meets today's rules ({@link checkPageSources}).
 * Restoring the text the page already shows writes nothing.
 * @returns `saved` with the new revision; `unchanged`; `stale`; `invalid` with the reasons;
 *   `notFound` (no such revision).
 */
export function restoreContentPage(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  slug: ContentPageSlug,
  baseRevision: number,
  revision: number,
  now = new Date(),
): Promise<RevisionOutcome> {
  return addRevision(
    db,
    staff,
    slug,
    baseRevision,
    async (tx) => {
      const [old] = await tx
        .select({ sourceFr: contentPageRevisions.sourceFr, sourceEn: contentPageRevisions.sourceEn })
        .from(contentPageRevisions)
        .where(and(eq(contentPageRevisions.slug, slug), eq(contentPageRevisions.revision, revision)))
        .limit(1);
      return old ? { sources: old, restoredFrom: revision } : null;
    },
    now,
  );
}

/**
 * The one writer of revisions: locks the page's row, refuses a stale base, adds the revision the
 * `next` callback gives, points the page at it, records the audit row and announces the change,
 * all in one transaction; empties this process's caches after the commit.
 */
async function addRevision(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  slug: ContentPageSlug,
  baseRevision: number,
  next: (tx: Database) => Promise<{ sources: PageSources; restoredFrom: number | null } | null>,
  now: Date,
): Promise<RevisionOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RevisionOutcome> => {
    let [page] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for("update");
    if (!page) {
      await seedPage(tx, slug, CONTENT_PAGES_DIR, now);
      [page] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for("update");
    }
    if (!page) throw new Error(`content page ${slug} could not be created`);
    const [current] = await tx
      .select()
      .from(contentPageRevisions)
      .where(and(eq(contentPageRevisions.slug, slug), eq(contentPageRevisions.revision, page.currentRevision)))
      .limit(1);
    if (!current) throw new Error(`content page ${slug} lacks its current revision`);
    if (page.currentRevision !== baseRevision) {
      return { kind: "stale", current: { ...summaryOf(current), sourceFr: current.sourceFr, sourceEn: current.sourceEn } };
    }
    const wanted = await next(tx);
    if (!wanted) return { kind: "notFound" };
    // A restored revision meets today's rules too (one saved before the returns tab was required
    // would take the checkout's returns text away).
    const errors = checkPageSources(wanted.sources, slug);
    if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
    if (wanted.sources.sourceFr === current.sourceFr && wanted.sources.sourceEn === current.sourceEn) {
      return { kind: "unchanged", revision: page.currentRevision };
    }
    const [{ revision } = { revision: 0 }] = await tx
      .select({ revision: sql<number>`coalesce(max(${contentPageRevisions.revision}), 0)::int + 1` })
      .from(contentPageRevisions)
      .where(eq(contentPageRevisions.slug, slug));
    await tx.insert(contentPageRevisions).values({
      slug,
      revision,
      sourceFr: wanted.sources.sourceFr,
      sourceEn: wanted.sources.sourceEn,
      actorId: staff.id,
      actorEmail: staff.email,
      restoredFrom: wanted.restoredFrom,
      createdAt: now,
    });
    await tx.update(contentPages).set({ currentRevision: revision, updatedAt: now }).where(eq(contentPages.slug, slug));
    await recordStaffChange(tx, {
      actor: staff,
      action: wanted.restoredFrom === null ? "contentPage.edited" : "contentPage.restored",
      entity: CONTENT_PAGE_ENTITY,
      entityId: slug,
      before: { revision: page.currentRevision },
      after: { revision, ...(wanted.restoredFrom === null ? {} : { restoredFrom: wanted.restoredFrom }) },
      now,
    });
    await notifyChange(tx);
    return { kind: "saved", revision };
  });
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}

/** Content pages are not among the tables whose changes the database announces (migration 0012): announced here. */
async function notifyChange(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
