/**
 * The stored photos as the pages read them (docs/decisions/038-photos-on-pages.md), on the demo
 * catalogue with sample photos stored as a staff upload would be (scripts/lib/sample-photos.ts):
 * a page's products carry their main photo, read in one query, and none for the others; the
 * product page has every photo, main first, and names them in its meta; producers have their
 * photo, logo, website and bio; an order e-mail's lines get their JPEG thumbnail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDatabaseCaches } from "~/cache.server";
import { withMainPhotos } from "~/catalogue/photos-on-pages.server";
import { parseProductFilters } from "~/catalogue/product-filters";
import { searchProducts } from "~/catalogue/products.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { mailPhotosOfChannels } from "~/orders/order-line-images.server";
import { loader as productLoader, meta as productMeta } from "~/routes/product";
import { loader as productsLoader } from "~/routes/products";
import { loader as providerLoader } from "~/routes/provider";
import { giveSamplePhotos, SAMPLE_PROVIDER_TEXTS, type SamplePhotos } from "../../scripts/lib/sample-photos";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const MEDIA_HASH = /^[0-9a-f]{64}$/;

let testDb: TestDatabase;
let sample: SamplePhotos;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  sample = await giveSamplePhotos(testDb.db, 6, 2);
  clearDatabaseCaches(testDb.db);
}, 120_000);
afterAll(() => testDb?.close());

describe("a page's products", () => {
  it("carry the main photo of those that have one and null for the others, in one read", async () => {
    const reference = await getReferenceData(testDb.db);
    const { items } = await searchProducts(testDb.db, reference, parseProductFilters(new URLSearchParams(), reference.known), {
      province: "QC",
      taxMode: "IN",
      locale: "fr-CA",
      pageSize: 24,
    });
    const withPhotos = await withMainPhotos(testDb.db, items, "en-US");
    expect(withPhotos.map((i) => i.productId)).toEqual(items.map((i) => i.productId));
    const given = new Set(sample.products.map((p) => p.id));
    expect(given.size).toBeGreaterThan(0);
    for (const item of withPhotos) {
      if (given.has(item.productId)) {
        expect(item.photo?.hash).toMatch(MEDIA_HASH);
        expect(item.photo).toMatchObject({
          width: 900,
          height: 1200,
          alt: `Bottle of ${sample.products.find((p) => p.id === item.productId)!.name}`,
        });
      } else {
        expect(item.photo).toBeNull();
      }
    }
    expect(withPhotos.some((i) => i.photo === null)).toBe(true);
  });

  it("reach the /products loader's cards", async () => {
    const data = await productsLoader(await routeArgs(testDb.db, "/products"));
    const first = data.items.find((i) => i.productId === sample.products[0]!.id);
    expect(first?.photo?.alt).toBe(`Bouteille de ${sample.products[0]!.name}`);
  });
});

describe("the product page", () => {
  it("has every photo, main first, and names them in JSON-LD, OpenGraph and a preload", async () => {
    const product = sample.products[0]!;
    const data = await productLoader(await routeArgs(testDb.db, `/products/${product.slug}`, { params: { slug: product.slug } }));
    expect(data.photos).toHaveLength(2);
    expect(data.photos[0]!.alt).toBe(`Bouteille de ${product.name}`);
    expect(data.imageUrls).toEqual(data.photos.map((p) => `/media/${p.hash}/900.jpg`));
    const tags = productMeta({ data, matches: [] } as unknown as Parameters<typeof productMeta>[0]);
    const preload = tags.find((t) => "tagName" in t && t.tagName === "link" && "rel" in t && t.rel === "preload") as Record<string, string>;
    expect(preload).toMatchObject({ as: "image", type: "image/avif", fetchPriority: "high" });
    expect(preload.imageSrcSet).toContain(`/media/${data.photos[0]!.hash}/640.avif 640w`);
  });

  it("has no photo and no preload for a product without one", async () => {
    const reference = await getReferenceData(testDb.db);
    const { items } = await searchProducts(testDb.db, reference, parseProductFilters(new URLSearchParams("page=2"), reference.known), {
      province: "QC",
      taxMode: "IN",
      locale: "fr-CA",
    });
    const other = items.find((i) => !sample.products.some((p) => p.id === i.productId))!;
    const data = await productLoader(await routeArgs(testDb.db, `/products/${other.slug}`, { params: { slug: other.slug } }));
    expect(data.photos).toEqual([]);
    const tags = productMeta({ data, matches: [] } as unknown as Parameters<typeof productMeta>[0]);
    expect(tags.some((t) => "rel" in t && t.rel === "preload")).toBe(false);
  });
});

describe("the producer page", () => {
  it("has the producer's photo, logo, website and bio in the page's language", async () => {
    const slug = sample.providers[0]!.slug;
    const data = await providerLoader(
      await routeArgs(testDb.db, `/providers/${slug}`, { params: { slug }, preferences: { locale: "en-US" } }),
    );
    expect(data.provider.photo?.hash).toMatch(MEDIA_HASH);
    expect(data.provider.logo?.hash).toMatch(MEDIA_HASH);
    expect(data.provider.websiteUrl).toBe(SAMPLE_PROVIDER_TEXTS.websiteUrl);
    expect(data.logoUrl).toMatch(/^\/media\/[0-9a-f]{64}\/\d+\.jpg$/);
  });
});

describe("an order e-mail's lines", () => {
  it("get the JPEG thumbnail of their product's main photo by absolute URL, none without a photo", async () => {
    const reference = await getReferenceData(testDb.db);
    const { items } = await searchProducts(testDb.db, reference, parseProductFilters(new URLSearchParams(), reference.known), {
      province: "QC",
      taxMode: "IN",
      locale: "fr-CA",
      pageSize: 24,
    });
    const withPhoto = items.find((i) => i.productId === sample.products[0]!.id)!;
    const without = items.find((i) => !sample.products.some((p) => p.id === i.productId))!;
    const withPhotoChannel = withPhoto.channels[0]!;
    const images = await mailPhotosOfChannels(
      testDb.db,
      [withPhotoChannel.productInventoryId, without.channels[0]!.productInventoryId],
      "fr-CA",
      "https://cuvee.example",
    );
    expect([...images.keys()]).toEqual([withPhotoChannel.productInventoryId]);
    expect(images.get(withPhotoChannel.productInventoryId)).toMatchObject({
      url: expect.stringMatching(/^https:\/\/cuvee\.example\/media\/[0-9a-f]{64}\/320\.jpg$/),
      width: 320,
      height: 427,
      alt: `Bouteille de ${sample.products[0]!.name}`,
    });
  });
});
