import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawAndClean } from "./demo-photos.server";
import {
  PRODUCT_ART_SIZE,
  type ProductArtInput,
  productArtSvg,
  PROVIDER_LOGO_SIZE,
  PROVIDER_PHOTO_SIZE,
  providerColor,
  providerLogoSvg,
  providerPhotoSvg,
  rasterizeArt,
} from "./label-art.server";
import { fitText, measureText, wrapText } from "./label-type.server";

const MORGON: ProductArtInput = {
  producer: "Marcel Lapierre",
  name: "Morgon",
  vintage: 2022,
  kind: "Vin rouge",
  volumeMl: 750,
  typeCode: "VIN",
  colorCode: "red",
  accent: "#7a1f3d",
};

/** The bounding box, in pixels, of the pixels that differ between two renderings of the same size. */
async function differingBox(a: string, b: string): Promise<{ left: number; top: number; right: number; bottom: number } | null> {
  const [pa, pb] = await Promise.all([a, b].map((svg) => sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true })));
  const { width, height, channels } = pa!.info;
  let box: { left: number; top: number; right: number; bottom: number } | null = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if (pa!.data[i] === pb!.data[i] && pa!.data[i + 1] === pb!.data[i + 1] && pa!.data[i + 2] === pb!.data[i + 2]) continue;
      box = box
        ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x), bottom: Math.max(box.bottom, y) }
        : { left: x, top: y, right: x, bottom: y };
    }
  }
  return box;
}

describe("the demo's drawn product photo", () => {
  it("is the same bytes every time for the same product, and a valid image of the stated size once cleaned", async () => {
    expect(productArtSvg({ ...MORGON })).toBe(productArtSvg(MORGON));
    const [first, second] = await Promise.all([rasterizeArt(productArtSvg(MORGON)), rasterizeArt(productArtSvg(MORGON))]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);

    const cleaned = await drawAndClean(productArtSvg(MORGON));
    expect(cleaned).toMatchObject({ format: "jpeg", ...PRODUCT_ART_SIZE });
    expect(cleaned.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(cleaned.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect((await drawAndClean(productArtSvg(MORGON))).hash).toBe(cleaned.hash);
  });

  it("sets its text as outlines, never as text that would need the machine's fonts", () => {
    const svg = productArtSvg(MORGON);
    expect(svg).not.toMatch(/<text|font-family|<image/);
  });

  it("differs between two products, and the vintage and the producer are drawn on the label", async () => {
    const other = await drawAndClean(productArtSvg({ ...MORGON, name: "Morgon Côte du Py", producer: "Jean Foillard" }));
    expect(other.hash).not.toBe((await drawAndClean(productArtSvg(MORGON))).hash);

    // The label of a wine bottle spans 330–630 × 730–1100 of the 960 × 1280 drawing.
    const scale = PRODUCT_ART_SIZE.width / 960;
    const label = { left: 330 * scale, top: 730 * scale, right: 630 * scale, bottom: 1100 * scale };
    for (const change of [{ vintage: 2023 }, { producer: "Jean Foillard" }, { kind: "Vin blanc" }, { name: "Fleurie" }]) {
      const box = await differingBox(productArtSvg(MORGON), productArtSvg({ ...MORGON, ...change }));
      expect(box, JSON.stringify(change)).not.toBeNull();
      expect(box!.left).toBeGreaterThanOrEqual(label.left);
      expect(box!.right).toBeLessThanOrEqual(label.right);
      expect(box!.top).toBeGreaterThanOrEqual(label.top);
      expect(box!.bottom).toBeLessThanOrEqual(label.bottom);
    }
  });

  it("draws every container (wine, sparkling, spirit, short bottle, can, jar, box) as an image the cleaner takes", async () => {
    const kinds: Partial<ProductArtInput>[] = [
      { typeCode: "VIN", colorCode: "sparkling", vintage: null },
      { typeCode: "SPIRITUEUX", colorCode: null, vintage: null, volumeMl: 700 },
      { typeCode: "BOISSON", colorCode: null, vintage: null, volumeMl: 355 },
      { typeCode: "BIERE", colorCode: null, vintage: null, volumeMl: 341 },
      { typeCode: "FOODS", colorCode: null, vintage: null, volumeMl: null, name: "Sardines à l'huile d'olive vierge extra (115 g)" },
      { typeCode: "GOODS", colorCode: null, vintage: null, volumeMl: null, accent: null, name: "Tire-bouchon Laguiole" },
    ];
    const hashes = new Set<string>();
    for (const kind of kinds) {
      const image = await drawAndClean(productArtSvg({ ...MORGON, ...kind }));
      expect(image).toMatchObject(PRODUCT_ART_SIZE);
      hashes.add(image.hash);
    }
    expect(hashes.size).toBe(kinds.length);
  });
});

describe("the demo's drawn producer photo and logo", () => {
  const huet = { slug: "domaine-huet", name: "Domaine Huet", color: "#d8c07a" };

  it("are deterministic, of their stated sizes, and differ from one producer to the next", async () => {
    expect(providerPhotoSvg(huet)).toBe(providerPhotoSvg({ ...huet }));
    const photo = await drawAndClean(providerPhotoSvg(huet));
    const logo = await drawAndClean(providerLogoSvg(huet));
    expect(photo).toMatchObject(PROVIDER_PHOTO_SIZE);
    expect(logo).toMatchObject(PROVIDER_LOGO_SIZE);
    const other = { slug: "marcel-lapierre", name: "Marcel Lapierre", color: "#7a1f3d" };
    expect(providerPhotoSvg(other)).not.toBe(providerPhotoSvg(huet));
    expect(providerLogoSvg(other)).not.toBe(providerLogoSvg(huet));
  });

  it("give a producer without a colour one chosen from its slug, the same every time", () => {
    const color = providerColor({ slug: "dolin", color: null });
    expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(providerColor({ slug: "dolin", color: null })).toBe(color);
    expect(providerColor({ slug: "dolin", color: "#1F4E79" })).toBe("#1f4e79");
  });
});

describe("text set for the labels", () => {
  const style = { face: "serif", size: 40 } as const;

  it("wraps at spaces within the width, and cuts with an ellipsis what does not fit", () => {
    const { lines, cut } = wrapText("Muscadet Sèvre et Maine sur lie La Pépie", style, 360, 4);
    expect(cut).toBe(false);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measureText(line, style)).toBeLessThanOrEqual(360);
    expect(lines.join(" ")).toBe("Muscadet Sèvre et Maine sur lie La Pépie");

    const short = wrapText("Muscadet Sèvre et Maine sur lie La Pépie", style, 300, 1);
    expect(short.cut).toBe(true);
    expect(short.lines).toHaveLength(1);
    expect(short.lines[0]).toMatch(/…$/);
    expect(measureText(short.lines[0]!, style)).toBeLessThanOrEqual(300);
  });

  it("never breaks a line at a no-break space (a volume stays with its unit)", () => {
    const { lines } = wrapText("VIN NATURE ROUGE · 750\u00a0ML", { face: "sans", size: 17 }, 150, 3);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.some((line) => line.endsWith("750\u00a0ML"))).toBe(true);
  });

  it("chooses the largest size at which the text fits", () => {
    expect(fitText("Morgon", { face: "serif" }, [46, 30], 300, 1).size).toBe(46);
    const long = fitText("Vouvray Clos du Bourg Moelleux", { face: "serif" }, [46, 30, 20], 200, 2);
    expect(long.size).toBeLessThan(46);
    for (const line of long.lines) expect(measureText(line, { face: "serif", size: long.size })).toBeLessThanOrEqual(200);
  });
});
