/**
 * The image pipeline (decision 035), on the embedded database and PostgreSQL: uploads refused by
 * content, size and pixel count store nothing; what is stored and every served variant carries no
 * EXIF or GPS data, has its orientation applied and is sRGB; a variant asked for by two processes
 * at once ends as one row and the same bytes; `/media/…` answers the variant's type, immutable for
 * a year, and 404 for anything it does not serve.
 */
import { crc32 } from "node:zlib";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { images, imageVariants } from "~/db/schema";
import { cleanImage } from "~/images/image-cleaning.server";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/images/image-limits";
import { variantWidthsFor } from "~/images/image-refs";
import { imageVariant, warmImageVariants } from "~/images/image-variants.server";
import { readImageOriginal, storeImage } from "~/images/images.server";
import { loader as mediaLoader } from "~/routes/media";
import { IMAGE_VARIANT_FORMATS } from "~/vocabulary";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.close();
});

/** A photo-like JPEG: two colours side by side (left half `left`, right half blue). */
function twoColours(width: number, height: number, left = { r: 200, g: 30, b: 30 }) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 40, b: 220 } } }).composite([
    { input: { create: { width: half, height, channels: 3, background: left } }, left: 0, top: 0 },
  ]);
}

/** Markers written in the EXIF and GPS blocks: found in the upload, never in what is served. */
const SECRETS = ["SpyCam-3000", "Jean Tremblay", "WGS-84-SECRET"];

/** A camera JPEG 400×200 as stored (the camera held it sideways: orientation 6), with EXIF and GPS. */
async function cameraJpeg(): Promise<Buffer> {
  return twoColours(400, 200)
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: SECRETS[0]!, Artist: SECRETS[1]! },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "45/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "73/1 35/1 0/1",
        GPSMapDatum: SECRETS[2]!,
      },
    })
    .toBuffer();
}

/** A PNG that declares `width`×`height` in its header but holds one pixel: a decompression bomb's header. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** An AVIF relabelled as HEVC (what an iPhone's HEIC photo is): a HEIF file that is not AVIF. */
async function heicLike(): Promise<Buffer> {
  const avif = Buffer.from(await twoColours(64, 64).avif().toBuffer());
  const swap = (from: string, to: string) => {
    for (let at = avif.indexOf(from); at >= 0; at = avif.indexOf(from, at + 1)) avif.write(to, at, "latin1");
  };
  swap("avif", "heic");
  swap("av01", "hvc1");
  swap("av1C", "hvcC");
  return avif;
}

/** The centre pixel's RGB numbers, colour-managed (an embedded profile is applied). */
async function centre(bytes: Uint8Array): Promise<number[]> {
  const meta = await sharp(bytes).metadata();
  const { data } = await sharp(bytes)
    .extract({ left: Math.floor(meta.width / 2), top: Math.floor(meta.height / 2), width: 1, height: 1 })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

async function imageRows(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(images);
  return row!.n;
}

describe("refused uploads", () => {
  it("refuse by content, size, pixels and damage, with the reason, and store nothing", async () => {
    const jpeg = await twoColours(300, 200).jpeg().toBuffer();
    const cases: [string, Uint8Array, string][] = [
      ["an empty file", new Uint8Array(0), "empty"],
      ["a text file named .jpg", new TextEncoder().encode("not a photo at all, just text\n"), "notAnImage"],
      ["a PDF named .jpg", new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), "notAnImage"],
      [
        "an SVG named .jpg",
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
        "notAnImage",
      ],
      ["a GIF named .jpg", await twoColours(40, 40).gif().toBuffer(), "notAnImage"],
      ["a HEIC (HEIF but not AVIF)", await heicLike(), "notAnImage"],
      ["a file over the size limit", Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES + 1 - jpeg.length)]), "tooLarge"],
      ["a PNG declaring 20000×20000 pixels", await pngDeclaring(20_000, 20_000), "tooManyPixels"],
      ["a truncated JPEG", jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), "corrupt"],
    ];
    const before = await imageRows(testDb.db);
    for (const [what, bytes, reason] of cases) {
      const cleaned = await cleanImage(bytes);
      expect(cleaned.ok ? "taken" : cleaned.refusal, what).toBe(reason);
    }
    expect(await imageRows(testDb.db)).toBe(before);
  });

  it("take JPEG, PNG, WebP and AVIF, by their content whatever their name", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const cleaned = await cleanImage(await twoColours(120, 80).toFormat(format).toBuffer());
      expect(cleaned.ok && cleaned.image.format, format).toBe(format);
    }
  });
});

describe("cleaned and stored", () => {
  let hash: string;

  beforeAll(async () => {
    const upload = await cameraJpeg();
    // The fixture really carries what must go: EXIF, GPS and a sideways orientation.
    const raw = await sharp(upload).metadata();
    expect(raw.orientation).toBe(6);
    for (const secret of SECRETS) expect(upload.includes(secret), secret).toBe(true);
    const cleaned = await cleanImage(upload);
    if (!cleaned.ok) throw new Error(`refused: ${cleaned.refusal}`);
    hash = (await storeImage(testDb.db, cleaned.image)).hash;
  });

  it("applies the orientation: the sideways photo stands upright, left colour on top", async () => {
    const original = (await readImageOriginal(testDb.db, hash))!;
    expect([original.width, original.height]).toEqual([200, 400]);
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
    // Orientation 6 turns the image a quarter clockwise: its left half (red) comes on top.
    const { data } = await sharp(original.bytes)
      .extract({ left: 100, top: 50, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(90);
  });

  it("keeps no EXIF, GPS, XMP or ICC block in the original nor in any served variant", async () => {
    const original = (await readImageOriginal(testDb.db, hash))!;
    const served: [string, Uint8Array][] = [["original", original.bytes]];
    for (const width of variantWidthsFor(original.width)) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        const file = `${width}.${format === "jpeg" ? "jpg" : format}`;
        const variant = await imageVariant(testDb.db, hash, file);
        expect(variant, file).not.toBeNull();
        served.push([file, variant!.bytes]);
      }
    }
    expect(served.length).toBe(1 + variantWidthsFor(200).length * 3);
    for (const [what, bytes] of served) {
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation], what).toEqual([undefined, undefined, undefined, undefined]);
      for (const secret of SECRETS) expect(Buffer.from(bytes).includes(secret), `${what}: ${secret}`).toBe(false);
    }
  });

  it("converts a Display P3 or CMYK upload to sRGB (the colour a screen shows stays the same)", async () => {
    const colour = { r: 200, g: 100, b: 50 };
    const flat = sharp({ create: { width: 64, height: 64, channels: 3, background: colour } });
    const uploads = {
      "Display P3": await flat.clone().withIccProfile("p3").jpeg({ quality: 95 }).toBuffer(),
      CMYK: await flat.clone().toColourspace("cmyk").jpeg({ quality: 95 }).toBuffer(),
    };
    expect((await sharp(uploads.CMYK).metadata()).space).toBe("cmyk");
    expect((await sharp(uploads["Display P3"]).metadata()).icc).toBeDefined();
    for (const [what, upload] of Object.entries(uploads)) {
      const cleaned = await cleanImage(upload);
      if (!cleaned.ok) throw new Error(`${what} refused`);
      const meta = await sharp(cleaned.image.bytes).metadata();
      expect([meta.space, meta.channels, meta.icc], what).toEqual(["srgb", 3, undefined]);
      // The colour a colour-managed viewer shows of the upload (a CMYK round trip is not exact).
      const shown = await centre(upload);
      const kept = await centre(cleaned.image.bytes);
      expect(distance(kept, shown), `${what}: ${kept.join()} vs ${shown.join()}`).toBeLessThanOrEqual(3);
      expect(distance(kept, [colour.r, colour.g, colour.b]), `${what}: ${kept.join()}`).toBeLessThanOrEqual(what === "CMYK" ? 30 : 4);
    }
    // The P3 file's numbers are not sRGB's: read as sRGB without conversion, the colour would be off.
    const { data: p3Numbers } = await sharp(uploads["Display P3"], { ignoreIcc: true } as never)
      .extract({ left: 32, top: 32, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.abs(p3Numbers[0]! - colour.r) + Math.abs(p3Numbers[1]! - colour.g) + Math.abs(p3Numbers[2]! - colour.b)).toBeGreaterThan(
      10,
    );
  });

  it("stores the same photo uploaded twice once, with a dominant colour and a tiny placeholder", async () => {
    const upload = await cameraJpeg();
    const [a, b] = await Promise.all([cleanImage(upload), cleanImage(upload)]);
    if (!a.ok || !b.ok) throw new Error("refused");
    const first = await storeImage(testDb.db, a.image);
    const second = await storeImage(testDb.db, b.image);
    expect(second.id).toBe(first.id);
    expect(first.hash).toBe(hash);
    expect(first.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(first.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(first.placeholder.length).toBeLessThan(1000);
  });
});

describe("variants made once", () => {
  it("a variant asked for by two processes at once ends as one row and the same bytes", async () => {
    const cleaned = await cleanImage(await twoColours(1000, 700, { r: 10, g: 160, b: 60 }).jpeg().toBuffer());
    if (!cleaned.ok) throw new Error("refused");
    const stored = await storeImage(testDb.db, cleaned.image);
    // On PostgreSQL the second "process" is a handle of its own: its own pool and its own memory.
    const other = testDb.url ? await openDatabase({ url: testDb.url }) : null;
    try {
      const dbs = [testDb.db, other?.db ?? testDb.db];
      const [a, b] = await Promise.all(dbs.map((db) => imageVariant(db, stored.hash, "640.avif")));
      expect(a!.contentType).toBe("image/avif");
      expect(Buffer.from(b!.bytes).equals(Buffer.from(a!.bytes))).toBe(true);
      const rows = await testDb.db
        .select({ bytes: imageVariants.bytes })
        .from(imageVariants)
        .where(and(eq(imageVariants.imageId, stored.id), eq(imageVariants.width, 640), eq(imageVariants.format, "avif")));
      expect(rows).toHaveLength(1);
      expect(Buffer.from(rows[0]!.bytes).equals(Buffer.from(a!.bytes))).toBe(true);
      const meta = await sharp(a!.bytes).metadata();
      expect([meta.format, meta.width]).toEqual(["heif", 640]);
    } finally {
      await other?.close();
    }
  });
});

describe("variants made ahead of their first visitor", () => {
  it("warmImageVariants makes each missing variant once, and then nothing", async () => {
    const cleaned = await cleanImage(await twoColours(500, 750, { r: 90, g: 60, b: 30 }).jpeg().toBuffer());
    if (!cleaned.ok) throw new Error("refused");
    const stored = await storeImage(testDb.db, cleaned.image);
    await imageVariant(testDb.db, stored.hash, "320.webp");
    // 160, 320, 480 and the original's 500, in three formats, less the one already made.
    expect(await warmImageVariants(testDb.db, [stored.hash, stored.hash, "f".repeat(64)])).toBe(4 * 3 - 1);
    expect(await testDb.db.select({ n: count() }).from(imageVariants).where(eq(imageVariants.imageId, stored.id))).toEqual([{ n: 12 }]);
    expect(await warmImageVariants(testDb.db, [stored.hash])).toBe(0);
  });
});

describe("/media/{hash}/{width}.{format}", () => {
  let hash: string;
  let imageId: number;
  beforeAll(async () => {
    const cleaned = await cleanImage(await twoColours(900, 600).png().toBuffer());
    if (!cleaned.ok) throw new Error("refused");
    ({ hash, id: imageId } = await storeImage(testDb.db, cleaned.image));
  });

  const get = async (h: string, file: string) =>
    await mediaLoader(await routeArgs(testDb.db, `/media/${h}/${file}`, { params: { hash: h, file } }));

  it("answers each format with its type, its length, and immutable caching for a year", async () => {
    for (const [file, type, width] of [
      ["320.avif", "image/avif", 320],
      ["640.webp", "image/webp", 640],
      ["900.jpg", "image/jpeg", 900],
    ] as const) {
      const response = await get(hash, file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
  });

  it("answers 404 for an unknown hash, a width not served, a bad extension or a malformed name", async () => {
    const unknown = "0".repeat(64);
    for (const [h, file] of [
      [unknown, "320.jpg"],
      [hash, "1280.jpg"], // wider than the 900 px original: never enlarged
      [hash, "500.jpg"],
      [hash, "0320.jpg"],
      [hash, "320.png"],
      [hash, "320.jpeg"],
      [hash, "320.gif"],
      [hash, "original"],
      [hash.toUpperCase(), "320.jpg"],
      ["../../etc", "320.jpg"],
    ] as const) {
      expect((await thrownResponse(() => get(h, file))).status, `${h.slice(0, 8)}/${file}`).toBe(404);
    }
    // Nothing was rendered for them: only the three variants served above exist.
    const made = await testDb.db.select({ width: imageVariants.width }).from(imageVariants).where(eq(imageVariants.imageId, imageId));
    expect(made.map((v) => v.width).sort((a, b) => a - b)).toEqual([320, 640, 900]);
  });
});
