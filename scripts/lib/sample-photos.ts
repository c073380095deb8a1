/**
 * Sample photos for measuring and testing the pages WITH photos (docs/decisions/038-photos-on-pages.md):
 * generated JPEGs (a bottle with a label naming the wine, a producer's landscape and monogram
 * logo) stored through the same functions as a staff upload — `cleanImage`, `storeImage`, then
 * `replaceMainProductPhoto` / `addProductPhoto` / `setProviderImage` — for the first products of
 * the Quebec /products list (the home page's selection among them), their producers and those of
 * the first page of /providers. The first
 * product gets a second photo (the gallery), its producer a website and a two-paragraph bio.
 *
 * Used by scripts/sample-photos.ts (the e2e server's and Lighthouse's data folder), the
 * integration tests and the e2e spec. Not the demo catalogue's label art.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { addProductPhoto, replaceMainProductPhoto, setProviderImage } from "../../app/catalogue/catalogue-photos.server";
import { parseProductFilters } from "../../app/catalogue/product-filters";
import { searchProducts } from "../../app/catalogue/products.server";
import { parseProviderFilters } from "../../app/catalogue/provider-filters";
import { listProviders } from "../../app/catalogue/providers.server";
import { getReferenceData } from "../../app/catalogue/reference.server";
import type { Database } from "../../app/db/client.server";
import { providers } from "../../app/db/schema";
import { cleanImage } from "../../app/images/image-cleaning.server";
import { type StoredImage, storeImage } from "../../app/images/images.server";
import { escapeXml } from "../../app/lib/xml";

/** The bio and website the first sample producer gets (the producer page shows them). */
export const SAMPLE_PROVIDER_TEXTS = {
  websiteUrl: "https://www.example.com/domaine",
  bioFr: "Fondé au bord de la rivière, le domaine cultive ses vignes sans intrants de synthèse.\n\nLes vendanges se font à la main.",
  bioEn: "Founded on the riverbank, the estate grows its vines without synthetic inputs.\n\nThe grapes are picked by hand.",
};

/** What was given photos: product and producer ids and slugs, first product first. */
export interface SamplePhotos {
  products: { id: number; slug: string; name: string; providerSlug: string }[];
  providers: { id: number; slug: string; name: string }[];
}

const HUES = ["#6d1a2a", "#e3d48a", "#eea59b", "#8a3b12", "#2f4f3a", "#3b3a6b"];

/** A 900×1200 JPEG of a bottle on a light background, its label naming the wine. */
async function bottleJpeg(name: string, index: number): Promise<Uint8Array> {
  const hue = HUES[index % HUES.length]!;
  const label = escapeXml(name.length > 22 ? `${name.slice(0, 21)}…` : name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200" viewBox="0 0 900 1200">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4efe7"/><stop offset="1" stop-color="#d9cfc0"/></linearGradient></defs>
  <rect width="900" height="1200" fill="url(#bg)"/>
  <ellipse cx="450" cy="1120" rx="220" ry="28" fill="#00000022"/>
  <path d="M405 90h90v300c0 60 120 100 120 240v470a30 30 0 0 1-30 30H315a30 30 0 0 1-30-30V630c0-140 120-180 120-240z" fill="${hue}" stroke="#2a2420" stroke-width="6"/>
  <rect x="305" y="700" width="290" height="260" rx="10" fill="#fbf7f0" stroke="#2a2420" stroke-width="3"/>
  <text x="450" y="800" font-family="serif" font-size="30" text-anchor="middle" fill="#2a2420">${label}</text>
  <text x="450" y="860" font-family="serif" font-size="22" text-anchor="middle" fill="#6b5e52">Cuvée · ${index + 1}</text>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

/** A 1600×1000 JPEG landscape (rows of vines under a sky) for a producer. */
async function landscapeJpeg(index: number): Promise<Uint8Array> {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const y = 560 + i * 50;
    return `<path d="M0 ${y} Q800 ${y - 40} 1600 ${y}" stroke="#3f5a2a" stroke-width="${10 + i * 2}" fill="none"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
  <rect width="1600" height="1000" fill="#9cc3de"/><circle cx="${300 + index * 120}" cy="220" r="90" fill="#f6d98b"/>
  <rect y="520" width="1600" height="480" fill="#7a9a4a"/>${rows}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer());
}

/** A 600×300 PNG logo: the producer's initials in a frame. */
async function logoPng(name: string): Promise<Uint8Array> {
  const initials = escapeXml(
    name
      .split(/\s+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .slice(0, 3)
      .map((w) => w[0])
      .join("") || "C",
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300">
  <rect x="10" y="10" width="580" height="280" rx="20" fill="#fff" stroke="#7b1e3a" stroke-width="8"/>
  <text x="300" y="190" font-family="serif" font-size="140" text-anchor="middle" fill="#7b1e3a">${initials}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function store(db: Database, bytes: Uint8Array): Promise<StoredImage> {
  const cleaned = await cleanImage(bytes);
  if (!cleaned.ok) throw new Error(`sample photo refused: ${cleaned.refusal}`);
  return storeImage(db, cleaned.image);
}

/**
 * Gives photos to the first `count` products of the default Quebec /products list (the home page's
 * six among them) and to their producers, then to the producers of the first page of /providers,
 * at most `providerCount` producers (photo and logo); the first product gets a second photo,
 * its producer {@link SAMPLE_PROVIDER_TEXTS}. Running it again gives the same images (same bytes,
 * same rows).
 * @param db a migrated database with a catalogue
 */
export async function giveSamplePhotos(db: Database, count = 24, providerCount = 24): Promise<SamplePhotos> {
  const reference = await getReferenceData(db);
  const { items } = await searchProducts(db, reference, parseProductFilters(new URLSearchParams(), reference.known), {
    province: "QC",
    taxMode: "IN",
    locale: "fr-CA",
    pageSize: count,
  });
  const chosen = [...new Map(items.map((i) => [i.productId, i])).values()];
  const result: SamplePhotos = { products: [], providers: [] };
  for (const [index, item] of chosen.entries()) {
    const image = await store(db, await bottleJpeg(item.name, index));
    await replaceMainProductPhoto(db, item.productId, image, { altFr: `Bouteille de ${item.name}`, altEn: `Bottle of ${item.name}` });
    if (index === 0) {
      const second = await store(db, await bottleJpeg(`${item.name} (dos)`, index + 3));
      await addProductPhoto(db, item.productId, second, { altFr: `Contre-étiquette de ${item.name}`, altEn: `Back label of ${item.name}` });
    }
    result.products.push({ id: item.productId, slug: item.slug, name: item.name, providerSlug: item.providerSlug });
  }
  // The chosen products' producers, then the first page of /providers.
  const directory = await listProviders(db, reference, parseProviderFilters(new URLSearchParams(), "QC"), "fr-CA", false);
  const providerSlugs = [
    ...new Set([...chosen.map((i) => i.providerSlug), ...directory.groups.flatMap((g) => g.providers.map((p) => p.slug))]),
  ].slice(0, providerCount);
  for (const [index, slug] of providerSlugs.entries()) {
    const [provider] = await db.select({ id: providers.id, name: providers.name }).from(providers).where(eq(providers.slug, slug));
    if (!provider) continue;
    await setProviderImage(db, provider.id, "PHOTO", await store(db, await landscapeJpeg(index)), {
      altFr: `Les vignes de ${provider.name}`,
      altEn: `The vineyards of ${provider.name}`,
    });
    await setProviderImage(db, provider.id, "LOGO", await store(db, await logoPng(provider.name)), {
      altFr: `Logo de ${provider.name}`,
      altEn: `${provider.name} logo`,
    });
    if (index === 0) await db.update(providers).set(SAMPLE_PROVIDER_TEXTS).where(eq(providers.id, provider.id));
    result.providers.push({ id: provider.id, slug, name: provider.name });
  }
  return result;
}
