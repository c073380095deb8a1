/**
 * The demo catalogue's drawn photos (decision 035, "Demo label art"). No photograph can be
 * downloaded here, so the seed draws one for each demo product — its bottle, can, jar or box on a
 * studio background, with a label carrying the producer, the cuvée, the vintage, the kind and the
 * volume — and, for each demo producer, a landscape with its cellar (the photo) and a monogram
 * (the logo). Each drawing is an SVG with its text set as outlines (./label-type.server.ts),
 * rendered to a JPEG by sharp and then stored exactly as an upload is (./demo-photos.server.ts).
 *
 * Everything here is deterministic: the same input draws the same SVG, hence the same bytes.
 */
import sharp from "sharp";
import { initialsOf } from "~/catalogue/images";
import { inkOn } from "~/lib/colour";
import { createPrng } from "./demo-catalogue";
import { fitText, textPath, type TextStyle } from "./label-type.server";

/**
 * Size of a drawn product photo, pixels (3:4, a bottle shot's shape): as large as a product page
 * shows it on a 2× screen, and no larger, since every demo image is drawn and stored at each seed.
 */
export const PRODUCT_ART_SIZE = { width: 720, height: 960 } as const;
/** Size of a drawn producer photo, pixels (3:2, a landscape). */
export const PROVIDER_PHOTO_SIZE = { width: 960, height: 640 } as const;
/** Size of a drawn producer logo, pixels (square). */
export const PROVIDER_LOGO_SIZE = { width: 480, height: 480 } as const;

/** The drawings' own coordinates (their viewBox), scaled to the sizes above when rendered. */
const PRODUCT_VIEW = { width: 960, height: 1280 } as const;
const PHOTO_VIEW = { width: 1200, height: 800 } as const;
const LOGO_VIEW = { width: 640, height: 640 } as const;

/** The opening tag of a drawing: `view` coordinates, rendered at `size` pixels. */
function svgOpen(view: { width: number; height: number }, size: { width: number; height: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${view.width} ${view.height}">`;
}

/**
 * Bumped whenever a drawing changes, so cached drawings of the former version are not reused
 * (./demo-photos.server.ts keys its cache on this and the SVG).
 */
export const LABEL_ART_VERSION = 1;

/** What a product's label says and how its container looks. */
export interface ProductArtInput {
  producer: string;
  /** The cuvée's (French) name, as on the label. */
  name: string;
  vintage: number | null;
  /** The kind, in French, as a label prints it ("Vin rouge", "Cidre mousseux", "Bière"…). */
  kind: string;
  /** Millilitres; null for foods and goods. */
  volumeMl: number | null;
  /** A product type code of docs/product.md#catalogue-fields (`VIN`, `BIERE`, `FOODS`…): chooses the container. */
  typeCode: string;
  /** A PRODUCT_COLOR code (`red`, `white`…) or null: the wine's colour in the glass. */
  colorCode: string | null;
  /** The producer's colour (`#rrggbb`) or null: the label's accent and the capsule. */
  accent: string | null;
}

/** A producer as its drawings show it. */
export interface ProviderArtInput {
  /** Seeds the landscape's shapes, so each producer has its own. */
  slug: string;
  name: string;
  /** `#rrggbb` or null (then a colour chosen from the slug). */
  color: string | null;
}

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

const INK = "#1f1a17";
const PAPER = "#fbf6ea";
const WINE_700 = "#731a36";
const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** The wine (or contents) seen through the glass, per PRODUCT_COLOR code (as app/catalogue/images.ts). */
const CONTENT_FILL: Record<string, string> = {
  red: "#4a1220",
  white: "#b9b070",
  rose: "#e49a8d",
  orange: "#c9782c",
  sparkling: "#5b6b3a",
  sweet: "#b8801c",
};

/** Per product type when there is no colour (as app/catalogue/images.ts). */
const TYPE_FILL: Record<string, string> = {
  SPIRITUEUX: "#b07a3a",
  BIERE: "#d6a23a",
  CIDRE: "#e8c15a",
  APERITIF: "#a8322d",
  BOISSON: "#8fbf6a",
  FOODS: "#c9a27a",
  GOODS: "#4f5d6b",
};

/** Colours given to a producer that has none, chosen by its slug. */
const PROVIDER_PALETTE = ["#5a1329", "#4d7c4a", "#1f4e79", "#9b6a2f", "#6f8fb0", "#8c2f39", "#3c2a4d"];

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** `a` mixed with `b`: t = 0 gives `a`, t = 1 gives `b`. */
function mix(a: string, b: string, t: number): string {
  const [ra, ga, ba] = rgb(a);
  const [rb, gb, bb] = rgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(ra, rb)}${channel(ga, gb)}${channel(ba, bb)}`;
}

const darken = (c: string, t: number) => mix(c, "#000000", t);
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);

/** A 32-bit seed from a string (FNV-1a), for {@link createPrng}. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The producer's colour, or one of the palette chosen by its slug. */
export function providerColor(input: Pick<ProviderArtInput, "slug" | "color">): string {
  if (input.color && HEX6.test(input.color)) return input.color.toLowerCase();
  return PROVIDER_PALETTE[seedOf(input.slug) % PROVIDER_PALETTE.length]!;
}

/** A colour dark enough to print on the cream label. */
function printable(accent: string): string {
  return inkOn(accent) === "#2a2420" ? darken(accent, 0.5) : accent;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Product photo
// ---------------------------------------------------------------------------------------------

interface Container {
  /** The glass (or can, jar, box) and what sits on it: SVG elements. */
  body: string;
  /** Where the label goes. */
  label: { x: number; y: number; w: number; h: number };
  /** Whether the label wraps round a cylinder (shaded at its edges). */
  round: boolean;
}

const CX = PRODUCT_VIEW.width / 2;
const FLOOR = 1190;

/** The wine-bottle outline: neck half-width `neck` from `top`, shoulders down to `shoulder`, body half-width `half`. */
function bottlePath(top: number, neck: number, neckEnd: number, shoulder: number, half: number): string {
  const l = CX - half;
  const r = CX + half;
  return (
    `M${CX - neck} ${top}L${CX - neck} ${neckEnd}C${CX - neck} ${neckEnd + (shoulder - neckEnd) * 0.6} ${l} ${neckEnd + (shoulder - neckEnd) * 0.45} ${l} ${shoulder}` +
    `L${l} ${FLOOR - 24}Q${l} ${FLOOR} ${l + 24} ${FLOOR}L${r - 24} ${FLOOR}Q${r} ${FLOOR} ${r} ${FLOOR - 24}L${r} ${shoulder}` +
    `C${r} ${neckEnd + (shoulder - neckEnd) * 0.45} ${CX + neck} ${neckEnd + (shoulder - neckEnd) * 0.6} ${CX + neck} ${neckEnd}L${CX + neck} ${top}Z`
  );
}

/** The container of a product type, filled with `fill`, its capsule or lid in `accent`. */
function containerOf(typeCode: string, colorCode: string | null, fill: string, accent: string): Container {
  const glass = `fill="url(#glass)" stroke="${darken(fill, 0.6)}" stroke-width="3"`;
  const shine = (x: number, y1: number, y2: number, w = 16) =>
    `<rect x="${x}" y="${y1}" width="${w}" height="${y2 - y1}" rx="${w / 2}" fill="#ffffff" opacity="0.28"/>`;
  switch (typeCode) {
    case "BIERE": {
      const l = CX - 150;
      return {
        body:
          `<rect x="${l}" y="430" width="300" height="${FLOOR - 430}" rx="28" fill="url(#metal)" stroke="#5d6166" stroke-width="3"/>` +
          `<rect x="${l}" y="520" width="300" height="600" fill="url(#glass)"/>` +
          `<ellipse cx="${CX}" cy="436" rx="142" ry="14" fill="#d9dcdf" stroke="#5d6166" stroke-width="3"/>` +
          shine(l + 40, 540, 1100, 14),
        label: { x: l, y: 600, w: 300, h: 440 },
        round: true,
      };
    }
    case "FOODS":
      return {
        body:
          `<rect x="${CX - 180}" y="590" width="360" height="${FLOOR - 590}" rx="52" ${glass}/>` +
          `<rect x="${CX - 168}" y="522" width="336" height="84" rx="14" fill="${darken(accent, 0.2)}" stroke="${darken(accent, 0.6)}" stroke-width="3"/>` +
          `<rect x="${CX - 168}" y="540" width="336" height="8" fill="#ffffff" opacity="0.25"/>` +
          shine(CX - 150, 640, 1120),
        label: { x: CX - 165, y: 690, w: 330, h: 380 },
        round: true,
      };
    case "GOODS": {
      const l = CX - 240;
      const r = CX + 200;
      return {
        body:
          `<path d="M${l} 640L${l + 80} 560L${r + 80} 560L${r} 640Z" fill="${lighten(fill, 0.25)}" stroke="${darken(fill, 0.5)}" stroke-width="3"/>` +
          `<path d="M${r} 640L${r + 80} 560L${r + 80} ${FLOOR - 80}L${r} ${FLOOR}Z" fill="${darken(fill, 0.3)}" stroke="${darken(fill, 0.5)}" stroke-width="3"/>` +
          `<rect x="${l}" y="640" width="${r - l}" height="${FLOOR - 640}" fill="${fill}" stroke="${darken(fill, 0.5)}" stroke-width="3"/>` +
          `<path d="M${l + 80} 560L${l} 640M${r + 80} 560L${r} 640" stroke="${darken(fill, 0.5)}" stroke-width="3"/>`,
        label: { x: l + 40, y: 720, w: r - l - 80, h: 390 },
        round: false,
      };
    }
    case "BOISSON":
      return {
        body:
          `<path d="${bottlePath(420, 36, 560, 700, 130)}" ${glass}/>` +
          `<rect x="${CX - 42}" y="396" width="84" height="44" rx="8" fill="${accent}" stroke="${darken(accent, 0.6)}" stroke-width="3"/>` +
          shine(CX - 100, 720, 1150),
        label: { x: CX - 118, y: 760, w: 236, h: 340 },
        round: true,
      };
    case "SPIRITUEUX":
    case "APERITIF": {
      const path =
        `M${CX - 50} 300L${CX - 50} 430Q${CX - 50} 470 ${CX - 110} 480L${CX - 150} 486Q${CX - 176} 492 ${CX - 176} 530` +
        `L${CX - 176} ${FLOOR - 20}Q${CX - 176} ${FLOOR} ${CX - 156} ${FLOOR}L${CX + 156} ${FLOOR}Q${CX + 176} ${FLOOR} ${CX + 176} ${FLOOR - 20}` +
        `L${CX + 176} 530Q${CX + 176} 492 ${CX + 150} 486L${CX + 110} 480Q${CX + 50} 470 ${CX + 50} 430L${CX + 50} 300Z`;
      return {
        body:
          `<path d="${path}" ${glass}/>` +
          `<rect x="${CX - 64}" y="214" width="128" height="100" rx="14" fill="#6b4a2e" stroke="#2a1d12" stroke-width="3"/>` +
          `<rect x="${CX - 64}" y="214" width="128" height="22" rx="10" fill="#8a6440"/>` +
          shine(CX - 150, 540, 1150),
        label: { x: CX - 150, y: 600, w: 300, h: 460 },
        round: false,
      };
    }
    default: {
      const sparkling = colorCode === "sparkling";
      const capsuleEnd = sparkling ? 440 : 330;
      const capsuleFill = sparkling ? "#c9a54a" : darken(accent, 0.15);
      return {
        body:
          `<path d="${bottlePath(170, sparkling ? 46 : 40, sparkling ? 440 : 470, sparkling ? 700 : 650, 170)}" ${glass}/>` +
          `<path d="M${CX - (sparkling ? 52 : 45)} 160h${sparkling ? 104 : 90}v${capsuleEnd - 160}h-${sparkling ? 104 : 90}Z" fill="${capsuleFill}" stroke="${darken(capsuleFill, 0.55)}" stroke-width="3"/>` +
          `<rect x="${CX - (sparkling ? 52 : 45)}" y="${capsuleEnd - 26}" width="${sparkling ? 104 : 90}" height="6" fill="${darken(capsuleFill, 0.35)}"/>` +
          `<rect x="${CX - 30}" y="172" width="12" height="${capsuleEnd - 196}" fill="#ffffff" opacity="0.3"/>` +
          shine(CX - 140, 700, 1150),
        label: { x: CX - 150, y: 730, w: 300, h: 370 },
        round: true,
      };
    }
  }
}

/** Sizes tried for the cuvée's name, largest first: the largest whose label fits is used. */
const NAME_SIZES = [46, 42, 38, 34, 31, 28, 25, 22] as const;

type Block = { lines: string[]; style: TextStyle; color: string; lead: number } | { rule: true; lead: number };

/** A label's lines of text, set and centred in `box`, the name as large as the label allows. */
function labelText(input: ProductArtInput, box: Container["label"], accent: string): string {
  const inner = box.w - 48;
  const cx = box.x + box.w / 2;
  const producer = fitText(input.producer.toLocaleUpperCase("fr-CA"), { face: "sansBold", tracking: 2 }, [22, 20, 18, 16], inner, 2);
  const kindText = [input.kind, input.volumeMl ? volumeText(input.volumeMl) : null].filter(Boolean).join(" · ").toLocaleUpperCase("fr-CA");
  const kind = fitText(kindText, { face: "sans", tracking: 1.5 }, [17, 15, 13], inner, 2);
  const vintage = input.vintage !== null ? String(input.vintage) : null;
  const gap = 14;
  const compose = (nameSize: number, vintageSize: number) => {
    const name = fitText(
      input.name,
      { face: "serif" },
      NAME_SIZES.filter((s) => s <= nameSize),
      inner,
      3,
    );
    const blocks: Block[] = [
      { lines: producer.lines, style: { face: "sansBold", size: producer.size, tracking: 2 }, color: accent, lead: producer.size * 1.3 },
      { rule: true, lead: 30 },
      { lines: name.lines, style: { face: "serif", size: name.size }, color: INK, lead: name.size * 1.18 },
      ...(vintage
        ? [{ lines: [vintage], style: { face: "serifBold", size: vintageSize } as TextStyle, color: accent, lead: vintageSize * 1.3 }]
        : []),
      { lines: kind.lines, style: { face: "sans", size: kind.size, tracking: 1.5 }, color: INK, lead: kind.size * 1.45 },
    ];
    const heights = blocks.map((b) => ("rule" in b ? b.lead : b.lead * b.lines.length));
    return { blocks, heights, total: heights.reduce((a, b) => a + b, 0) + gap * (blocks.length - 1) };
  };
  const room = box.h - 44;
  let set = compose(NAME_SIZES[0], 52);
  for (const size of NAME_SIZES) {
    set = compose(size, Math.min(52, size + 10));
    if (set.total <= room) break;
  }
  let y = box.y + Math.max(22, (box.h - set.total) / 2);
  const out: string[] = [];
  for (const [i, block] of set.blocks.entries()) {
    if ("rule" in block) {
      const mid = y + block.lead / 2;
      out.push(
        `<path d="M${cx - 70} ${r1(mid)}H${cx - 14}M${cx + 14} ${r1(mid)}H${cx + 70}" stroke="${accent}" stroke-width="2"/>` +
          `<path d="M${cx} ${r1(mid - 8)}L${cx + 8} ${r1(mid)}L${cx} ${r1(mid + 8)}L${cx - 8} ${r1(mid)}Z" fill="${accent}"/>`,
      );
    } else {
      const d = block.lines
        .map((line, n) => textPath(line, block.style, { x: cx, y: r1(y + block.lead * n + block.style.size * 0.95), anchor: "middle" }))
        .join("");
      out.push(`<path d="${d}" fill="${block.color}"/>`);
    }
    y += set.heights[i]! + gap;
  }
  return out.join("");
}

/** "750 ml", "1,5 l", "62 cl" as a French label prints it (a no-break space before the unit). */
function volumeText(ml: number): string {
  if (ml >= 1000) return `${String(ml / 1000).replace(".", ",")}\u00a0l`;
  if (ml % 10 === 0 && ml !== 750 && ml !== 500 && ml !== 375) return `${ml / 10}\u00a0cl`;
  return `${ml}\u00a0ml`;
}

/**
 * A product photo as an SVG document ({@link PRODUCT_ART_SIZE}): the container of its type
 * (wine bottle, sparkling bottle with its foil, spirit bottle with its stopper, short bottle, can,
 * jar, box) on a studio background, with a label carrying the producer, the name, the vintage and
 * the kind with the volume. Text is drawn as outlines; nothing outside the document is needed.
 */
export function productArtSvg(input: ProductArtInput): string {
  const { width, height } = PRODUCT_VIEW;
  const accent = input.accent && HEX6.test(input.accent) ? input.accent.toLowerCase() : WINE_700;
  const fill = (input.colorCode ? CONTENT_FILL[input.colorCode] : undefined) ?? TYPE_FILL[input.typeCode] ?? "#8a8178";
  const container = containerOf(input.typeCode, input.colorCode, fill, accent);
  const { x, y, w, h } = container.label;
  const ink = printable(accent);
  const backdrop = mix("#e9dfcf", accent, 0.1);
  return (
    svgOpen(PRODUCT_VIEW, PRODUCT_ART_SIZE) +
    `<defs>` +
    `<radialGradient id="bg" cx="50%" cy="36%" r="80%"><stop offset="0" stop-color="#fdfaf4"/><stop offset="1" stop-color="${backdrop}"/></radialGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(backdrop, 0.04)}"/><stop offset="1" stop-color="${darken(backdrop, 0.14)}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.38"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${darken(fill, 0.55)}"/><stop offset="0.2" stop-color="${darken(fill, 0.1)}"/>` +
    `<stop offset="0.32" stop-color="${lighten(fill, 0.2)}"/><stop offset="0.45" stop-color="${fill}"/>` +
    `<stop offset="0.85" stop-color="${darken(fill, 0.3)}"/><stop offset="1" stop-color="${darken(fill, 0.6)}"/></linearGradient>` +
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8287"/><stop offset="0.3" stop-color="#eef0f2"/><stop offset="0.6" stop-color="#b5b9bd"/><stop offset="1" stop-color="#6c7075"/></linearGradient>` +
    `<linearGradient id="curve" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/><stop offset="0.18" stop-color="#000000" stop-opacity="0"/><stop offset="0.75" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.28"/></linearGradient>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<rect y="1090" width="${width}" height="${height - 1090}" fill="url(#floor)"/>` +
    `<ellipse cx="${CX + 30}" cy="${FLOOR + 4}" rx="280" ry="30" fill="url(#shadow)"/>` +
    container.body +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${PAPER}"/>` +
    `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" fill="none" stroke="${ink}" stroke-width="2"/>` +
    labelText(input, container.label, ink) +
    (container.round ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#curve)"/>` : "") +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Producer photo and logo
// ---------------------------------------------------------------------------------------------

/** A hill's outline across the picture: smooth curve through `points` heights, closed at the bottom. */
function hillPath(rng: () => number, base: number, amplitude: number, points: number, width: number, height: number): string {
  const step = width / (points - 1);
  const ys = Array.from({ length: points }, () => base - rng() * amplitude);
  let d = `M0 ${height}L0 ${r1(ys[0]!)}`;
  for (let i = 1; i < points; i++) {
    const x0 = step * (i - 1);
    const x1 = step * i;
    d += `C${r1(x0 + step / 2)} ${r1(ys[i - 1]!)} ${r1(x1 - step / 2)} ${r1(ys[i]!)} ${r1(x1)} ${r1(ys[i]!)}`;
  }
  return `${d}L${width} ${height}Z`;
}

/**
 * A producer photo as an SVG document ({@link PROVIDER_PHOTO_SIZE}): a landscape in the
 * producer's colour — sky and sun, far hills, vine rows running down a slope, the cellar with
 * its roof in the producer's colour, two cypresses. The slug seeds the shapes, so every producer
 * gets its own landscape. No text.
 */
export function providerPhotoSvg(input: ProviderArtInput): string {
  const { width, height } = PHOTO_VIEW;
  const color = providerColor(input);
  const rng = createPrng(seedOf(input.slug));
  const sunX = r1(180 + rng() * 840);
  const sunY = r1(130 + rng() * 120);
  const far = hillPath(rng, 430, 120, 5, width, height);
  const middle = hillPath(rng, 520, 90, 4, width, height);
  const slope = hillPath(rng, 615, 40, 3, width, height);
  const vanishX = r1(300 + rng() * 600);
  const rows: string[] = [];
  for (let i = -9; i <= 9; i++) {
    const x = r1(vanishX + i * 120);
    rows.push(`M${r1(vanishX + i * 22)} 560L${x} ${height}`);
  }
  const houseX = r1(140 + rng() * 800);
  const houseY = 500 - rng() * 40;
  const house =
    `<rect x="${houseX}" y="${r1(houseY)}" width="150" height="78" fill="#efe6d6" stroke="#6b5a48" stroke-width="2"/>` +
    `<path d="M${r1(houseX - 14)} ${r1(houseY)}L${r1(houseX + 75)} ${r1(houseY - 46)}L${r1(houseX + 164)} ${r1(houseY)}Z" fill="${darken(color, 0.1)}" stroke="${darken(color, 0.5)}" stroke-width="2"/>` +
    `<rect x="${r1(houseX + 62)}" y="${r1(houseY + 34)}" width="26" height="44" rx="12" fill="${darken(color, 0.4)}"/>` +
    `<rect x="${r1(houseX + 18)}" y="${r1(houseY + 22)}" width="22" height="20" fill="#6b5a48"/>` +
    `<rect x="${r1(houseX + 110)}" y="${r1(houseY + 22)}" width="22" height="20" fill="#6b5a48"/>`;
  const cypress = (x: number, y: number, h: number) =>
    `<ellipse cx="${r1(x)}" cy="${r1(y - h / 2)}" rx="${r1(h / 7)}" ry="${r1(h / 2)}" fill="#2f4a2a"/>`;
  const treeX = houseX > width / 2 ? houseX - 70 : houseX + 210;
  return (
    svgOpen(PHOTO_VIEW, PROVIDER_PHOTO_SIZE) +
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix("#7fa8c9", color, 0.12)}"/><stop offset="0.7" stop-color="${mix("#f4e3c6", color, 0.1)}"/></linearGradient>` +
    `<radialGradient id="sun"><stop offset="0" stop-color="#fff6dc"/><stop offset="0.45" stop-color="#fff0c8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff0c8" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="vines"><path d="${slope}"/></clipPath>` +
    `<linearGradient id="slope" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix("#7d9a48", color, 0.18)}"/><stop offset="1" stop-color="${mix("#4f6a2c", color, 0.25)}"/></linearGradient>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="150" fill="url(#sun)"/>` +
    `<path d="${far}" fill="${mix("#9fb0bf", color, 0.3)}"/>` +
    `<path d="${middle}" fill="${mix("#8aa05a", lighten(color, 0.3), 0.25)}"/>` +
    house +
    cypress(treeX, houseY + 80, 150) +
    cypress(treeX + 34, houseY + 84, 120) +
    `<path d="${slope}" fill="url(#slope)"/>` +
    `<g clip-path="url(#vines)">` +
    `<path d="${rows.join("")}" stroke="#2f4220" stroke-width="9" stroke-linecap="round" opacity="0.75"/>` +
    `<path d="${rows.join("")}" stroke="${mix("#6d8f3a", color, 0.15)}" stroke-width="4" stroke-dasharray="3 14" stroke-linecap="round"/>` +
    `</g>` +
    `</svg>`
  );
}

/**
 * A producer logo as an SVG document ({@link PROVIDER_LOGO_SIZE}): a roundel in the producer's
 * colour with its initials (as the generated tile, app/catalogue/images.ts) and its name as a
 * wordmark below, on the label's cream paper.
 */
export function providerLogoSvg(input: ProviderArtInput): string {
  const { width, height } = LOGO_VIEW;
  const color = providerColor(input);
  const ink = inkOn(color);
  const initials = initialsOf(input.name);
  const cx = width / 2;
  const monogram = textPath(initials, { face: "serif", size: initials.length > 1 ? 150 : 190 }, { x: cx, y: 318, anchor: "middle" });
  const word = fitText(input.name.toLocaleUpperCase("fr-CA"), { face: "sansBold", tracking: 3 }, [40, 36, 32, 28, 24], width - 120, 2);
  const wordmark = word.lines
    .map((line, i) =>
      textPath(line, { face: "sansBold", size: word.size, tracking: 3 }, { x: cx, y: r1(510 + i * word.size * 1.25), anchor: "middle" }),
    )
    .join("");
  const wordColor = printable(color);
  return (
    svgOpen(LOGO_VIEW, PROVIDER_LOGO_SIZE) +
    `<rect width="${width}" height="${height}" fill="${PAPER}"/>` +
    `<circle cx="${cx}" cy="260" r="170" fill="${color}"/>` +
    `<circle cx="${cx}" cy="260" r="148" fill="none" stroke="${ink}" stroke-opacity="0.55" stroke-width="3"/>` +
    `<path d="${monogram}" fill="${ink}"/>` +
    `<path d="${wordmark}" fill="${wordColor}"/>` +
    `</svg>`
  );
}

/**
 * Renders a drawing to the file a camera or a designer would hand over: a JPEG (quality 92,
 * no metadata) at the SVG's own pixel size. (Not mozjpeg: the cleaning re-encodes it anyway,
 * and mozjpeg would double the time of each drawing.)
 */
export async function rasterizeArt(svg: string): Promise<Uint8Array> {
  const jpeg = await sharp(Buffer.from(svg), { density: 72 }).flatten({ background: "#ffffff" }).jpeg({ quality: 92 }).toBuffer();
  return new Uint8Array(jpeg);
}
