/**
 * Integration: the demo seed with its drawn photos (decision 035, "Demo label art"), on PGlite or
 * PostgreSQL. The drawings are kept in data/demo-art between runs: the first run on a machine
 * draws them all (a minute or more on two cores), hence the long hook timeout.
 */
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainProductPhotos, providerImagesOf, replaceMainProductPhoto } from "~/catalogue/catalogue-photos.server";
import { images, productImages, products, providerImages, providers } from "~/db/schema";
import { imageVariant } from "~/images/image-variants.server";
import { storeImage } from "~/images/images.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { buildDemoCatalogue, seedDemoCatalogue } from "./demo-catalogue";
import { drawAndClean } from "./demo-photos.server";
import { PRODUCT_ART_SIZE, PROVIDER_LOGO_SIZE, PROVIDER_PHOTO_SIZE, providerLogoSvg } from "./label-art.server";

let testDb: TestDatabase;
const catalogue = buildDemoCatalogue();
const cacheDir = path.resolve("data/demo-art");

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo", photos: true });
}, 900_000);
afterAll(() => testDb?.close());

const countOf = async (table: typeof images | typeof productImages | typeof providerImages) =>
  (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe("the demo seed's drawn photos", () => {
  it("gives every demo product a main photo of a bottle shot's size, with alt text in both languages naming it", async () => {
    const rows = await testDb.db
      .select({ puid: products.puid, altFr: productImages.altFr, altEn: productImages.altEn, width: images.width, height: images.height })
      .from(products)
      .innerJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
      .innerJoin(images, eq(images.id, productImages.imageId));
    expect(rows).toHaveLength(catalogue.products.length);
    const byPuid = new Map(rows.map((r) => [r.puid, r]));
    for (const product of catalogue.products) {
      const row = byPuid.get(product.puid);
      expect(row, product.puid).toBeDefined();
      expect(row).toMatchObject(PRODUCT_ART_SIZE);
      expect(row!.altFr).toContain(product.nameFr);
      expect(row!.altEn).toContain(product.nameEn);
      if (product.vintage) expect(row!.altFr).toContain(String(product.vintage));
    }
    const morgon = byPuid.get(catalogue.products.find((p) => p.nameFr === "Morgon" && p.vintage === 2022 && p.volumeMl === 750)!.puid)!;
    expect(morgon).toMatchObject({ altFr: "Morgon 2022, Marcel Lapierre", altEn: "Morgon 2022, Marcel Lapierre" });
  });

  it("gives every demo producer a landscape photo and a logo, with alt text in both languages", async () => {
    const rows = await testDb.db
      .select({
        slug: providers.slug,
        role: providerImages.role,
        altFr: providerImages.altFr,
        altEn: providerImages.altEn,
        width: images.width,
        height: images.height,
      })
      .from(providerImages)
      .innerJoin(providers, eq(providers.id, providerImages.providerId))
      .innerJoin(images, eq(images.id, providerImages.imageId));
    expect(rows).toHaveLength(catalogue.providers.length * 2);
    for (const provider of catalogue.providers) {
      const photo = rows.find((r) => r.slug === provider.slug && r.role === "PHOTO");
      const logo = rows.find((r) => r.slug === provider.slug && r.role === "LOGO");
      expect(photo, provider.slug).toMatchObject({
        ...PROVIDER_PHOTO_SIZE,
        altFr: expect.stringContaining(provider.name),
        altEn: expect.stringContaining(provider.name),
      });
      expect(logo, provider.slug).toMatchObject({
        ...PROVIDER_LOGO_SIZE,
        altFr: `Logo de ${provider.name}`,
        altEn: `${provider.name} logo`,
      });
    }
  });

  it("draws a different image for each product and each producer", async () => {
    expect(await countOf(images)).toBe(catalogue.products.length + catalogue.providers.length * 2);
  });

  it("serves them as any uploaded photo: the page's image refs and their variants", async () => {
    const [product] = await testDb.db.select({ id: products.id, nameFr: products.nameFr }).from(products).limit(1);
    const main = (await mainProductPhotos(testDb.db, [product!.id], "fr-CA")).get(product!.id);
    expect(main).toMatchObject({ width: PRODUCT_ART_SIZE.width, alt: expect.stringContaining(product!.nameFr) });
    const variant = await imageVariant(testDb.db, main!.hash, "320.webp");
    expect(variant?.contentType).toBe("image/webp");
    expect(variant!.bytes.byteLength).toBeGreaterThan(1000);

    const [provider] = await testDb.db.select({ id: providers.id }).from(providers).limit(1);
    const own = (await providerImagesOf(testDb.db, [provider!.id], "en-US")).get(provider!.id);
    expect(own?.photo?.alt).toMatch(/landscape/);
    expect(own?.logo?.alt).toMatch(/logo$/);
  });

  it("adds nothing on a second seed, and never replaces a photo the agency uploaded", async () => {
    const [product] = await testDb.db.select({ id: products.id }).from(products).where(eq(products.puid, catalogue.products[0]!.puid));
    // The agency's "upload": any other image, here a logo drawn for another name.
    const uploaded = await storeImage(
      testDb.db,
      await drawAndClean(providerLogoSvg({ slug: "agency-upload", name: "Photo de l'agence", color: null })),
    );
    await replaceMainProductPhoto(testDb.db, product!.id, uploaded, { altFr: "Photo de l'agence", altEn: "The agency's photo" });
    const before = {
      images: await countOf(images),
      productImages: await countOf(productImages),
      providerImages: await countOf(providerImages),
    };

    const again = await seedDemoCatalogue(testDb.db, { photos: { cacheDir } });
    expect(again.photos).toEqual({ productPhotos: 0, providerImages: 0, drawn: 0, cached: 0 });
    expect({
      images: await countOf(images),
      productImages: await countOf(productImages),
      providerImages: await countOf(providerImages),
    }).toEqual(before);
    const main = (await mainProductPhotos(testDb.db, [product!.id], "en-US")).get(product!.id);
    expect(main).toMatchObject({ hash: uploaded.hash, alt: "The agency's photo" });
  });

  it("draws again a product photo that was removed, the same bytes as before", async () => {
    const [product] = await testDb.db.select({ id: products.id }).from(products).where(eq(products.puid, catalogue.products[1]!.puid));
    const formerHash = (await mainProductPhotos(testDb.db, [product!.id], "fr-CA")).get(product!.id)!.hash;
    await testDb.db.delete(productImages).where(eq(productImages.productId, product!.id));

    const again = await seedDemoCatalogue(testDb.db, { photos: { cacheDir: null } });
    expect(again.photos).toEqual({ productPhotos: 1, providerImages: 0, drawn: 1, cached: 0 });
    expect((await mainProductPhotos(testDb.db, [product!.id], "fr-CA")).get(product!.id)?.hash).toBe(formerHash);
  });
});
