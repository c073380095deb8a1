/**
 * The content desk's articles (docs/decisions/045-content-desk-articles.md), through the staff
 * pages' loaders and actions as a browser without JavaScript posts them and the public pages'
 * loaders as a visitor reads them: a new article written in both languages (draft, seen nowhere
 * public), its preview, a refused form (400, values kept), the status machine, scheduled publication
 * by the sweep with two sweepers at once (published once, notified once), the slug history and its
 * 301, a stale edit (409 with the current values), an unpublished article gone from the list, search,
 * sitemap, feed and related lists at once, the OWASP XSS filter-evasion vectors saved through the
 * editor and found dead on the public page, the demo seed going through the same functions, and the
 * pages closed to anyone but staff. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/agency/audit.server";
import { type BlogValues, changeBlogStatus, createBlog, listStaffBlogs, publishDueBlogs, saveBlog } from "~/blogs/blog-desk.server";
import type { BlogDeskFilter } from "~/blogs/blog-desk-forms";
import { instantToShopLocal } from "~/blogs/blog-status";
import { DEMO_BLOGS } from "~/blogs/seed/demo-blogs";
import { seedDemoBlogs } from "~/blogs/seed/seed-demo-blogs.server";
import type { BlogActionData } from "~/blogs/ui/blog-editor";
import { CATALOGUE_CHANNEL } from "~/cache.server";
import { type Database, openDatabase } from "~/db/client.server";
import { auditLog, blogs, blogSlugHistory, images, products } from "~/db/schema";
import { sweepUnlinkedImages } from "~/images/images.server";
import { action as articleAction, loader as articleLoader } from "~/routes/agence.article";
import { action as newArticleAction } from "~/routes/agence.article-nouveau";
import { loader as articlesLoader } from "~/routes/agence.articles";
import { loader as blogLoader } from "~/routes/blog";
import { loader as blogsLoader } from "~/routes/blogs";
import { loader as feedLoader } from "~/routes/blogs.feed";
import { loader as searchLoader } from "~/routes/global-search";
import { loader as productLoader } from "~/routes/product";
import { sitemapFileStream } from "~/seo/sitemap.server";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { OWASP_XSS_VECTORS } from "../fixtures/owasp-xss-vectors";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("blog-desk"));

let testDb: TestDatabase;
let db: Database;
let staffCookie: string;
let customerCookie: string;
let staff: { id: number; email: string };
let notices = 0;
let stopListening: () => Promise<void>;

/** A word of letters only, unique to this file's run (slugs and search texts). */
let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoBlogs(db);
  await seedDemoAccounts(db, "development");
  const login = async (role: "staff" | "customer") => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    const user = (await verifyCredentials(db, account.email, account.password))!;
    return { user, cookie: (await startUserSession(db, new Request(`${BASE_URL}/`), user.id)).split(";")[0]! };
  };
  const s = await login("staff");
  staff = { id: s.user.id, email: s.user.email };
  staffCookie = s.cookie;
  customerCookie = (await login("customer")).cookie;
  stopListening = await testDb.listen(CATALOGUE_CHANNEL, () => notices++);
}, 120_000);

afterAll(async () => {
  await stopListening?.();
  await testDb?.close();
});

/** Waits until at least `count` notices arrived since `before` (they come after the commit). */
async function noticesAfter(before: number, count: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  while (notices < before + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return notices - before;
}

type ActionAnswer = { status: number; location: string | null; body: BlogActionData | null };

/** A staff page's action as a browser without JavaScript posts it. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[] | File>,
  cookie = staffCookie,
): Promise<ActionAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const args = await routeArgs(db, path, { params, init: { method: "POST", body, headers: { Cookie: cookie } } });
  try {
    const answer = (await action(args)) as { type?: string; init?: { status?: number }; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, body: answer.data as BlogActionData };
    return { status: 200, location: null, body: answer as BlogActionData };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const data = thrown as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null, body: null };
    throw thrown;
  }
}

/** The editor's fields of a new article, in both languages. */
function articleFields(slug: string, title: string): Record<string, string | string[]> {
  return {
    slug,
    type: "ARTICLE",
    titleFr: `${title} (fr)`,
    titleEn: `${title} (en)`,
    summaryFr: "Un résumé en français.",
    summaryEn: "A summary in English.",
    bodyFr: "## Arrivage\n\nDes **bouteilles** à découvrir, [voir la liste](/products).",
    bodyEn: "## New arrival\n\nSome **bottles** to try, [see the list](/products).",
    themes: ["new-arrivals", "winemakers"],
    products: "domaine-de-la-pepiere-muscadet-clos-des-briords-2021",
    providers: "domaine-de-la-pepiere",
    coverColor: "#7a2e3b",
    coverMotif: "glass",
  };
}

/** Creates an article through the new-article page; returns its id. */
async function writeArticle(slug: string, title: string): Promise<number> {
  const answer = await post(newArticleAction, "/agence/articles/nouveau", {}, { intent: "save", ...articleFields(slug, title) });
  expect(answer.status).toBe(303);
  const id = /\/agence\/articles\/(\d+)\?done=created$/.exec(answer.location ?? "")?.[1];
  expect(id).toBeDefined();
  return Number(id);
}

async function staffPage(id: number) {
  return articleLoader(
    await routeArgs(db, `/agence/articles/${id}`, { params: { id: String(id) }, init: { headers: { Cookie: staffCookie } } }),
  );
}

async function setStatus(id: number, action: string, publishAt?: string): Promise<ActionAnswer> {
  const { blog } = await staffPage(id);
  return post(
    articleAction,
    `/agence/articles/${id}`,
    { id: String(id) },
    {
      intent: "status",
      version: String(blog.version),
      action,
      ...(publishAt ? { publishAt } : {}),
    },
  );
}

/** What a visitor sees of an article: its page (or the status it answers), in the list, search, sitemap, feed. */
async function publicView(slug: string, title: string) {
  const page = await thrownResponse(async () =>
    blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug } })).then(() => {
      throw new Response(null, { status: 200 });
    }),
  );
  const list = await blogsLoader(await routeArgs(db, "/blogs?sortByDate=DESC"));
  const search = await searchLoader(await routeArgs(db, `/global-search?t=${encodeURIComponent(title)}&activeTabType=BLOGS`));
  const stream = await sitemapFileStream(db, "https://cuvee.example", { section: "blogs", page: 1 });
  const sitemap = await new Response(stream).text();
  const feedFr = await (await feedLoader(await routeArgs(db, "/blogs/feed.xml"))).text();
  const feedEn = await (await feedLoader(await routeArgs(db, "/blogs/feed.xml?lng=en-US"))).text();
  return {
    status: page.status,
    inList: list.items.some((i) => i.slug === slug),
    inSearch: search.results.items.some((i) => "slug" in i && i.slug === slug),
    inSitemap: sitemap.includes(`/blogs/${slug}<`),
    inFeedFr: feedFr.includes(`/blogs/${slug}<`) && feedFr.includes(`${title} (fr)`),
    inFeedEn: feedEn.includes(`/blogs/${slug}?lng=en-US<`) && feedEn.includes(`${title} (en)`),
  };
}

const HIDDEN = { status: 404, inList: false, inSearch: false, inSitemap: false, inFeedFr: false, inFeedEn: false };
const SHOWN = { status: 200, inList: true, inSearch: true, inSitemap: true, inFeedFr: true, inFeedEn: true };

describe("the demo articles", () => {
  it("are created and published through the editor's functions, audited, with their slugs and dates", async () => {
    const rows = await db.select({ slug: blogs.slug, status: blogs.status, publishedAt: blogs.publishedAt }).from(blogs);
    for (const demo of DEMO_BLOGS) {
      const row = rows.find((r) => r.slug === demo.slug);
      expect(row).toMatchObject({ status: "PUBLISHED", publishedAt: new Date(demo.publishedAt) });
    }
    const [created] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, "blog.created"), eq(auditLog.actorEmail, "system:demo-seed")));
    expect(created!.n).toBe(DEMO_BLOGS.length);
    await seedDemoBlogs(db);
    const [again] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "blog.created"));
    expect(again!.n).toBe(DEMO_BLOGS.length);
  });

  it("leave a demo article staff renamed alone at the next start (its former slug is not created again)", async () => {
    const demoSlug = DEMO_BLOGS[0]!.slug;
    const [demo] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, demoSlug));
    // As a rename of a published article leaves it (the editor's own rename is tested under "slugs").
    await db
      .update(blogs)
      .set({ slug: `${demoSlug}-renamed` })
      .where(eq(blogs.id, demo!.id));
    await db.insert(blogSlugHistory).values({ slug: demoSlug, blogId: demo!.id });
    try {
      await expect(seedDemoBlogs(db)).resolves.toBe(DEMO_BLOGS.length);
      expect(await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, demoSlug))).toEqual([]);
    } finally {
      await db.delete(blogSlugHistory).where(eq(blogSlugHistory.slug, demoSlug));
      await db.update(blogs).set({ slug: demoSlug }).where(eq(blogs.id, demo!.id));
    }
  });
});

describe("the demo articles after a crash", () => {
  it("a demo article the seed created but did not publish (a crash between the two) is published at the next start", async () => {
    const demo = DEMO_BLOGS[1]!;
    // The row as createBlog leaves it, before the publication's transaction.
    await db.update(blogs).set({ status: "DRAFT", version: 1, publishedAt: null }).where(eq(blogs.slug, demo.slug));
    await seedDemoBlogs(db);
    const [row] = await db.select({ status: blogs.status, publishedAt: blogs.publishedAt }).from(blogs).where(eq(blogs.slug, demo.slug));
    expect(row).toEqual({ status: "PUBLISHED", publishedAt: new Date(demo.publishedAt) });
  });

  it("a draft at a demo slug that staff created is left a draft", async () => {
    const demo = DEMO_BLOGS[2]!;
    const [row] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, demo.slug));
    // As if staff had written it: their creation in the audit, still a draft at version 1.
    await db
      .update(auditLog)
      .set({ actorEmail: staff.email, actorId: staff.id })
      .where(and(eq(auditLog.entity, "blog"), eq(auditLog.entityId, String(row!.id)), eq(auditLog.action, "blog.created")));
    await db.update(blogs).set({ status: "DRAFT", version: 1, publishedAt: null }).where(eq(blogs.id, row!.id));
    await seedDemoBlogs(db);
    expect((await staffPage(row!.id)).blog).toMatchObject({ status: "DRAFT", version: 1 });
  });
});

describe("writing an article", () => {
  it("creates a draft in both languages, audited, that no visitor sees", async () => {
    const slug = unique("arrivage");
    const title = unique("Arrivage");
    const id = await writeArticle(slug, title);
    const { blog } = await staffPage(id);
    expect(blog).toMatchObject({ status: "DRAFT", version: 1, slug });
    expect(blog.values).toMatchObject({ titleFr: `${title} (fr)`, titleEn: `${title} (en)`, providers: "domaine-de-la-pepiere" });
    expect([...(blog.values.themes as string[])].sort()).toEqual(["new-arrivals", "winemakers"]);
    const trail = await auditTrail(db, "blog", id);
    expect(trail.map((r) => [r.action, r.actorEmail])).toEqual([["blog.created", staff.email]]);
    expect(await publicView(slug, title)).toEqual(HIDDEN);
    const staffList = await articlesLoader(
      await routeArgs(db, `/agence/articles?q=${encodeURIComponent(title.toUpperCase())}`, { init: { headers: { Cookie: staffCookie } } }),
    );
    expect(staffList.rows.map((r) => [r.id, r.status])).toEqual([[id, "DRAFT"]]);
  });

  it("previews it as the public page renders it, in both languages, saving nothing", async () => {
    const slug = unique("apercu");
    const id = await writeArticle(slug, "Aperçu");
    const fields = { ...articleFields(slug, "Aperçu"), bodyFr: "Un *nouveau* texte <script>alert(1)</script>", intent: "preview" };
    const answer = await post(articleAction, `/agence/articles/${id}`, { id: String(id) }, { ...fields, version: "1" });
    expect(answer.status).toBe(200);
    expect(answer.body!.preview!.fr).toMatchObject({ title: "Aperçu (fr)", bodyHtml: "<p>Un <em>nouveau</em> texte </p>" });
    expect(answer.body!.preview!.en.title).toBe("Aperçu (en)");
    expect(answer.body!.preview!.en.providers.map((p) => p.slug)).toEqual(["domaine-de-la-pepiere"]);
    expect(answer.body!.preview!.fr.themes.map((t) => t.name)).toEqual(["Arrivages", "Vignerons"]);
    const { blog } = await staffPage(id);
    expect(blog.version).toBe(1);
  });

  it("refuses a form with a missing English title, an unknown product or a taken slug (400, values kept, nothing written)", async () => {
    const before = (await db.select({ n: count() }).from(blogs))[0]!.n;
    const missing = await post(
      newArticleAction,
      "/agence/articles/nouveau",
      {},
      { intent: "save", ...articleFields(unique("manque"), "Manque"), titleEn: "" },
    );
    expect(missing.status).toBe(400);
    expect(missing.body!.result.error).toMatchObject({ titleEn: ["blogDesk.errors.required"] });
    expect(missing.body!.result.initialValue).toMatchObject({ titleFr: "Manque (fr)" });
    const unknown = await post(
      newArticleAction,
      "/agence/articles/nouveau",
      {},
      { intent: "save", ...articleFields(unique("inconnu"), "Inconnu"), products: "no-such-wine" },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body!.result.error).toMatchObject({ products: ["blogDesk.errors.unknownProduct"] });
    const taken = await post(
      newArticleAction,
      "/agence/articles/nouveau",
      {},
      { intent: "save", ...articleFields(DEMO_BLOGS[0]!.slug, "Pris") },
    );
    expect(taken.status).toBe(400);
    expect(taken.body!.result.error).toMatchObject({ slug: ["blogDesk.errors.slugTaken"] });
    const digits = await post(newArticleAction, "/agence/articles/nouveau", {}, { intent: "save", ...articleFields("2026", "Chiffres") });
    expect(digits.status).toBe(400);
    expect((await db.select({ n: count() }).from(blogs))[0]!.n).toBe(before);
  });
});

describe("the status machine", () => {
  it("publishes now, unpublishes (gone everywhere at once), publishes again with its first date", async () => {
    const slug = unique("cycle");
    const title = unique("Cycle");
    const id = await writeArticle(slug, title);
    const before = notices;
    expect((await setStatus(id, "publish")).location).toBe(`/agence/articles/${id}?done=publish`);
    expect(await noticesAfter(before, 1)).toBeGreaterThanOrEqual(1);
    expect(await publicView(slug, title)).toEqual(SHOWN);
    const firstDate = (await staffPage(id)).blog.publishedAt;
    // The product page's related articles list it.
    const product = await productLoader(
      await routeArgs(db, "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2021", {
        params: { slug: "domaine-de-la-pepiere-muscadet-clos-des-briords-2021" },
      }),
    );
    expect(JSON.stringify(product)).toContain(`"slug":"${slug}"`);

    expect((await setStatus(id, "unpublish")).status).toBe(303);
    expect(await publicView(slug, title)).toEqual(HIDDEN);
    const productAfter = await productLoader(
      await routeArgs(db, "/products/domaine-de-la-pepiere-muscadet-clos-des-briords-2021", {
        params: { slug: "domaine-de-la-pepiere-muscadet-clos-des-briords-2021" },
      }),
    );
    expect(JSON.stringify(productAfter)).not.toContain(`"slug":"${slug}"`);

    expect((await setStatus(id, "publish")).status).toBe(303);
    const { blog } = await staffPage(id);
    expect(blog).toMatchObject({ status: "PUBLISHED", publishedAt: firstDate });
    expect((await auditTrail(db, "blog", id)).map((r) => r.action)).toEqual([
      "blog.statusChanged",
      "blog.statusChanged",
      "blog.statusChanged",
      "blog.created",
    ]);
  });

  it("refuses an action its status does not allow (409), and a schedule without a valid time (400)", async () => {
    const id = await writeArticle(unique("refus"), "Refus");
    const unpublish = await setStatus(id, "unpublish");
    expect(unpublish.status).toBe(409);
    expect(unpublish.body!.result.error).toMatchObject({ "": ["blogDesk.errors.statusNotAllowed"] });
    const noTime = await setStatus(id, "schedule", "2026-02-30T10:00");
    expect(noTime.status).toBe(400);
    expect(noTime.body!.result.error).toMatchObject({ publishAt: ["blogDesk.errors.publishAt"] });
    expect((await staffPage(id)).blog).toMatchObject({ status: "DRAFT", version: 1 });
  });
});

describe("scheduled publication", () => {
  it("stores the Montréal time in UTC and is published by the sweep at its time, once, by two sweepers at once", async () => {
    const slug = unique("programme");
    const title = unique("Programme");
    const id = await writeArticle(slug, title);
    expect((await setStatus(id, "schedule", "2030-07-01T09:30")).status).toBe(303);
    const scheduled = (await staffPage(id)).blog;
    expect(scheduled).toMatchObject({ status: "SCHEDULED", publishAt: "2030-07-01T13:30:00.000Z", publishAtLocal: "2030-07-01T09:30" });
    expect(await publishDueBlogs(db, new Date("2030-07-01T13:29:00Z"))).toBe(0);
    expect(await publicView(slug, title)).toEqual(HIDDEN);

    // Rescheduled to a minute ago: due now.
    const due = instantToShopLocal(new Date(Date.now() - 60_000));
    expect((await setStatus(id, "schedule", due)).status).toBe(303);
    // On PostgreSQL the second sweeper is a process of its own (its own pool).
    const other = testDb.url ? await openDatabase({ url: testDb.url }) : null;
    const before = notices;
    try {
      const published = await Promise.all([publishDueBlogs(db), publishDueBlogs(other?.db ?? db)]);
      expect(published.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    expect(await noticesAfter(before, 1)).toBeGreaterThanOrEqual(1);
    const { blog } = await staffPage(id);
    expect(blog.status).toBe("PUBLISHED");
    expect(blog.publishedAt).not.toBeNull();
    const sweeps = (await auditTrail(db, "blog", id)).filter((r) => r.action === "blog.published");
    expect(sweeps.map((r) => r.actorEmail)).toEqual(["system:publication-sweep"]);
    expect(await publicView(slug, title)).toEqual(SHOWN);
    expect(await publishDueBlogs(db)).toBe(0);
  });
});

describe("a stale edit", () => {
  it("two saves of the same version: one is saved, the other answered 409 with the current values, nothing lost", async () => {
    const slug = unique("conflit");
    const id = await writeArticle(slug, "Conflit");
    const fields = { ...articleFields(slug, "Conflit"), intent: "save", version: "1" };
    const first = await post(articleAction, `/agence/articles/${id}`, { id: String(id) }, { ...fields, titleFr: "Le premier" });
    expect(first.status).toBe(303);
    const second = await post(articleAction, `/agence/articles/${id}`, { id: String(id) }, { ...fields, titleFr: "Le second" });
    expect(second.status).toBe(409);
    expect(second.body!.conflict).toMatchObject({
      version: 2,
      lastChange: { actorEmail: staff.email },
      differences: [{ field: "titleFr", current: "Le premier", yours: "Le second" }],
    });
    expect(second.body!.result.initialValue).toMatchObject({ titleFr: "Le second" });
    expect((await staffPage(id)).blog.values.titleFr).toBe("Le premier");
    // Saved again with the version the 409 gave: the second one wins, knowingly.
    const again = await post(
      articleAction,
      `/agence/articles/${id}`,
      { id: String(id) },
      { ...fields, version: "2", titleFr: "Le second" },
    );
    expect(again.status).toBe(303);
    expect((await staffPage(id)).blog).toMatchObject({ version: 3, values: { titleFr: "Le second" } });
  });

  it("a status change made on an older version is refused too", async () => {
    const id = await writeArticle(unique("vieux"), "Vieux");
    const answer = await post(
      articleAction,
      `/agence/articles/${id}`,
      { id: String(id) },
      { intent: "status", version: "7", action: "publish" },
    );
    expect(answer.status).toBe(409);
    expect((await staffPage(id)).blog.status).toBe("DRAFT");
  });
});

describe("an address that names no article", () => {
  it.each(["\u0000", "x\u0000y", "UPPER", "a b", "é", "-x"])("%j answers 404, not a server error", async (id) => {
    const page = await thrownResponse(async () => blogLoader(await routeArgs(db, `/blogs/${encodeURIComponent(id)}`, { params: { id } })));
    expect(page.status).toBe(404);
  });
});

describe("slugs", () => {
  it("change freely before publication; once published, a former slug answers a 301 and is never another article's", async () => {
    const draftSlug = unique("brouillon");
    const id = await writeArticle(draftSlug, "Adresse");
    const renamed = unique("renomme");
    expect((await saveBlog(db, staff, id, 1, { ...(await valuesOf(id)), slug: renamed })).kind).toBe("saved");
    expect(await db.select().from(blogSlugHistory).where(eq(blogSlugHistory.blogId, id))).toEqual([]);

    const { blog } = await staffPage(id);
    await changeBlogStatus(db, staff, id, blog.version!, "publish", null);
    const final = unique("definitif");
    const edit = await post(
      articleAction,
      `/agence/articles/${id}`,
      { id: String(id) },
      { ...articleFields(final, "Adresse"), intent: "save", version: String(blog.version! + 1) },
    );
    expect(edit.status).toBe(303);
    expect((await staffPage(id)).blog.formerSlugs).toEqual([renamed]);
    const old = await thrownResponse(async () =>
      blogLoader(await routeArgs(db, `/blogs/${renamed}?lng=en-US`, { params: { id: renamed } })),
    );
    expect(old).toEqual({ status: 301, location: `/blogs/${final}?lng=en-US` });
    const other = await createBlog(db, staff, { ...(await valuesOf(id)), slug: renamed });
    expect(other).toEqual({ kind: "invalid", fieldErrors: { slug: "blogDesk.errors.slugTaken" } });

    // Unpublished: neither the slug nor the former one answers.
    const current = (await staffPage(id)).blog;
    await changeBlogStatus(db, staff, id, current.version!, "unpublish", null);
    expect(await thrownResponse(async () => blogLoader(await routeArgs(db, `/blogs/${renamed}`, { params: { id: renamed } })))).toEqual({
      status: 404,
      location: null,
    });
  });
});

/** An article's saved values, through the staff list's module. */
async function valuesOf(id: number): Promise<BlogValues> {
  const { blog } = await staffPage(id);
  const v = blog.values;
  return {
    ...(v as unknown as BlogValues),
    themes: v.themes as string[],
    products: String(v.products).split("\n").filter(Boolean),
    providers: String(v.providers).split("\n").filter(Boolean),
  };
}

/**
 * Whether sanitized HTML holds nothing alive: every `<` starts a well-formed tag of the allow-list
 * (sanitize-html escapes any other), no attribute is an event handler or a style, and no link or
 * image points to a script or data URL or outside the image pipeline.
 */
function deadHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  const allowed = new Set([
    "p", "a", "em", "strong", "code", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "hr", "br",
    "img", "table", "thead", "tbody", "tr", "th", "td", "del", "s", "span", "div", "abbr", "b", "i",
  ]); // prettier-ignore
  for (const tag of html.match(/<[^>]*>?/g) ?? []) {
    const m = /^<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>$/.exec(tag);
    if (!m) {
      problems.push(`malformed tag ${tag}`);
      continue;
    }
    if (!allowed.has(m[1]!)) problems.push(`tag ${m[1]}`);
    for (const [, name, value] of (m[2] ?? "").matchAll(/([a-z-]+)="([^"]*)"/g)) {
      if (name!.startsWith("on") || name === "style") problems.push(`attribute ${name}`);
      const decoded = value!.replace(/&#x?[0-9a-f]+;?|&[a-z]+;/gi, "").replace(/[\s\p{Cc}]/gu, "");
      if ((name === "href" || name === "src") && /^(javascript|data|vbscript):/i.test(decoded)) problems.push(`${name}=${value}`);
      if (name === "src" && !/^\/media\/[0-9a-f]{64}\//.test(value!)) problems.push(`image ${value}`);
    }
  }
  return problems;
}

describe("Markdown rendered safely", () => {
  it(`leaves none of the ${OWASP_XSS_VECTORS.length} OWASP filter-evasion vectors alive on the public page`, async () => {
    expect(OWASP_XSS_VECTORS.length).toBeGreaterThanOrEqual(40);
    // The checker itself sees a live script, handler or URL.
    for (const live of ['<a href="jav&#x09;ascript:alert(1)">x</a>', "<img src=x onerror=alert(1)>", '<p onclick="x">', "<script>"]) {
      expect(deadHtmlProblems(live)).not.toEqual([]);
    }
    const slug = unique("xss");
    const id = await writeArticle(slug, "XSS");
    await changeBlogStatus(db, staff, id, 1, "publish", null);
    let version = 2;
    const alive: string[] = [];
    for (const vector of OWASP_XSS_VECTORS) {
      const fields = { ...articleFields(slug, "XSS"), intent: "save", version: String(version), bodyFr: vector, bodyEn: `${vector}\n` };
      const saved = await post(articleAction, `/agence/articles/${id}`, { id: String(id) }, fields);
      expect(saved.status).toBe(303);
      version += 1;
      for (const locale of ["fr-CA", "en-US"] as const) {
        const { blog } = await blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug }, preferences: { locale } }));
        const problems = deadHtmlProblems(blog.bodyHtml);
        if (problems.length > 0) alive.push(`${vector} → ${blog.bodyHtml} (${problems.join(", ")})`);
      }
    }
    expect(alive).toEqual([]);
  });

  it("keeps what an article needs: headings, emphasis, lists, links (external ones noopener), pipeline images", async () => {
    const slug = unique("markdown");
    const id = await writeArticle(slug, "Markdown");
    const hash = "a".repeat(64);
    const body = `## Titre\n\n*un* **deux**\n\n- trois\n\n[boutique](/products) [ailleurs](https://example.com)\n\n![Étiquette](/media/${hash}/640.webp)`;
    await saveBlog(db, staff, id, 1, { ...(await valuesOf(id)), bodyFr: body });
    await changeBlogStatus(db, staff, id, 2, "publish", null);
    const { blog } = await blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug } }));
    expect(blog.bodyHtml).toContain("<h2>Titre</h2>");
    expect(blog.bodyHtml).toContain("<em>un</em> <strong>deux</strong>");
    expect(blog.bodyHtml).toContain('<a href="/products">boutique</a>');
    expect(blog.bodyHtml).toContain('<a href="https://example.com" rel="noopener noreferrer">ailleurs</a>');
    expect(blog.bodyHtml).toContain(`<img src="/media/${hash}/640.webp" alt="Étiquette" />`);
  });
});

/** A small real image, a distinct one per colour. */
async function png(color: string): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 36, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "cover.png", { type: "image/png" });
}

describe("the cover photo", () => {
  it("goes through the image pipeline, shows on the public page and list, and a replaced or removed one is deleted", async () => {
    const slug = unique("couverture");
    const id = await writeArticle(slug, unique("Couverture"));
    expect((await setStatus(id, "publish")).location).toBe(`/agence/articles/${id}?done=publish`);
    const path = `/agence/articles/${id}`;
    const params = { id: String(id) };
    const imageCount = async () => (await db.select({ n: count() }).from(images))[0]!.n;

    // A file that is not an image: refused with the pipeline's reason, nothing stored.
    const before = await imageCount();
    const fake = new File([new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")], "cover.jpg", { type: "image/jpeg" });
    const refused = await post(articleAction, path, params, { intent: "setCover", file: fake, altFr: "Vignes", altEn: "Vines" });
    expect(refused.status).toBe(400);
    expect(refused.body?.result.error?.file?.[0]).toMatch(/^images\.refused\./);
    // No alt text: refused too, values kept.
    const noAlt = await post(articleAction, path, params, { intent: "setCover", file: await png("#335511"), altFr: "", altEn: "Vines" });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body?.result.error?.altFr).toBeDefined();
    expect(await imageCount()).toBe(before);

    const set = await post(articleAction, path, params, {
      intent: "setCover",
      file: await png("#335511"),
      altFr: "Vignes en automne",
      altEn: "Vines in the autumn",
    });
    expect(set).toMatchObject({ status: 303, location: `${path}?done=coverSet` });
    const page = await blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug } }));
    const first = page.blog.coverImage!;
    expect(first).toMatchObject({ alt: "Vignes en automne", width: 64, height: 36 });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await blogsLoader(await routeArgs(db, "/blogs?sortByDate=DESC"));
    expect(list.items.find((i) => i.slug === slug)?.coverImage?.hash).toBe(first.hash);
    // The staff page shows it with both alt texts, and the editor's version went up.
    const staffView = (await staffPage(id)).blog;
    expect(staffView.cover).toMatchObject({ altFr: "Vignes en automne", altEn: "Vines in the autumn", image: { hash: first.hash } });

    // A sweep of unlinked images leaves a cover alone.
    await sweepUnlinkedImages(db, new Date(Date.now() + 60_000));
    expect(await db.select({ id: images.id }).from(images).where(eq(images.hash, first.hash))).toHaveLength(1);

    // Replaced: the former image is deleted, the new one shown.
    const replaced = await post(articleAction, path, params, {
      intent: "setCover",
      file: await png("#aa2211"),
      altFr: "Cave",
      altEn: "Cellar",
    });
    expect(replaced.status).toBe(303);
    const second = (await blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug } }))).blog.coverImage!;
    expect(second.hash).not.toBe(first.hash);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.hash, first.hash))).toHaveLength(0);

    // Removed: the drawn cover again, the image deleted; each change audited.
    const removed = await post(articleAction, path, params, { intent: "removeCover" });
    expect(removed).toMatchObject({ status: 303, location: `${path}?done=coverRemoved` });
    expect((await blogLoader(await routeArgs(db, `/blogs/${slug}`, { params: { id: slug } }))).blog.coverImage).toBeNull();
    expect(await db.select({ id: images.id }).from(images).where(eq(images.hash, second.hash))).toHaveLength(0);
    const trail = await auditTrail(db, "blog", id);
    const coverChanges = trail.filter((e) => e.action === "blog.edited" && e.after !== null && "coverHash" in (e.after as object));
    expect(coverChanges.map((e) => (e.after as { coverHash: string | null }).coverHash)).toEqual(
      expect.arrayContaining([first.hash, second.hash, null]),
    );
  });
});

describe("staff only", () => {
  it("answers 404 to a guest and to a customer, loader and action alike", async () => {
    const [first] = await listStaffBlogs(db, { search: "", page: 1 } satisfies BlogDeskFilter).then((r) => r.rows);
    for (const cookie of ["", customerCookie]) {
      const headers = cookie ? { Cookie: cookie } : undefined;
      expect(
        (await thrownResponse(async () => articlesLoader(await routeArgs(db, "/agence/articles", { init: { headers } })))).status,
      ).toBe(404);
      expect(
        (
          await thrownResponse(async () =>
            articleLoader(await routeArgs(db, `/agence/articles/${first!.id}`, { params: { id: String(first!.id) }, init: { headers } })),
          )
        ).status,
      ).toBe(404);
      const answer = await post(
        articleAction,
        `/agence/articles/${first!.id}`,
        { id: String(first!.id) },
        { intent: "status", version: "1", action: "unpublish" },
        cookie,
      );
      expect(answer.status).toBe(404);
    }
    expect((await db.select({ id: products.id }).from(products).limit(1)).length).toBe(1);
  });
});
