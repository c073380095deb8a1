/**
 * The demo articles' loader: seed/demo-blogs.ts into the database, at boot with the
 * demo data and by `npm run seed`, through the content desk's own functions (createBlog, then
 * publish: docs/decisions/045-content-desk-articles.md), so a demo article is made exactly as staff
 * make one, audit rows included.
 */
import { and, eq, exists, inArray, sql } from "drizzle-orm";
import { type BlogActor, changeBlogStatus, createBlog } from "~/blogs/blog-desk.server";
import type { Database } from "~/db/client.server";
import { attributes, auditLog, blogs, blogSlugHistory, products, providers } from "~/db/schema";
import { DEMO_BLOGS } from "./demo-blogs";

/** The demo seed, as the audit table names it. */
const DEMO_SEED_ACTOR: BlogActor = { id: null, email: "system:demo-seed" };

/**
 * Loads the demo articles of seed/demo-blogs.ts that are missing (by slug), each created as a draft
 * and published at its demo date. An article already there is left as it is (staff may have edited
 * or unpublished it), so running it twice changes nothing, except a demo article this seed created
 * and a crash stopped before publishing (a draft at version 1 whose creation the seed audited):
 * it is published then. Links to products or producers missing
 * from the database are skipped, so it works with any catalogue. Requires the BLOG_THEME attributes
 * (`seedReferenceData`).
 * @returns the number of demo articles
 * @throws Error when a theme code of the demo data is not a BLOG_THEME attribute, or a demo
 *   article cannot be created
 */
export async function seedDemoBlogs(db: Database): Promise<number> {
  const themeCodes = new Set(
    (await db.select({ code: attributes.code }).from(attributes).where(eq(attributes.typeCode, "BLOG_THEME"))).map((r) => r.code),
  );
  const productSlugs = new Set(
    (
      await db
        .select({ slug: products.slug })
        .from(products)
        .where(inArray(products.slug, [...new Set(DEMO_BLOGS.flatMap((b) => b.products))]))
    ).map((r) => r.slug),
  );
  const providerSlugs = new Set(
    (
      await db
        .select({ slug: providers.slug })
        .from(providers)
        .where(inArray(providers.slug, [...new Set(DEMO_BLOGS.flatMap((b) => b.providers))]))
    ).map((r) => r.slug),
  );
  // A demo slug an article holds now, or held once (staff renamed a demo article): left alone.
  const demoSlugs = DEMO_BLOGS.map((b) => b.slug);
  const existing = new Set([
    ...(await db.select({ slug: blogs.slug }).from(blogs).where(inArray(blogs.slug, demoSlugs))).map((r) => r.slug),
    ...(await db.select({ slug: blogSlugHistory.slug }).from(blogSlugHistory).where(inArray(blogSlugHistory.slug, demoSlugs))).map(
      (r) => r.slug,
    ),
  ]);
  // Created by an earlier run that stopped before publishing it (creation and publication are
  // two transactions): published now, at its demo date.
  const leftAsDrafts = await db
    .select({ id: blogs.id, slug: blogs.slug })
    .from(blogs)
    .where(
      and(
        inArray(blogs.slug, demoSlugs),
        eq(blogs.status, "DRAFT"),
        eq(blogs.version, 1),
        exists(
          db
            .select({ one: sql`1` })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.entity, "blog"),
                eq(auditLog.entityId, sql`${blogs.id}::text`),
                eq(auditLog.action, "blog.created"),
                eq(auditLog.actorEmail, DEMO_SEED_ACTOR.email),
              ),
            ),
        ),
      ),
    );
  for (const draft of leftAsDrafts) {
    const demo = DEMO_BLOGS.find((b) => b.slug === draft.slug)!;
    // Stale or already published: another process starting at the same moment did it.
    await changeBlogStatus(db, DEMO_SEED_ACTOR, draft.id, 1, "publish", null, new Date(demo.publishedAt));
  }
  for (const demo of DEMO_BLOGS) {
    if (existing.has(demo.slug)) continue;
    for (const code of demo.themes) {
      if (!themeCodes.has(code)) throw new Error(`Unknown blog theme ${code}: run seedReferenceData(db) first.`);
    }
    const at = new Date(demo.publishedAt);
    const created = await createBlog(
      db,
      DEMO_SEED_ACTOR,
      {
        slug: demo.slug,
        type: demo.type,
        titleFr: demo.fr.title,
        titleEn: demo.en.title,
        summaryFr: demo.fr.summary,
        summaryEn: demo.en.summary,
        bodyFr: demo.fr.body,
        bodyEn: demo.en.body,
        themes: demo.themes,
        products: demo.products.filter((slug) => productSlugs.has(slug)),
        providers: demo.providers.filter((slug) => providerSlugs.has(slug)),
        coverColor: demo.coverColor,
        coverMotif: demo.coverMotif,
      },
      at,
    );
    // Another process starting at the same moment created it first: that one publishes it.
    if (created.kind === "invalid" && created.fieldErrors.slug) continue;
    if (created.kind !== "saved") throw new Error(`Demo article ${demo.slug} not created: ${created.kind}`);
    const published = await changeBlogStatus(db, DEMO_SEED_ACTOR, created.id, created.version, "publish", null, at);
    if (published.kind !== "changed") throw new Error(`Demo article ${demo.slug} not published: ${published.kind}`);
  }
  return DEMO_BLOGS.length;
}
