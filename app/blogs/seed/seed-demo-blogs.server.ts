/**
 * The demo articles' loader: seed/demo-blogs.ts into the database, at boot with the
 * demo data and by `npm run seed`.
 */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { attributes, blogAttributes, blogProducts, blogProviders, blogs, products, providers } from "~/db/schema";
import { excludedValues } from "~/db/upsert";
import { DEMO_BLOGS } from "./demo-blogs";

/**
 * Loads (or refreshes) the demo articles of seed/demo-blogs.ts in one transaction: articles
 * upserted by slug, their themes and links replaced. Links to products or producers missing from
 * the database are skipped, so it works with any catalogue; running it twice changes nothing.
 * Requires the BLOG_THEME attributes (`seedReferenceData`).
 * @returns the number of demo articles
 * @throws Error when a theme code of the demo data is not a BLOG_THEME attribute
 */
export async function seedDemoBlogs(db: Database): Promise<number> {
  await db.transaction(async (tx) => {
    const themeRows = await tx
      .select({ id: attributes.id, code: attributes.code })
      .from(attributes)
      .where(eq(attributes.typeCode, "BLOG_THEME"));
    const themeIds = new Map(themeRows.map((r) => [r.code, r.id]));
    const productSlugs = [...new Set(DEMO_BLOGS.flatMap((b) => b.products))];
    const providerSlugs = [...new Set(DEMO_BLOGS.flatMap((b) => b.providers))];
    const productIds = new Map(
      (await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, productSlugs))).map((r) => [
        r.slug,
        r.id,
      ]),
    );
    const providerIds = new Map(
      (await tx.select({ id: providers.id, slug: providers.slug }).from(providers).where(inArray(providers.slug, providerSlugs))).map(
        (r) => [r.slug, r.id],
      ),
    );
    const saved = await tx
      .insert(blogs)
      .values(
        DEMO_BLOGS.map((b) => ({
          slug: b.slug,
          type: b.type,
          titleFr: b.fr.title,
          titleEn: b.en.title,
          summaryFr: b.fr.summary,
          summaryEn: b.en.summary,
          bodyFr: b.fr.body,
          bodyEn: b.en.body,
          publishedAt: new Date(b.publishedAt),
          coverColor: b.coverColor,
          coverMotif: b.coverMotif,
        })),
      )
      .onConflictDoUpdate({
        target: blogs.slug,
        set: excludedValues(blogs, [
          "type",
          "titleFr",
          "titleEn",
          "summaryFr",
          "summaryEn",
          "bodyFr",
          "bodyEn",
          "publishedAt",
          "coverColor",
          "coverMotif",
        ]),
      })
      .returning({ id: blogs.id, slug: blogs.slug });
    const blogIds = new Map(saved.map((r) => [r.slug, r.id]));
    const ids = [...blogIds.values()];
    await tx.delete(blogAttributes).where(inArray(blogAttributes.blogId, ids));
    await tx.delete(blogProducts).where(inArray(blogProducts.blogId, ids));
    await tx.delete(blogProviders).where(inArray(blogProviders.blogId, ids));
    const themeLinks = DEMO_BLOGS.flatMap((b) =>
      b.themes.map((code) => {
        const attributeId = themeIds.get(code);
        if (attributeId === undefined) throw new Error(`Unknown blog theme ${code}: run seedReferenceData(db) first.`);
        return { blogId: blogIds.get(b.slug)!, attributeId };
      }),
    );
    const productLinks = DEMO_BLOGS.flatMap((b) =>
      b.products.flatMap((slug) => (productIds.has(slug) ? [{ blogId: blogIds.get(b.slug)!, productId: productIds.get(slug)! }] : [])),
    );
    const providerLinks = DEMO_BLOGS.flatMap((b) =>
      b.providers.flatMap((slug) => (providerIds.has(slug) ? [{ blogId: blogIds.get(b.slug)!, providerId: providerIds.get(slug)! }] : [])),
    );
    if (themeLinks.length > 0) await tx.insert(blogAttributes).values(themeLinks);
    if (productLinks.length > 0) await tx.insert(blogProducts).values(productLinks);
    if (providerLinks.length > 0) await tx.insert(blogProviders).values(providerLinks);
  });
  return DEMO_BLOGS.length;
}
