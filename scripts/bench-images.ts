/**
 * `npm run bench`'s image part (decision 035): how long sharp takes, per image, to clean an
 * upload and to make each variant (AVIF, WebP, JPEG at 320, 640 and 1600 px) of a 2400 px photo.
 * The photo is drawn here (no photo can be downloaded): smooth colour fields with fine grain, which
 * compresses like a real bottle shot. Each figure is the median of {@link RUNS} runs, on one core
 * (sharp's own thread pool as configured). Run alone: `npx tsx scripts/bench-images.ts`.
 */
import sharp from "sharp";
import { cleanImage } from "~/images/image-cleaning.server";
import { renderVariant } from "~/images/image-variants.server";
import type { ImageVariantFormat } from "~/vocabulary";
import { ms, table } from "./lib/bench-table";

const RUNS = 5;
const WIDTHS = [320, 640, 1600] as const;
const FORMATS: ImageVariantFormat[] = ["avif", "webp", "jpeg"];

/** A 2400×1600 photo-like JPEG as a camera would send it (about 1 to 2 MB). */
async function photo(): Promise<Buffer> {
  const [w, h] = [2400, 1600];
  const fields = Buffer.alloc(24 * 16 * 3);
  for (let i = 0; i < fields.length; i++) fields[i] = (i * 97 + ((i * i) % 251)) % 256;
  const smooth = await sharp(fields, { raw: { width: 24, height: 16, channels: 3 } })
    .resize(w, h, { kernel: "cubic" })
    .raw()
    .toBuffer();
  let seed = 42;
  for (let i = 0; i < smooth.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    smooth[i] = Math.max(0, Math.min(255, smooth[i]! + ((seed >> 16) % 17) - 8));
  }
  return sharp(smooth, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

async function main(): Promise<void> {
  sharp.concurrency(1);
  const upload = await photo();
  const cleaned = await cleanImage(upload);
  if (!cleaned.ok) throw new Error(`the bench photo was refused: ${cleaned.refusal}`);
  const original = cleaned.image.bytes;
  const rows: string[][] = [["step", "ms (median)", "bytes"]];
  rows.push([
    `clean a ${upload.byteLength} byte 2400×1600 upload`,
    ms(await median(() => cleanImage(upload))),
    String(original.byteLength),
  ]);
  let total = 0;
  for (const format of FORMATS) {
    for (const width of WIDTHS) {
      const bytes = await renderVariant(original, width, format);
      const time = await median(() => renderVariant(original, width, format));
      total += time;
      rows.push([`${format} ${width} px`, ms(time), String(bytes.byteLength)]);
    }
  }
  rows.push(["all nine variants", ms(total), ""]);
  console.log(`\nImage variants (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, one thread, median of ${RUNS})\n`);
  console.log(table(rows));
}

main().catch((error: unknown) => {
  console.error(`image bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
