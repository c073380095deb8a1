/**
 * The demo catalogue (docs/product.md#catalogue-fields entities, docs/product.md#channels-and-inventories channels and money): real producers from real
 * wine regions, their cuvées, and the products built from them in every inventory of both
 * provinces. Everything is data plus a deterministic builder (seeded PRNG, never Math.random), so
 * two runs produce the same slugs, puids, prices and stock.
 *
 * Descriptions are deliberately modest: where a producer is placed, what it makes, and how it
 * farms when that is public knowledge; no scores or awards. Product descriptions are composed from
 * the cuvée's grapes and region plus a serving suggestion.
 */
import { lockCatalogueWrites } from "~/catalogue/catalogue-write-lock.server";
import {
  analyzeCatalogue,
  writeProductAttributes,
  writeProductInventories,
  writeProducts,
  writeProviderOrigins,
  writeProviders,
} from "~/catalogue/catalogue-writer.server";
import type { WineFacts } from "~/catalogue/wine-facts";
import { replaceProductGrapes, wineFactColumns } from "~/catalogue/wine-facts.server";
import type { Database } from "~/db/client.server";
import { attributes, countries, grapeVarieties, regions } from "~/db/schema";
import { priceTaxIn } from "~/pricing/taxes";
import type { InventoryCode, Province } from "~/vocabulary";
import { type DemoPhotoCounts, type DemoPhotoOptions, seedDemoPhotos } from "./demo-photos.server";
import { demoWineFacts } from "./demo-wine-facts";
import { INVENTORIES, type RegionRow, REGIONS } from "./reference-data";

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers (shared with the synthetic generator)
// ---------------------------------------------------------------------------------------------

/**
 * A seeded pseudo-random generator (mulberry32): returns a function yielding floats in [0, 1).
 * Same seed → same sequence on every platform; used instead of Math.random so seeds are
 * reproducible.
 * @param seed any integer (only its low 32 bits are used)
 */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * URL-safe, accent-free, lower-case slug: "Clos du Tue-Bœuf Frileuse 2022" →
 * "clos-du-tue-boeuf-frileuse-2022". Letters outside a–z/0–9 become single hyphens.
 */
export function slugify(text: string): string {
  return text
    .replace(/[œŒ]/g, "oe")
    .replace(/[æÆ]/g, "ae")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The slug of a product of the synthetic catalogue and of a product the catalogue import creates
 * (decision 020): producer name, French name and vintage, then the puid, so it is unique as long as
 * no two puids slugify alike (`AB1`/`ab1`, `A.1`/`A_1`: the import refuses the later one).
 * `productSlug("Domaine X", "Cuvée Y", 2022, "S0000001")` → `"domaine-x-cuvee-y-2022-s0000001"`.
 */
export function productSlug(producerName: string, nameFr: string, vintage: number | null, puid: string): string {
  return `${slugify(`${producerName} ${nameFr}${vintage ? ` ${vintage}` : ""}`)}-${slugify(puid)}`;
}

/** Product puid of the n-th demo product (1-based): `P000123` (docs/product.md#catalogue-fields Product.puid). */
export function demoPuid(n: number): string {
  return `P${String(n).padStart(6, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Source data: producers and their cuvées
// ---------------------------------------------------------------------------------------------

type TypeCode = "VIN" | "WINES" | "SPIRITUEUX" | "BOISSON" | "BIERE" | "CIDRE" | "APERITIF" | "FOODS" | "GOODS";
type ColorCode = "red" | "white" | "rose" | "orange" | "sparkling" | "sweet";
type ProviderAttribute = "organic" | "biodynamic" | "natural" | "family-estate";

interface CuveeExtra {
  /** English name when it differs from the French one. */
  nameEn?: string;
  /** Millilitres; defaults by type (750 wine, 700 spirits, 341 beer…); null for foods and goods. */
  volume?: number | null;
  /** Vintages also offered in magnum (1500 ml, cases of 6). */
  magnum?: number[];
  /** Region code when the cuvée comes from another region than the producer's first one. */
  region?: string;
  noteFr?: string;
  noteEn?: string;
  /** Basic groceries (FOODS): zero-rated for GST/QST/HST. */
  zeroRated?: boolean;
  /** Kind of product opening the description, when the type and colour do not say it well. */
  kind?: readonly [fr: string, en: string];
}

interface CuveeSpec extends CuveeExtra {
  name: string;
  type: TypeCode;
  color: ColorCode | null;
  grapes: string | null;
  /** Reference price per bottle or unit in cents, taxes excluded; channels vary around it. */
  price: number;
  /** One product per vintage; null = non-vintage (one product). */
  vintages: number[] | null;
}

interface ProducerSpec {
  name: string;
  /** Region codes (first = main origin). */
  regions: string[];
  imageColor: string | null;
  attrs: ProviderAttribute[];
  fr: string;
  en: string;
  cuvees: CuveeSpec[];
}

const wine = (name: string, color: ColorCode, grapes: string, price: number, vintages: number[] | null, extra: CuveeExtra = {}): CuveeSpec => ({
  name, type: "VIN", color, grapes, price, vintages, ...extra,
});
const nat = (name: string, color: ColorCode, grapes: string, price: number, vintages: number[] | null, extra: CuveeExtra = {}): CuveeSpec => ({
  name, type: "WINES", color, grapes, price, vintages, ...extra,
});
const drink = (type: TypeCode, name: string, color: ColorCode | null, grapes: string | null, price: number, extra: CuveeExtra = {}): CuveeSpec => ({
  name, type, color, grapes, price, vintages: null, ...extra,
});
const item = (type: TypeCode, nameFr: string, nameEn: string, price: number, extra: CuveeExtra = {}): CuveeSpec => ({
  name: nameFr, nameEn, type, color: null, grapes: null, price, vintages: null, volume: null, ...extra,
});

const HYBRIDS = "cépages hybrides rustiques";

/** The demo producers (≥ 40, ≥ 8 countries), in display order. */
const PRODUCERS: ProducerSpec[] = [
  // ----- France -----
  {
    name: "Domaine de la Pépière", regions: ["loire"], imageColor: "#c9b458", attrs: ["organic", "family-estate"],
    fr: "Domaine du Muscadet Sèvre et Maine, au sud-est de Nantes, qui élève longuement sur lies le melon de Bourgogne de vieilles vignes.",
    en: "Muscadet Sèvre et Maine estate south-east of Nantes, giving old-vine Melon de Bourgogne long ageing on its lees.",
    cuvees: [
      wine("Muscadet Sèvre et Maine sur lie La Pépie", "white", "melon de Bourgogne", 2250, [2022, 2023, 2024]),
      wine("Muscadet Clos des Briords", "white", "melon de Bourgogne", 2900, [2021, 2022, 2023], { magnum: [2021] }),
      wine("Muscadet Château-Thébaud", "white", "melon de Bourgogne", 3400, [2020, 2021]),
      wine("Muscadet Gras Moutons", "white", "melon de Bourgogne", 3200, [2022]),
    ],
  },
  {
    name: "Clos du Tue-Bœuf", regions: ["loire"], imageColor: "#8c2f39", attrs: ["organic", "natural", "family-estate"],
    fr: "Domaine familial de Cheverny et de Touraine, travaillé en bio, aux vins digestes peu soufrés.",
    en: "Family estate in Cheverny and Touraine, farmed organically, making light, low-sulphur wines.",
    cuvees: [
      wine("Le Buisson Pouilleux", "white", "sauvignon blanc", 3000, [2022, 2023]),
      wine("Cheverny Frileuse", "red", "pinot noir, gamay", 2800, [2022, 2023]),
      wine("La Caillère", "red", "pinot noir", 4200, [2021, 2022]),
    ],
  },
  {
    name: "Marcel Lapierre", regions: ["beaujolais"], imageColor: "#7a1f3d", attrs: ["organic", "natural", "family-estate"],
    fr: "Domaine de Villié-Morgon tenu par la famille Lapierre, figure historique du vin nature en Beaujolais.",
    en: "Villié-Morgon estate run by the Lapierre family, a historic name of natural wine in Beaujolais.",
    cuvees: [
      nat("Raisins Gaulois", "red", "gamay", 2300, [2023, 2024]),
      wine("Morgon", "red", "gamay", 3600, [2021, 2022, 2023], { magnum: [2022] }),
      wine("Morgon Cuvée Camille", "red", "gamay", 5200, [2020, 2022]),
    ],
  },
  {
    name: "Jean Foillard", regions: ["beaujolais"], imageColor: "#5e1a2b", attrs: ["organic", "natural"],
    fr: "Vigneron de Villié-Morgon dont les gamays de la Côte du Py sont vinifiés en grappes entières.",
    en: "Villié-Morgon grower whose Côte du Py gamays are fermented as whole bunches.",
    cuvees: [
      wine("Morgon Côte du Py", "red", "gamay", 5400, [2020, 2021, 2022, 2023], { magnum: [2021] }),
      wine("Morgon Corcelette", "red", "gamay", 4800, [2021, 2022]),
      wine("Fleurie", "red", "gamay", 4500, [2022]),
    ],
  },
  {
    name: "Domaine Gramenon", regions: ["rhone"], imageColor: "#a8452e", attrs: ["biodynamic", "natural", "family-estate"],
    fr: "Domaine de la Drôme provençale conduit en biodynamie, connu pour ses grenaches de vieilles vignes.",
    en: "Biodynamic estate in the Drôme provençale, known for its old-vine grenache.",
    cuvees: [
      nat("Poignée de Raisins", "red", "grenache", 3300, [2022, 2023, 2024]),
      wine("La Sagesse", "red", "grenache", 5200, [2021, 2022]),
      wine("Sierra du Sud", "red", "syrah", 4200, [2021, 2022]),
      wine("Ceps Centenaires La Mémé", "red", "grenache", 7800, [2020, 2021]),
    ],
  },
  {
    name: "Domaine Huet", regions: ["loire"], imageColor: "#d8c07a", attrs: ["biodynamic"],
    fr: "Maison de Vouvray et ses trois clos historiques, le Haut-Lieu, le Mont et le Clos du Bourg, en biodynamie.",
    en: "Vouvray house with three historic vineyards, Le Haut-Lieu, Le Mont and Clos du Bourg, farmed biodynamically.",
    cuvees: [
      wine("Vouvray Le Haut-Lieu Sec", "white", "chenin blanc", 4900, [2021, 2022, 2023]),
      wine("Vouvray Le Mont Demi-Sec", "white", "chenin blanc", 5800, [2020, 2022]),
      wine("Vouvray Clos du Bourg Moelleux", "sweet", "chenin blanc", 7900, [2018, 2020]),
      wine("Vouvray Pétillant", "sparkling", "chenin blanc", 4600, [2018]),
    ],
  },
  {
    name: "Domaine Tissot", regions: ["jura"], imageColor: "#b07a2a", attrs: ["biodynamic", "family-estate"],
    fr: "Domaine d'Arbois mené par Stéphane Tissot, qui décline les cépages jurassiens parcelle par parcelle.",
    en: "Arbois estate led by Stéphane Tissot, bottling the Jura's grapes plot by plot.",
    cuvees: [
      drink("VIN", "Crémant du Jura Indigène", "sparkling", "chardonnay, pinot noir, poulsard, trousseau", 3600),
      wine("Arbois Poulsard Vieilles Vignes", "red", "poulsard", 3900, [2022]),
      wine("Arbois Savagnin", "white", "savagnin", 5200, [2019, 2020]),
      wine("Arbois Vin Jaune", "white", "savagnin", 9000, [2016], { volume: 620, noteFr: "Vieilli plus de six ans sous voile, en clavelin de 62 cl.", noteEn: "Aged over six years under a veil of yeast, in the 62 cl clavelin bottle." }),
    ],
  },
  {
    name: "Domaine Ostertag", regions: ["alsace"], imageColor: "#4d7c4a", attrs: ["biodynamic", "family-estate"],
    fr: "Domaine familial d'Epfig, en biodynamie, qui classe ses vins par terroir plutôt que par cépage.",
    en: "Family estate in Epfig, biodynamic, classifying its wines by site rather than by grape.",
    cuvees: [
      wine("Sylvaner Vieilles Vignes", "white", "sylvaner", 2800, [2022, 2023, 2024]),
      wine("Riesling Vignoble d'E", "white", "riesling", 3500, [2021, 2022]),
      wine("Pinot Gris Barriques", "white", "pinot gris", 4300, [2021]),
    ],
  },
  {
    name: "Larmandier-Bernier", regions: ["champagne"], imageColor: "#e1cf8f", attrs: ["biodynamic", "family-estate"],
    fr: "Champagnes de vignerons de Vertus, sur la Côte des Blancs, issus de vignes en biodynamie.",
    en: "Grower Champagnes from Vertus on the Côte des Blancs, from biodynamically farmed vines.",
    cuvees: [
      drink("VIN", "Champagne Latitude Extra Brut", "sparkling", "chardonnay", 7600),
      drink("VIN", "Champagne Longitude Premier Cru", "sparkling", "chardonnay", 8600),
      drink("VIN", "Champagne Rosé de Saignée Premier Cru", "rose", "pinot noir", 9000),
    ],
  },
  {
    name: "Alice et Olivier De Moor", regions: ["bourgogne"], imageColor: "#9fb7a5", attrs: ["organic", "natural", "family-estate"],
    fr: "Couple de vignerons de Courgis, près de Chablis, travaillant en bio depuis leurs débuts.",
    en: "Husband-and-wife growers in Courgis near Chablis, organic since they started.",
    cuvees: [
      wine("Chablis Bel Air et Clardy", "white", "chardonnay", 5200, [2021, 2022]),
      wine("Chablis Rosette", "white", "chardonnay", 4800, [2022]),
      wine("Bourgogne Aligoté Plantation 1902", "white", "aligoté", 3900, [2022]),
    ],
  },
  {
    name: "Domaine Gauby", regions: ["roussillon"], imageColor: "#b5543c", attrs: ["biodynamic", "family-estate"],
    fr: "Domaine de Calce, sur les calcaires et schistes des Pyrénées-Orientales, en biodynamie.",
    en: "Estate in Calce, on the limestone and schist of the Pyrénées-Orientales, farmed biodynamically.",
    cuvees: [
      wine("Les Calcinaires Blanc", "white", "muscat, macabeu, chardonnay", 3600, [2022]),
      wine("Les Calcinaires Rouge", "red", "syrah, grenache, mourvèdre", 3600, [2021, 2022]),
      wine("Vieilles Vignes Rouge", "red", "grenache, carignan", 6800, [2020]),
    ],
  },
  {
    name: "Domaine Belluard", regions: ["savoie"], imageColor: "#6f8fb0", attrs: ["biodynamic", "family-estate"],
    fr: "Domaine d'Ayse, en Haute-Savoie, consacré au gringet, un cépage rare de la vallée de l'Arve.",
    en: "Ayse estate in Haute-Savoie devoted to gringet, a rare grape of the Arve valley.",
    cuvees: [
      wine("Les Alpes", "white", "gringet", 4200, [2021, 2022]),
      drink("VIN", "Mont-Blanc Brut Zéro", "sparkling", "gringet", 4800),
    ],
  },
  {
    name: "Domaine Léon Barral", regions: ["languedoc"], imageColor: "#6a2c3e", attrs: ["biodynamic", "natural", "family-estate"],
    fr: "Domaine de Lenthéric, en Faugères, sur schistes, où la vigne partage l'espace avec un troupeau.",
    en: "Lenthéric estate in Faugères, on schist, where the vines share the land with a herd.",
    cuvees: [
      wine("Faugères", "red", "carignan, grenache, cinsault", 4200, [2019, 2020]),
      wine("Faugères Valinière", "red", "mourvèdre, syrah", 6500, [2018]),
      wine("Pays d'Hérault Blanc", "white", "terret blanc, terret gris, roussanne", 5200, [2020]),
    ],
  },
  {
    name: "Château Le Puy", regions: ["bordeaux"], imageColor: "#8b2332", attrs: ["biodynamic", "family-estate"],
    fr: "Propriété familiale des côtes de Francs, sur le même plateau que Saint-Émilion, en biodynamie.",
    en: "Family property in the Francs hills, on the same plateau as Saint-Émilion, farmed biodynamically.",
    cuvees: [
      wine("Duc des Nauves", "red", "merlot, cabernet sauvignon", 2900, [2020, 2021]),
      wine("Emilien", "red", "merlot, cabernet sauvignon, carmenère", 5200, [2019, 2020], { magnum: [2019] }),
      wine("Marie-Cécile", "white", "sémillon", 6400, [2020]),
    ],
  },
  {
    name: "Château de Laubade", regions: ["gascogne"], imageColor: "#9b6a2f", attrs: ["family-estate"],
    fr: "Maison familiale du Bas-Armagnac qui distille ses propres vins.",
    en: "Family house in Bas-Armagnac distilling its own wines.",
    cuvees: [
      drink("SPIRITUEUX", "Bas-Armagnac VSOP", null, null, 5900),
      drink("SPIRITUEUX", "Bas-Armagnac XO", null, null, 8400),
    ],
  },
  {
    name: "Eric Bordelet", regions: ["normandie"], imageColor: "#c98a2e", attrs: ["biodynamic"],
    fr: "Ancien sommelier devenu producteur de cidres et de poirés au Château de Hauteville, dans le Domfrontais.",
    en: "Former sommelier making ciders and perries at Château de Hauteville in the Domfrontais.",
    cuvees: [
      drink("CIDRE", "Poiré Authentique", "sparkling", "poires", 2400, { nameEn: "Poiré Authentique (perry)", kind: ["Poiré mousseux", "Sparkling perry"] }),
      drink("CIDRE", "Sidre Argelette", "sparkling", "pommes", 3200),
      drink("CIDRE", "Poiré Granit", "sparkling", "poires", 3400, { nameEn: "Poiré Granit (perry)", kind: ["Poiré mousseux", "Sparkling perry"] }),
      drink("CIDRE", "Sidre Brut Tendre", "sparkling", "pommes", 2300),
    ],
  },
  {
    name: "Roger Groult", regions: ["normandie"], imageColor: "#7a4a1e", attrs: ["family-estate"],
    fr: "Maison familiale de calvados du Pays d'Auge, distillé à l'alambic à repasse.",
    en: "Family calvados house in the Pays d'Auge, double-distilled in pot stills.",
    cuvees: [
      drink("SPIRITUEUX", "Calvados Pays d'Auge 3 ans", null, null, 5400, { nameEn: "Calvados Pays d'Auge 3 Years" }),
      drink("SPIRITUEUX", "Calvados Pays d'Auge Réserve Vieille", null, null, 7200, { nameEn: "Calvados Pays d'Auge Old Reserve" }),
    ],
  },
  {
    name: "Dolin", regions: ["savoie"], imageColor: null, attrs: ["family-estate"],
    fr: "Maison de Chambéry qui élabore des vermouths depuis le XIXe siècle.",
    en: "Chambéry house making vermouth since the nineteenth century.",
    cuvees: [
      drink("APERITIF", "Vermouth de Chambéry Blanc", "white", null, 1950),
      drink("APERITIF", "Vermouth de Chambéry Rouge", "red", null, 1950),
      drink("APERITIF", "Vermouth de Chambéry Dry", "white", null, 1950),
    ],
  },
  {
    name: "La Belle-Iloise", regions: ["bretagne"], imageColor: "#1f4e79", attrs: [],
    fr: "Conserverie de Quiberon qui met en boîte sardines, thons et maquereaux.",
    en: "Quiberon cannery packing sardines, tuna and mackerel.",
    cuvees: [
      item("FOODS", "Sardines à l'huile d'olive vierge extra (115 g)", "Sardines in extra virgin olive oil (115 g)", 695, { zeroRated: true }),
      item("FOODS", "Thon germon au naturel (160 g)", "Albacore tuna in brine (160 g)", 895, { zeroRated: true }),
      item("FOODS", "Rillettes de sardines (60 g)", "Sardine rillettes (60 g)", 795, { zeroRated: true }),
    ],
  },
  {
    name: "Laguiole en Aubrac", regions: ["aveyron"], imageColor: null, attrs: [],
    fr: "Coutellerie du village de Laguiole, sur le plateau de l'Aubrac.",
    en: "Cutler in the village of Laguiole, on the Aubrac plateau.",
    cuvees: [
      item("GOODS", "Tire-bouchon Laguiole", "Laguiole corkscrew", 5900),
      item("GOODS", "Couteau à fromage Laguiole", "Laguiole cheese knife", 4900),
    ],
  },
  // ----- Italy -----
  {
    name: "La Stoppa", regions: ["emilia-romagna"], imageColor: "#7d3b2a", attrs: ["organic", "natural", "family-estate"],
    fr: "Domaine des collines de Piacenza mené par Elena Pantaleoni, aux vins de longue garde.",
    en: "Estate in the Piacenza hills led by Elena Pantaleoni, releasing wines with long ageing.",
    cuvees: [
      nat("Ageno", "orange", "malvasia di Candia aromatica, ortrugo, trebbiano", 4900, [2018, 2019]),
      wine("Trebbiolo Rosso", "red", "barbera, bonarda", 2600, [2021, 2022]),
      wine("Macchiona", "red", "barbera, bonarda", 4600, [2015, 2016]),
    ],
  },
  {
    name: "COS", regions: ["sicilia"], imageColor: "#a33b2c", attrs: ["biodynamic", "natural"],
    fr: "Domaine de Vittoria, dans le sud-est de la Sicile, qui vinifie une partie de ses vins en amphores.",
    en: "Vittoria estate in south-eastern Sicily that ferments part of its wines in amphorae.",
    cuvees: [
      wine("Pithos Rosso", "red", "frappato, nero d'Avola", 4700, [2021]),
      wine("Cerasuolo di Vittoria Classico", "red", "frappato, nero d'Avola", 4200, [2019, 2020]),
      wine("Frappato", "red", "frappato", 3600, [2022, 2023]),
      nat("Rami", "orange", "insolia, grecanico", 3500, [2022]),
      nat("Pithos Bianco", "orange", "grecanico", 4700, [2021]),
    ],
  },
  {
    name: "Arianna Occhipinti", regions: ["sicilia"], imageColor: "#c44536", attrs: ["organic", "natural"],
    fr: "Vigneronne de Vittoria dont les frappatos ont fait connaître la région.",
    en: "Vittoria grower whose frappatos helped put the area on the map.",
    cuvees: [
      wine("SP68 Rosso", "red", "frappato, nero d'Avola", 3400, [2022, 2023, 2024]),
      wine("SP68 Bianco", "white", "moscato, albanello", 3400, [2023]),
      wine("Il Frappato", "red", "frappato", 5900, [2021, 2022]),
    ],
  },
  {
    name: "Frank Cornelissen", regions: ["sicilia"], imageColor: "#3c2a4d", attrs: ["natural"],
    fr: "Vigneron installé sur le versant nord de l'Etna, aux vins sans intrants.",
    en: "Grower on the northern slope of Etna, making wines without additions.",
    cuvees: [
      nat("Susucaru Rosato", "rose", "nerello mascalese, malvasia", 3600, [2022, 2023]),
      nat("Contadino", "red", "nerello mascalese", 3900, [2021, 2022]),
      wine("Munjebel Rosso", "red", "nerello mascalese", 6900, [2020, 2021]),
    ],
  },
  {
    name: "Radikon", regions: ["friuli-venezia-giulia"], imageColor: "#b86b25", attrs: ["organic", "natural", "family-estate"],
    fr: "Domaine d'Oslavia, à la frontière slovène, pionnier des longues macérations de raisins blancs.",
    en: "Oslavia estate on the Slovenian border, a pioneer of long skin contact for white grapes.",
    cuvees: [
      nat("Ribolla Gialla", "orange", "ribolla gialla", 8200, [2017, 2018], { volume: 500 }),
      nat("Oslavje", "orange", "chardonnay, sauvignon, pinot grigio", 8600, [2017], { volume: 500 }),
      nat("Slatnik", "orange", "chardonnay, friulano", 4600, [2021, 2022]),
      nat("Sivi", "orange", "pinot grigio", 4800, [2021]),
    ],
  },
  {
    name: "G.D. Vajra", regions: ["piemonte"], imageColor: "#9c2d41", attrs: ["organic", "family-estate"],
    fr: "Domaine familial de Barolo, dans les Langhe, aux vignes parmi les plus hautes de l'appellation.",
    en: "Family estate in Barolo, in the Langhe, with some of the appellation's highest vineyards.",
    cuvees: [
      wine("Langhe Nebbiolo", "red", "nebbiolo", 3300, [2021, 2022]),
      wine("Dolcetto d'Alba", "red", "dolcetto", 2600, [2022]),
      wine("Barolo Albe", "red", "nebbiolo", 6200, [2018, 2019, 2020], { magnum: [2019] }),
      wine("Langhe Riesling", "white", "riesling", 3900, [2022]),
    ],
  },
  {
    name: "Giulio Cocchi", regions: ["piemonte"], imageColor: "#8a1c1c", attrs: [],
    fr: "Maison d'Asti qui produit l'Americano et le vermouth de Turin depuis la fin du XIXe siècle.",
    en: "Asti house producing Americano and Vermouth di Torino since the late nineteenth century.",
    cuvees: [
      drink("APERITIF", "Americano Bianco", "white", null, 2300),
      drink("APERITIF", "Storico Vermouth di Torino", "red", null, 2800),
      drink("APERITIF", "Americano Rosa", "rose", null, 2300),
    ],
  },
  {
    name: "Montevertine", regions: ["toscana"], imageColor: "#7e1f2b", attrs: ["family-estate"],
    fr: "Domaine de Radda in Chianti, consacré au sangiovese, qui a quitté l'appellation dans les années 1980.",
    en: "Radda in Chianti estate devoted to sangiovese, which left the appellation in the 1980s.",
    cuvees: [
      wine("Pian del Ciampolo", "red", "sangiovese, canaiolo", 4200, [2021, 2022]),
      wine("Montevertine", "red", "sangiovese, canaiolo, colorino", 8800, [2019, 2020]),
    ],
  },
  {
    name: "Nonino", regions: ["friuli-venezia-giulia"], imageColor: "#c68a2e", attrs: ["family-estate"],
    fr: "Distillerie familiale du Frioul, spécialiste de la grappa de monocépage.",
    en: "Family distillery in Friuli, known for single-grape grappa.",
    cuvees: [
      drink("APERITIF", "Amaro Nonino Quintessentia", null, null, 5400),
      drink("SPIRITUEUX", "Grappa Il Moscato", null, null, 6900),
    ],
  },
  {
    name: "Cappelletti", regions: ["trentino-alto-adige"], imageColor: null, attrs: ["family-estate"],
    fr: "Maison familiale du Trentin qui élabore un apéritif amer à base de vin.",
    en: "Family house in Trentino making a wine-based bitter aperitif.",
    cuvees: [drink("APERITIF", "Aperitivo Cappelletti", "red", null, 2200)],
  },
  {
    name: "Frantoio Muraglia", regions: ["puglia"], imageColor: "#5b7f2b", attrs: ["family-estate"],
    fr: "Moulin familial d'Andria, dans les Pouilles, qui presse les olives de ses propres oliveraies.",
    en: "Family olive mill in Andria, Apulia, pressing olives from its own groves.",
    cuvees: [
      item("FOODS", "Huile d'olive vierge extra Coratina", "Coratina extra virgin olive oil", 3200, { volume: 500, zeroRated: true }),
      item("FOODS", "Huile d'olive vierge extra Peranzana", "Peranzana extra virgin olive oil", 2900, { volume: 500, zeroRated: true }),
    ],
  },
  // ----- Spain -----
  {
    name: "Envínate", regions: ["canarias", "galicia"], imageColor: "#2e6e8e", attrs: ["organic", "natural"],
    fr: "Quatre amis œnologues qui vinifient des vignes atlantiques, de Tenerife à la Ribeira Sacra.",
    en: "Four winemaker friends working Atlantic vineyards, from Tenerife to Ribeira Sacra.",
    cuvees: [
      wine("Táganan Blanco", "white", "listán blanco, marmajuelo", 4900, [2021, 2022]),
      wine("Benje Tinto", "red", "listán prieto", 3600, [2022]),
      wine("Benje Blanco", "white", "listán blanco", 3600, [2022, 2023]),
      wine("Lousas Viñas de Aldea", "red", "mencía", 4400, [2021, 2022], { region: "galicia" }),
    ],
  },
  {
    name: "Bodegas Ponce", regions: ["manchuela"], imageColor: "#6b2740", attrs: ["organic", "family-estate"],
    fr: "Domaine de Juan Antonio Ponce dans la Manchuela, consacré au bobal de vieilles vignes.",
    en: "Juan Antonio Ponce's estate in Manchuela, devoted to old-vine bobal.",
    cuvees: [
      wine("Clos Lojen", "red", "bobal", 2300, [2022, 2023]),
      wine("Reto", "white", "albilla", 2800, [2022]),
      wine("P.F.", "red", "bobal", 4300, [2021]),
      wine("Buena Pinta", "red", "moravia agria, garnacha", 2500, [2022]),
    ],
  },
  {
    name: "Recaredo", regions: ["catalunya"], imageColor: "#b89b5e", attrs: ["biodynamic", "family-estate"],
    fr: "Maison familiale de Sant Sadurní d'Anoia, en biodynamie, dont les effervescents sont tous brut nature.",
    en: "Family house in Sant Sadurní d'Anoia, biodynamic, whose sparkling wines are all brut nature.",
    cuvees: [
      wine("Terrers Brut Nature", "sparkling", "xarel·lo, macabeu, parellada", 4600, [2019, 2020]),
      wine("Intens Rosat Brut Nature", "rose", "monastrell, garnatxa, pinot noir", 4200, [2019]),
    ],
  },
  {
    name: "Conservas Ortiz", regions: ["pais-vasco"], imageColor: null, attrs: ["family-estate"],
    fr: "Conserverie familiale basque réputée pour ses anchois et son thon bonite du Nord.",
    en: "Family Basque cannery known for its anchovies and bonito del Norte tuna.",
    cuvees: [
      item("FOODS", "Filets d'anchois à l'huile d'olive (47,5 g)", "Anchovy fillets in olive oil (47.5 g)", 1295, { zeroRated: true }),
      item("FOODS", "Thon bonite du Nord à l'huile d'olive (112 g)", "Bonito del Norte tuna in olive oil (112 g)", 995, { zeroRated: true }),
    ],
  },
  // ----- Portugal -----
  {
    name: "Niepoort", regions: ["douro"], imageColor: "#24475e", attrs: ["family-estate"],
    fr: "Maison familiale de Porto et de vins du Douro, fondée en 1842.",
    en: "Family house of Port and Douro wines, founded in 1842.",
    cuvees: [
      wine("Redoma Tinto", "red", "touriga franca, tinta roriz", 4500, [2020, 2021]),
      wine("Redoma Branco", "white", "rabigato, códega, viosinho", 4400, [2021, 2022]),
      wine("Dialogo Tinto", "red", "touriga franca, tinta roriz", 2200, [2022, 2023]),
      drink("VIN", "Porto Tawny 10 ans", "sweet", "cépages du Douro", 4900, { nameEn: "10 Year Old Tawny Port" }),
      nat("Nat'Cool Tinto", "red", "baga", 2400, [2023], { volume: 1000, region: "douro" }),
    ],
  },
  {
    name: "Quinta do Infantado", regions: ["douro"], imageColor: null, attrs: ["organic", "family-estate"],
    fr: "Quinta familiale de Pinhão, parmi les premières à mettre son porto en bouteille à la propriété.",
    en: "Family quinta in Pinhão, among the first to bottle its Port at the estate.",
    cuvees: [
      wine("Douro Tinto", "red", "touriga nacional, tinta roriz", 2600, [2020, 2021]),
      drink("VIN", "Porto Ruby Reserva", "sweet", "cépages du Douro", 2800, { nameEn: "Ruby Reserve Port" }),
      drink("VIN", "Porto Tawny 10 anos", "sweet", "cépages du Douro", 4600, { nameEn: "10 Year Old Tawny Port" }),
    ],
  },
  {
    name: "Aphros", regions: ["vinho-verde"], imageColor: "#5f8f6e", attrs: ["biodynamic", "family-estate"],
    fr: "Domaine de la vallée du Lima, dans la région du Vinho Verde, en biodynamie.",
    en: "Lima valley estate in the Vinho Verde region, farmed biodynamically.",
    cuvees: [
      wine("Aphros Loureiro", "white", "loureiro", 2400, [2022, 2023]),
      wine("Aphros Vinhão", "red", "vinhão", 2400, [2022]),
    ],
  },
  // ----- Austria -----
  {
    name: "Gut Oggau", regions: ["burgenland"], imageColor: "#d3a6a1", attrs: ["biodynamic", "natural", "family-estate"],
    fr: "Domaine de la famille Tscheppe-Eselböck près du lac de Neusiedl, dont chaque cuvée porte un portrait.",
    en: "The Tscheppe-Eselböck family's estate by Lake Neusiedl, each cuvée labelled with a portrait.",
    cuvees: [
      nat("Theodora", "white", "grüner veltliner, welschriesling", 4400, [2022, 2023]),
      nat("Atanasius", "red", "zweigelt, blaufränkisch", 4400, [2021, 2022]),
      nat("Winifred", "rose", "blaufränkisch, zweigelt", 4400, [2022]),
      wine("Josephine", "red", "blaufränkisch, roesler", 6200, [2019]),
    ],
  },
  {
    name: "Meinklang", regions: ["burgenland"], imageColor: "#7aa35b", attrs: ["biodynamic", "organic", "family-estate"],
    fr: "Ferme biodynamique de la famille Michlits, où vignes, céréales et bétail cohabitent.",
    en: "The Michlits family's biodynamic farm, where vines, grain and cattle share the land.",
    cuvees: [
      nat("Prosa Frizzante Rosé", "rose", "pinot noir, blaufränkisch", 2300, [2023]),
      nat("Graupert Pinot Gris", "orange", "pinot gris", 3200, [2021, 2022]),
      wine("Burgenland Red", "red", "zweigelt, blaufränkisch, st. laurent", 2200, [2022]),
      wine("Weissburgunder", "white", "pinot blanc", 2400, [2023]),
    ],
  },
  {
    name: "Zalto", regions: ["niederosterreich"], imageColor: null, attrs: [],
    fr: "Verres soufflés bouche en Basse-Autriche, d'une grande légèreté.",
    en: "Mouth-blown glasses from Lower Austria, remarkably light.",
    cuvees: [
      item("GOODS", "Verre Zalto Universel", "Zalto Universal glass", 5900),
      item("GOODS", "Verre Zalto Bourgogne", "Zalto Burgundy glass", 5950),
    ],
  },
  // ----- Germany -----
  {
    name: "Weingut Brand", regions: ["pfalz"], imageColor: "#e0b84c", attrs: ["organic", "natural", "family-estate"],
    fr: "Domaine des frères Brand à Bockenheim, au nord du Palatinat, en bio.",
    en: "The Brand brothers' organic estate in Bockenheim, in the northern Pfalz.",
    cuvees: [
      nat("Pur Weiss", "white", "silvaner, müller-thurgau", 2400, [2022, 2023]),
      wine("Riesling Trocken", "white", "riesling", 2700, [2022, 2023]),
      nat("Pét-Nat Rosé", "sparkling", "pinot noir", 2800, [2023, 2024]),
    ],
  },
  {
    name: "Keller", regions: ["rheinhessen"], imageColor: "#5a6b8c", attrs: ["family-estate"],
    fr: "Domaine familial de Flörsheim-Dalsheim, en Hesse rhénane, aux rieslings secs de calcaire.",
    en: "Family estate in Flörsheim-Dalsheim, Rheinhessen, known for dry Riesling from limestone.",
    cuvees: [
      wine("Riesling Trocken", "white", "riesling", 3900, [2022, 2023, 2024]),
      wine("Riesling von der Fels", "white", "riesling", 7400, [2020, 2021, 2022]),
      wine("Grüner Silvaner Trocken", "white", "silvaner", 3500, [2022]),
    ],
  },
  {
    name: "Clemens Busch", regions: ["mosel"], imageColor: null, attrs: ["biodynamic", "family-estate"],
    fr: "Domaine familial de Pünderich, sur les schistes de la Moselle, en biodynamie.",
    en: "Family estate in Pünderich on the Mosel's slate, farmed biodynamically.",
    cuvees: [
      wine("Riesling Trocken vom grauen Schiefer", "white", "riesling", 3700, [2021, 2022]),
      wine("Pündericher Marienburg Riesling", "white", "riesling", 6400, [2020]),
      wine("Riesling Kabinett", "white", "riesling", 3400, [2022]),
    ],
  },
  // ----- Belgium, Greece, Georgia -----
  {
    name: "Brasserie Cantillon", regions: ["bruxelles"], imageColor: "#b1332f", attrs: ["organic", "family-estate"],
    fr: "Brasserie familiale d'Anderlecht qui produit des lambics de fermentation spontanée.",
    en: "Family brewery in Anderlecht producing spontaneously fermented lambics.",
    cuvees: [
      drink("BIERE", "Gueuze 100 % Lambic Bio", null, null, 1500, { volume: 375 }),
      drink("BIERE", "Kriek 100 % Lambic Bio", null, null, 1700, { volume: 375 }),
      drink("BIERE", "Rosé de Gambrinus", null, null, 1800, { volume: 375 }),
    ],
  },
  {
    name: "Domaine Sigalas", regions: ["santorini"], imageColor: "#2a7ab0", attrs: ["family-estate"],
    fr: "Domaine d'Oia, sur l'île de Santorin, qui travaille l'assyrtiko sur sols volcaniques.",
    en: "Oia estate on Santorini working assyrtiko on volcanic soils.",
    cuvees: [
      wine("Santorini Assyrtiko", "white", "assyrtiko", 4200, [2022, 2023]),
      wine("Mavrotragano", "red", "mavrotragano", 7200, [2020]),
      wine("Vinsanto", "sweet", "assyrtiko, aidani", 6200, [2012], { volume: 375 }),
    ],
  },
  {
    name: "Pheasant's Tears", regions: ["kakheti"], imageColor: "#a5652a", attrs: ["organic", "natural"],
    fr: "Domaine de Sighnaghi qui vinifie les cépages géorgiens en qvevris enterrés.",
    en: "Sighnaghi estate fermenting Georgian grapes in buried qvevri.",
    cuvees: [
      nat("Rkatsiteli", "orange", "rkatsiteli", 2900, [2021, 2022]),
      nat("Kisi", "orange", "kisi", 3300, [2022]),
      wine("Saperavi", "red", "saperavi", 2900, [2020, 2021]),
    ],
  },
  // ----- Canada: Quebec -----
  {
    name: "Domaine du Nival", regions: ["monteregie"], imageColor: "#9e3550", attrs: ["organic", "family-estate"],
    fr: "Petit domaine de Saint-Louis, en Montérégie, qui vinifie des cépages rustiques sans intrants.",
    en: "Small estate in Saint-Louis, Montérégie, making low-intervention wines from cold-hardy grapes.",
    cuvees: [
      wine("Le Blanc", "white", HYBRIDS, 2700, [2022, 2023], { nameEn: "Le Blanc (white)" }),
      wine("Le Rouge", "red", HYBRIDS, 2900, [2022, 2023], { nameEn: "Le Rouge (red)" }),
      wine("Rosé", "rose", HYBRIDS, 2600, [2023, 2024]),
      nat("Pétillant naturel", "sparkling", HYBRIDS, 3100, [2023], { nameEn: "Pétillant naturel (pet nat)" }),
    ],
  },
  {
    name: "Les Pervenches", regions: ["cantons-de-l-est"], imageColor: null, attrs: ["organic", "family-estate"],
    fr: "Domaine de Farnham, aux portes des Cantons-de-l'Est, cultivé en bio et en biodynamie.",
    en: "Farnham estate at the edge of the Eastern Townships, farmed organically and biodynamically.",
    cuvees: [
      wine("Seyval-Chardonnay", "white", "seyval blanc, chardonnay", 2600, [2022, 2023]),
      wine("Le Couchant", "red", "zweigelt, frontenac", 3200, [2022]),
      wine("Chardonnay", "white", "chardonnay", 3800, [2022]),
    ],
  },
  {
    name: "Vignoble de l'Orpailleur", regions: ["cantons-de-l-est"], imageColor: "#c7a447", attrs: ["family-estate"],
    fr: "Vignoble de Dunham fondé en 1982, parmi les premiers domaines viticoles commerciaux du Québec.",
    en: "Dunham vineyard founded in 1982, among Quebec's first commercial wineries.",
    cuvees: [
      wine("L'Orpailleur Blanc", "white", "seyval blanc", 1800, [2023]),
      wine("L'Orpailleur Rosé", "rose", HYBRIDS, 1900, [2023]),
      drink("VIN", "L'Orpailleur Brut", "sparkling", "seyval blanc", 2800),
      wine("Vin de glace", "sweet", "vidal", 5500, [2021], { volume: 375, nameEn: "Ice wine" }),
    ],
  },
  {
    name: "Domaine Pinnacle", regions: ["cantons-de-l-est"], imageColor: "#a4262c", attrs: ["family-estate"],
    fr: "Verger de Frelighsburg, au pied du mont Pinacle, réputé pour son cidre de glace.",
    en: "Frelighsburg orchard at the foot of Mount Pinacle, known for its ice cider.",
    cuvees: [
      drink("CIDRE", "Cidre de glace", "sweet", "pommes", 2600, { volume: 375, nameEn: "Ice cider" }),
      drink("CIDRE", "Cidre de glace pétillant", "sparkling", "pommes", 3100, { volume: 375, nameEn: "Sparkling ice cider" }),
      drink("CIDRE", "Cidre de glace Réserve", "sweet", "pommes", 4200, { volume: 375, nameEn: "Reserve ice cider" }),
    ],
  },
  {
    name: "Ungava Spirits", regions: ["cantons-de-l-est"], imageColor: "#e6c229", attrs: [],
    fr: "Distillerie de Cowansville qui parfume son gin de plantes nordiques.",
    en: "Cowansville distillery flavouring its gin with northern botanicals.",
    cuvees: [
      drink("SPIRITUEUX", "Gin Ungava", null, null, 3600, { volume: 750, nameEn: "Ungava Gin" }),
      drink("SPIRITUEUX", "Rhum épicé Chic Choc", null, null, 3300, { volume: 750, nameEn: "Chic Choc Spiced Rum" }),
    ],
  },
  {
    name: "Cidrerie Michel Jodoin", regions: ["monteregie"], imageColor: "#b8323a", attrs: ["family-estate"],
    fr: "Cidrerie familiale de Rougemont qui distille aussi ses pommes.",
    en: "Family cidery in Rougemont that also distils its apples.",
    cuvees: [
      drink("CIDRE", "Cidre mousseux rosé", "rose", "pommes", 2200, { nameEn: "Sparkling rosé cider" }),
      drink("CIDRE", "Cidre léger mousseux", "sparkling", "pommes", 1400, { nameEn: "Light sparkling cider" }),
      drink("SPIRITUEUX", "Calijo", null, null, 4500, { volume: 750, nameEn: "Calijo (apple brandy)" }),
    ],
  },
  {
    name: "Cirka", regions: ["quebec"], imageColor: "#1c3f5e", attrs: [],
    fr: "Microdistillerie montréalaise qui distille ses spiritueux à partir de grains du Québec.",
    en: "Montreal microdistillery distilling its spirits from Quebec grain.",
    cuvees: [
      drink("SPIRITUEUX", "Gin Sauvage", null, null, 4900, { volume: 750 }),
      drink("SPIRITUEUX", "Vodka Terroir", null, null, 4400, { volume: 750 }),
    ],
  },
  {
    name: "Distillerie du St. Laurent", regions: ["bas-saint-laurent"], imageColor: null, attrs: [],
    fr: "Distillerie de Rimouski dont le gin met à l'honneur les algues du fleuve.",
    en: "Rimouski distillery whose gin features seaweed from the St. Lawrence.",
    cuvees: [drink("SPIRITUEUX", "Gin St. Laurent", null, null, 4300, { volume: 750 })],
  },
  {
    name: "Dieu du Ciel!", regions: ["quebec"], imageColor: "#2b2b4f", attrs: [],
    fr: "Brasserie artisanale née en 1998 dans un pub du Mile End, à Montréal.",
    en: "Craft brewery born in 1998 in a Mile End brewpub in Montreal.",
    cuvees: [
      drink("BIERE", "Péché Mortel", null, null, 480, { noteFr: "Stout impérial au café.", noteEn: "Imperial coffee stout." }),
      drink("BIERE", "Corne du Diable", null, null, 395, { noteFr: "India pale ale.", noteEn: "India pale ale." }),
      drink("BIERE", "Aphrodisiaque", null, null, 420, { noteFr: "Stout au cacao et à la vanille.", noteEn: "Stout with cocoa and vanilla." }),
      drink("BIERE", "Rigor Mortis Abt", null, null, 450, { noteFr: "Ale forte d'inspiration belge.", noteEn: "Belgian-style strong ale." }),
      drink("BIERE", "Disco Soleil", null, null, 430, { noteFr: "IPA au kumquat.", noteEn: "IPA with kumquat." }),
      drink("BIERE", "Moralité", null, null, 420, { noteFr: "IPA américaine.", noteEn: "American IPA." }),
    ],
  },
  {
    name: "Microbrasserie Le Castor", regions: ["monteregie"], imageColor: "#6e4a2f", attrs: ["organic"],
    fr: "Microbrasserie de Rigaud qui brasse exclusivement des bières biologiques.",
    en: "Rigaud microbrewery brewing only organic beers.",
    cuvees: [
      drink("BIERE", "Yakima IPA", null, null, 450, { volume: 473 }),
      drink("BIERE", "Blonde biologique", null, null, 395, { volume: 473, nameEn: "Organic blonde ale" }),
    ],
  },
  {
    name: "Rise Kombucha", regions: ["quebec"], imageColor: "#f08a4b", attrs: ["organic"],
    fr: "Kombucha biologique fermenté à Montréal.",
    en: "Organic kombucha fermented in Montreal.",
    cuvees: [
      item("BOISSON", "Kombucha gingembre", "Ginger kombucha", 525, { volume: 414 }),
      item("BOISSON", "Kombucha original", "Original kombucha", 525, { volume: 414 }),
      item("BOISSON", "Kombucha fleur de sureau", "Elderflower kombucha", 525, { volume: 414 }),
    ],
  },
  {
    name: "Loop Mission", regions: ["quebec"], imageColor: null, attrs: [],
    fr: "Entreprise montréalaise qui presse à froid des fruits et légumes invendus.",
    en: "Montreal company cold-pressing unsold fruit and vegetables.",
    cuvees: [
      item("BOISSON", "Jus pressé à froid pomme et gingembre", "Cold-pressed apple and ginger juice", 650, { volume: 354 }),
      item("BOISSON", "Jus pressé à froid orange et carotte", "Cold-pressed orange and carrot juice", 650, { volume: 354 }),
    ],
  },
  {
    name: "Le Canard Goulu", regions: ["quebec"], imageColor: "#7b4b2a", attrs: ["family-estate"],
    fr: "Ferme d'élevage de canards de Saint-Apollinaire, près de Québec.",
    en: "Duck farm in Saint-Apollinaire, near Quebec City.",
    cuvees: [
      item("FOODS", "Rillettes de canard (200 g)", "Duck rillettes (200 g)", 1195, { zeroRated: true }),
      item("FOODS", "Terrine de canard au poivre (200 g)", "Peppered duck terrine (200 g)", 1295, { zeroRated: true }),
      item("FOODS", "Mousse de foie de canard au porto (125 g)", "Duck liver mousse with port (125 g)", 1095, { zeroRated: true }),
    ],
  },
  {
    name: "Maison Orphée", regions: ["quebec"], imageColor: "#9a8c3b", attrs: ["organic"],
    fr: "Huilerie et vinaigrerie biologique de Québec.",
    en: "Organic oil and vinegar maker in Quebec City.",
    cuvees: [
      item("FOODS", "Moutarde à l'ancienne biologique (200 ml)", "Organic whole-grain mustard (200 ml)", 695, { zeroRated: true }),
      item("FOODS", "Vinaigre de cidre biologique", "Organic cider vinegar", 595, { volume: 500, zeroRated: true }),
      item("FOODS", "Huile de tournesol biologique", "Organic sunflower oil", 895, { volume: 500, zeroRated: true }),
    ],
  },
  {
    name: "Chocolats Geneviève Grandbois", regions: ["quebec"], imageColor: "#5a2e1e", attrs: [],
    fr: "Chocolatière montréalaise travaillant le cacao de plantations choisies.",
    en: "Montreal chocolatier working cocoa from selected plantations.",
    cuvees: [
      // Confectionery is taxable in Canada: not zero-rated.
      item("FOODS", "Tablette de chocolat noir 70 % (60 g)", "70% dark chocolate bar (60 g)", 895),
      item("FOODS", "Caramels au beurre salé (150 g)", "Salted butter caramels (150 g)", 1495),
    ],
  },
  {
    name: "Cuvée", regions: ["quebec"], imageColor: null, attrs: [],
    fr: "Nos objets maison et quelques produits d'épicerie choisis pour l'apéro.",
    en: "Our own merchandise and a few pantry items chosen for the apéro.",
    cuvees: [
      item("GOODS", "Sac fourre-tout Cuvée", "Cuvée tote bag", 2500),
      item("GOODS", "T-shirt Cuvée", "Cuvée T-shirt", 3500),
      item("GOODS", "Tire-bouchon de sommelier", "Waiter's corkscrew", 1800),
      item("GOODS", "Carafe à décanter", "Wine decanter", 5500),
      item("FOODS", "Craquelins au romarin (150 g)", "Rosemary crackers (150 g)", 695, { zeroRated: true }),
      item("FOODS", "Olives de Castelvetrano (250 g)", "Castelvetrano olives (250 g)", 995, { zeroRated: true }),
    ],
  },
  {
    name: "Covered Bridge", regions: ["nouveau-brunswick"], imageColor: null, attrs: ["family-estate"],
    fr: "Croustilles cuites en marmite à Hartland, au Nouveau-Brunswick.",
    en: "Kettle-cooked potato chips from Hartland, New Brunswick.",
    cuvees: [
      // Chips and snacks are taxable in Canada: not zero-rated.
      item("FOODS", "Croustilles au sel de mer (170 g)", "Sea salt potato chips (170 g)", 499),
      item("FOODS", "Croustilles au ketchup (170 g)", "Ketchup potato chips (170 g)", 499),
    ],
  },
  // ----- Canada: Ontario -----
  {
    name: "Le Clos Jordanne", regions: ["niagara-peninsula"], imageColor: "#5c1f33", attrs: [],
    fr: "Domaine du banc de Twenty Mile, dans la péninsule du Niagara, consacré au pinot noir et au chardonnay.",
    en: "Twenty Mile Bench estate in the Niagara Peninsula, devoted to Pinot Noir and Chardonnay.",
    cuvees: [
      wine("Village Reserve Pinot Noir", "red", "pinot noir", 3000, [2020, 2021]),
      wine("Village Reserve Chardonnay", "white", "chardonnay", 3000, [2021, 2022]),
      wine("Le Grand Clos Chardonnay", "white", "chardonnay", 5500, [2020]),
      wine("Le Grand Clos Pinot Noir", "red", "pinot noir", 5500, [2019]),
    ],
  },
  {
    name: "Pearl Morissette", regions: ["niagara-peninsula"], imageColor: "#3d5a40", attrs: ["family-estate"],
    fr: "Domaine de Jordan, dans le Niagara, aux vins élevés en foudres et en cuves de béton.",
    en: "Jordan estate in Niagara, ageing its wines in large casks and concrete.",
    cuvees: [
      wine("Cuvée Madeline", "red", "cabernet franc", 4500, [2020, 2021]),
      wine("Cuvée Métis", "white", "riesling", 3600, [2021, 2022]),
      wine("Cuvée Dix-Neuvième", "white", "chardonnay", 5200, [2020, 2021]),
    ],
  },
  {
    name: "Hinterland", regions: ["prince-edward-county"], imageColor: null, attrs: ["family-estate"],
    fr: "Maison du comté du Prince-Édouard consacrée aux vins effervescents.",
    en: "Prince Edward County house devoted to sparkling wine.",
    cuvees: [
      nat("Ancestral", "sparkling", "gamay", 2900, null),
      wine("Les Étoiles", "sparkling", "chardonnay, pinot noir", 4200, [2019]),
    ],
  },
  {
    name: "Norman Hardie", regions: ["prince-edward-county", "niagara-peninsula"], imageColor: "#8a7f63", attrs: ["family-estate"],
    fr: "Domaine du comté du Prince-Édouard, sur des sols calcaires, qui met en bouteille sans filtration.",
    en: "Prince Edward County estate on limestone soils, bottling without filtration.",
    cuvees: [
      wine("County Chardonnay Unfiltered", "white", "chardonnay", 4900, [2021, 2022]),
      wine("County Pinot Noir Unfiltered", "red", "pinot noir", 4900, [2021, 2022]),
      wine("Niagara Riesling", "white", "riesling", 2600, [2022, 2023], { region: "niagara-peninsula" }),
      wine("Calcaire", "white", "chardonnay, riesling, melon", 2800, [2023]),
    ],
  },
  {
    name: "Southbrook", regions: ["niagara-peninsula"], imageColor: "#6f9c3d", attrs: ["organic", "biodynamic"],
    fr: "Domaine de Niagara-on-the-Lake certifié biologique et biodynamique.",
    en: "Niagara-on-the-Lake estate, certified organic and biodynamic.",
    cuvees: [
      wine("Triomphe Cabernet Franc", "red", "cabernet franc", 2900, [2020, 2021]),
      wine("Triomphe Chardonnay", "white", "chardonnay", 2900, [2021, 2022]),
      nat("Vidal Skin Contact", "orange", "vidal", 2900, [2022, 2023]),
    ],
  },
  {
    name: "Bellwoods Brewery", regions: ["ontario"], imageColor: "#f2c14e", attrs: [],
    fr: "Brasserie de la rue Ossington, à Toronto, ouverte en 2012.",
    en: "Brewery on Ossington Avenue in Toronto, opened in 2012.",
    cuvees: [
      drink("BIERE", "Jelly King", null, null, 800, { volume: 500, noteFr: "Sure houblonnée à cru.", noteEn: "Dry-hopped sour." }),
      drink("BIERE", "Witchshark", null, null, 800, { volume: 500, noteFr: "Double IPA.", noteEn: "Double IPA." }),
      drink("BIERE", "Roman Candle", null, null, 700, { volume: 500, noteFr: "India pale ale.", noteEn: "India pale ale." }),
    ],
  },
  {
    name: "Dillon's Small Batch Distillers", regions: ["niagara-peninsula"], imageColor: "#46607a", attrs: ["family-estate"],
    fr: "Distillerie familiale de Beamsville qui distille des raisins et des grains de l'Ontario.",
    en: "Family distillery in Beamsville distilling Ontario grapes and grain.",
    cuvees: [
      drink("SPIRITUEUX", "Unfiltered Gin 22", null, null, 4000, { volume: 750 }),
      drink("SPIRITUEUX", "Rosé Gin", null, null, 4000, { volume: 750 }),
    ],
  },
  {
    name: "Kozlik's Canadian Mustard", regions: ["ontario"], imageColor: null, attrs: ["family-estate"],
    fr: "Moutardier familial de Toronto, au marché St. Lawrence.",
    en: "Family mustard maker in Toronto's St. Lawrence Market.",
    cuvees: [
      item("FOODS", "Moutarde Triple Crunch (250 ml)", "Triple Crunch mustard (250 ml)", 795, { zeroRated: true }),
      item("FOODS", "Moutarde Amazing Maple (250 ml)", "Amazing Maple mustard (250 ml)", 795, { zeroRated: true }),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Built catalogue (what the seed inserts)
// ---------------------------------------------------------------------------------------------

/** A producer row plus its origins, keyed by region code (country derived from the region). */
export interface DemoProvider {
  slug: string;
  name: string;
  descriptionFr: string;
  descriptionEn: string;
  imageColor: string | null;
  /** Region codes of {@link REGIONS}; the first one is the main origin. */
  regionCodes: string[];
}

/** One product in one inventory; money in integer cents, quantity in bottles or units. */
export interface DemoProductInventory {
  inventoryCode: InventoryCode;
  /** `<product puid>-<inventory code>`, e.g. `P000123-IP`. */
  puid: string;
  priceCents: number;
  agencyFeeCents: number;
  priceTaxInCents: number;
  quantity: number;
  availabilityStatus: "AVAILABLE" | "UPCOMING";
  liquorBoardCode: string | null;
}

/** One product row plus its attribute codes and product inventories. */
export interface DemoProduct {
  puid: string;
  slug: string;
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  typeCode: TypeCode;
  providerSlug: string;
  countryCode: string;
  regionCode: string;
  zeroRated: boolean;
  /** PRODUCT_COLOR code, or null (spirits, beers, foods, goods). */
  colorCode: ColorCode | null;
  /** The kind as a French label prints it ("Vin rouge", "Poiré mousseux"): its drawn photo's label. */
  kindFr: string;
  /** Attribute keys `TYPE:code`, e.g. `PRODUCT_COLOR:red`, `PROVIDER:organic`. */
  attributeKeys: string[];
  inventories: DemoProductInventory[];
  /** Its wine facts and grapes (decision 036; plausible, not the real cuvée's). */
  facts: WineFacts;
}

/** The whole demo catalogue as plain data. */
export interface DemoCatalogue {
  providers: DemoProvider[];
  products: DemoProduct[];
}

const REGION_BY_CODE = new Map<string, RegionRow>(REGIONS.map((r) => [r.code, r]));
const INVENTORY_PROVINCE = new Map<string, Province>(INVENTORIES.map((i) => [i.code, i.province]));

/** Default container volume per type, in millilitres (null = not a liquid sold by volume). */
const DEFAULT_VOLUME: Record<TypeCode, number | null> = {
  VIN: 750, WINES: 750, CIDRE: 750, APERITIF: 750, SPIRITUEUX: 700, BIERE: 341, BOISSON: 355, FOODS: null, GOODS: null,
};

const KIND_FR: Record<string, string> = {
  "VIN:red": "Vin rouge", "VIN:white": "Vin blanc", "VIN:rose": "Vin rosé", "VIN:orange": "Vin orange",
  "VIN:sparkling": "Vin mousseux", "VIN:sweet": "Vin doux",
  "WINES:red": "Vin nature rouge", "WINES:white": "Vin nature blanc", "WINES:rose": "Vin nature rosé",
  "WINES:orange": "Vin orange de macération", "WINES:sparkling": "Pétillant naturel", "WINES:sweet": "Vin nature doux",
  "CIDRE:sparkling": "Cidre mousseux", "CIDRE:sweet": "Cidre de glace", "CIDRE:rose": "Cidre rosé",
  "APERITIF:white": "Vermouth blanc", "APERITIF:red": "Vermouth rouge", "APERITIF:rose": "Apéritif rosé",
  APERITIF: "Apéritif", SPIRITUEUX: "Spiritueux", BIERE: "Bière", BOISSON: "Boisson sans alcool", FOODS: "Épicerie fine", GOODS: "Accessoire",
};
const KIND_EN: Record<string, string> = {
  "VIN:red": "Red wine", "VIN:white": "White wine", "VIN:rose": "Rosé wine", "VIN:orange": "Orange wine",
  "VIN:sparkling": "Sparkling wine", "VIN:sweet": "Sweet wine",
  "WINES:red": "Natural red wine", "WINES:white": "Natural white wine", "WINES:rose": "Natural rosé",
  "WINES:orange": "Skin-contact orange wine", "WINES:sparkling": "Pet nat", "WINES:sweet": "Natural sweet wine",
  "CIDRE:sparkling": "Sparkling cider", "CIDRE:sweet": "Ice cider", "CIDRE:rose": "Rosé cider",
  "APERITIF:white": "White vermouth", "APERITIF:red": "Red vermouth", "APERITIF:rose": "Rosé aperitif",
  APERITIF: "Aperitif", SPIRITUEUX: "Spirit", BIERE: "Beer", BOISSON: "Non-alcoholic drink", FOODS: "Fine food", GOODS: "Accessory",
};

const SERVE: Record<string, [string, string]> = {
  red: ["À servir autour de 15 °C, avec des viandes grillées ou des plats mijotés.", "Serve around 15 °C with grilled meats or slow-cooked dishes."],
  white: ["À servir frais, autour de 10 °C, avec poissons, fruits de mer ou fromages à pâte ferme.", "Serve chilled, around 10 °C, with fish, seafood or firm cheeses."],
  rose: ["À servir frais, à l'apéritif ou avec une cuisine d'été.", "Serve chilled as an aperitif or with summer food."],
  orange: ["À servir peu frais, vers 13 °C, avec des plats épicés ou des fromages affinés.", "Serve lightly chilled, around 13 °C, with spiced dishes or aged cheeses."],
  sparkling: ["À servir bien frais, à l'apéritif.", "Serve well chilled as an aperitif."],
  sweet: ["À servir frais, avec un dessert aux fruits ou un fromage bleu.", "Serve chilled with a fruit dessert or blue cheese."],
  SPIRITUEUX: ["À déguster nature ou en cocktail.", "Enjoy neat or in a cocktail."],
  BIERE: ["À servir frais.", "Serve cold."],
  APERITIF: ["Sur glace avec un zeste d'orange, ou allongé d'eau gazeuse.", "Over ice with an orange twist, or topped with soda water."],
  BOISSON: ["À servir bien froid.", "Serve well chilled."],
  FOODS: ["Pour l'apéro, avec un verre de vin.", "For the apéro, with a glass of wine."],
  GOODS: ["", ""],
};

type Market = "QC" | "ON" | "IMPORT";

/** Probabilities of being offered in each inventory, per market and product family. */
const CHANNEL_ODDS: Record<"alcohol" | "beer" | "grocery", Record<Market, Partial<Record<InventoryCode, number>>>> = {
  alcohol: {
    IMPORT: { IP: 0.72, PI: 0.5, SAQ: 0.16, LCBO: 0.14, Brouhh: 0.18, MERCH_MTL: 0.12, STORE_MTL: 0.1, STORE_QC: 0.07, MERCH_TORONTO: 0.12, STORE_TORONTO: 0.08 },
    QC: { SAQ: 0.6, PI: 0.25, Brouhh: 0.3, MERCH_MTL: 0.35, STORE_MTL: 0.3, STORE_QC: 0.3, MERCH_TORONTO: 0.08 },
    ON: { LCBO: 0.6, IP: 0.35, MERCH_TORONTO: 0.5, STORE_TORONTO: 0.35, Brouhh: 0.05 },
  },
  beer: {
    IMPORT: { Brouhh: 0.6, MERCH_MTL: 0.4, STORE_MTL: 0.3, MERCH_TORONTO: 0.4, STORE_TORONTO: 0.3, SAQ: 0.1, LCBO: 0.1 },
    QC: { SAQ: 0.5, Brouhh: 0.5, MERCH_MTL: 0.5, STORE_MTL: 0.4, STORE_QC: 0.4, LCBO: 0.1, MERCH_TORONTO: 0.15 },
    ON: { LCBO: 0.5, MERCH_TORONTO: 0.6, STORE_TORONTO: 0.5, Brouhh: 0.1 },
  },
  grocery: {
    IMPORT: { Brouhh: 0.3, MERCH_MTL: 0.45, STORE_MTL: 0.4, STORE_QC: 0.35, MERCH_TORONTO: 0.45, STORE_TORONTO: 0.4 },
    QC: { Brouhh: 0.4, MERCH_MTL: 0.6, STORE_MTL: 0.5, STORE_QC: 0.5, MERCH_TORONTO: 0.25, STORE_TORONTO: 0.15 },
    ON: { MERCH_TORONTO: 0.7, STORE_TORONTO: 0.6, MERCH_MTL: 0.2, Brouhh: 0.1 },
  },
};
/** Fallback inventory when the draw picked none. */
const FALLBACK: Record<"alcohol" | "beer" | "grocery", Record<Market, InventoryCode>> = {
  alcohol: { IMPORT: "IP", QC: "SAQ", ON: "LCBO" },
  beer: { IMPORT: "Brouhh", QC: "MERCH_MTL", ON: "MERCH_TORONTO" },
  grocery: { IMPORT: "MERCH_MTL", QC: "MERCH_MTL", ON: "MERCH_TORONTO" },
};
const SHOP_CODES = new Set(INVENTORIES.filter((i) => i.channelKind === "SHOP").map((i) => i.code));

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
/** Rounds to a multiple of 25 cents. */
const round25 = (x: number) => Math.round(x / 25) * 25;
/** Liquor-board style price ending in .95 (e.g. 2395). */
const boardPrice = (x: number) => Math.max(295, Math.round(x / 100) * 100 - 5);

/**
 * Prices, stock and status of one product in one inventory (docs/product.md#prices Money), drawn from `rng`:
 * - IP / PI (private import): 2200–9000 cents per bottle around `basePrice`, agency fee 20–30 %
 *   of the price, stock in whole cases (`uvc` bottles each) or 0; UPCOMING (stock 0) for vintages
 *   from 2024 and about 12 % of the others;
 * - SAQ / LCBO: board price ending in .95, no agency fee, a liquor-board code, network stock;
 * - shops: 500–6000 cents per unit, stock in units.
 * `priceTaxInCents` = `priceTaxIn(priceCents, inventory province, zeroRated)`.
 *
 * @param rng        seeded PRNG from {@link createPrng} (consumed deterministically)
 * @param code       an inventory code of reference-data.ts INVENTORIES
 * @param product    the product's puid, vintage, bottles per case and zero-rated flag
 * @param basePrice  reference price in cents, taxes excluded
 * @throws Error on an unknown inventory code
 */
export function buildProductInventory(
  rng: () => number,
  code: InventoryCode,
  product: { puid: string; vintage: number | null; uvc: number; zeroRated: boolean },
  basePrice: number,
): DemoProductInventory {
  const province = INVENTORY_PROVINCE.get(code);
  if (!province) throw new Error(`Unknown inventory code ${code}`);
  let priceCents: number;
  let agencyFeeCents = 0;
  let quantity: number;
  let status: "AVAILABLE" | "UPCOMING" = "AVAILABLE";
  let liquorBoardCode: string | null = null;
  if (code === "IP" || code === "PI") {
    const factor = code === "IP" ? 0.96 + rng() * 0.1 : 1.02 + rng() * 0.1;
    priceCents = clamp(round25(basePrice * factor), 2200, 9000);
    agencyFeeCents = Math.round(priceCents * (0.2 + rng() * 0.1));
    const roll = rng();
    if ((product.vintage !== null && product.vintage >= 2024) || roll < 0.12) status = "UPCOMING";
    quantity = status === "UPCOMING" || roll > 0.9 ? 0 : (1 + Math.floor(rng() * 24)) * product.uvc;
  } else if (code === "SAQ" || code === "LCBO") {
    priceCents = boardPrice(basePrice * (0.9 + rng() * 0.1));
    const roll = rng();
    if (roll < 0.08) status = "UPCOMING";
    quantity = status === "UPCOMING" ? 0 : 6 + Math.floor(rng() * 300);
    liquorBoardCode = code === "SAQ" ? String(10_000_000 + Math.floor(rng() * 90_000_000)) : String(100_000 + Math.floor(rng() * 900_000));
  } else {
    priceCents = clamp(round25(basePrice * (1.05 + rng() * 0.12)), 500, 6000);
    const roll = rng();
    if (roll < 0.04) status = "UPCOMING";
    quantity = status === "UPCOMING" || roll > 0.93 ? 0 : 1 + Math.floor(rng() * 36);
  }
  return {
    inventoryCode: code,
    puid: `${product.puid}-${code}`,
    priceCents,
    agencyFeeCents,
    priceTaxInCents: priceTaxIn(priceCents, province, product.zeroRated),
    quantity,
    availabilityStatus: status,
    liquorBoardCode,
  };
}

function marketOf(regionCode: string): Market {
  return REGION_BY_CODE.get(regionCode)?.province ?? "IMPORT";
}

function familyOf(type: TypeCode): "alcohol" | "beer" | "grocery" {
  if (type === "BIERE") return "beer";
  if (type === "BOISSON" || type === "FOODS" || type === "GOODS") return "grocery";
  return "alcohol";
}

/** Bottles per case: 1 for foods and goods, 6 for magnums, spirits and bottles above $45, else 12. */
function uvcOf(type: TypeCode, volume: number | null, price: number): number {
  if (type === "FOODS" || type === "GOODS") return 1;
  if (type === "SPIRITUEUX") return 6;
  if (volume !== null && volume >= 1000) return 6;
  if (type === "BIERE" || type === "BOISSON" || type === "CIDRE" || type === "APERITIF") return 12;
  return price >= 4500 ? 6 : 12;
}

function describe(cuvee: CuveeSpec, region: RegionRow, vintage: number | null, volume: number | null): [string, string] {
  const key = cuvee.color ? `${cuvee.type}:${cuvee.color}` : cuvee.type;
  const kindFr = cuvee.kind?.[0] ?? KIND_FR[key] ?? KIND_FR[cuvee.type] ?? "Produit";
  const kindEn = cuvee.kind?.[1] ?? KIND_EN[key] ?? KIND_EN[cuvee.type] ?? "Product";
  const grapesFr = cuvee.grapes ? ` (${cuvee.grapes})` : "";
  const grapesEn = cuvee.grapes && cuvee.grapes !== HYBRIDS ? ` (${cuvee.grapes.replace("pommes", "apples").replace("poires", "pears").replace("cépages du Douro", "Douro grapes")})` : cuvee.grapes === HYBRIDS ? " (cold-hardy hybrid grapes)" : "";
  const serve = SERVE[cuvee.type === "VIN" || cuvee.type === "WINES" || cuvee.type === "CIDRE" ? (cuvee.color ?? "white") : cuvee.type] ?? ["", ""];
  const vintageFr = vintage ? ` Millésime ${vintage}.` : "";
  const vintageEn = vintage ? ` ${vintage} vintage.` : "";
  const formatFr = volume === 1500 ? " En magnum." : "";
  const formatEn = volume === 1500 ? " In magnum." : "";
  const fr = [`${kindFr} ${region.fromFr}${grapesFr}.${vintageFr}${formatFr}`, cuvee.noteFr, serve[0]].filter(Boolean).join(" ");
  const en = [`${kindEn} ${region.fromEn}${grapesEn}.${vintageEn}${formatEn}`, cuvee.noteEn, serve[1]].filter(Boolean).join(" ");
  return [fr, en];
}

function kindFrOf(cuvee: CuveeSpec): string {
  return cuvee.kind?.[0] ?? KIND_FR[cuvee.color ? `${cuvee.type}:${cuvee.color}` : cuvee.type] ?? KIND_FR[cuvee.type] ?? "Produit";
}

let built: DemoCatalogue | undefined;

/**
 * Builds the demo catalogue as plain data (no database): ≥ 40 producers in ≥ 8 countries and
 * ≥ 300 products covering every product type, every inventory code of both provinces, both
 * availability statuses, uvc 6 and 12, vintages and non-vintage products.
 *
 * Deterministic: a seeded PRNG decides channels, prices and stock, so every call (and every
 * machine) yields identical rows. The result is cached; treat it as read-only.
 *
 * Prices are integer cents taxes excluded; `priceTaxInCents` comes from `priceTaxIn` of
 * app/pricing/taxes.ts with the inventory's province and the product's zero-rated flag.
 */
export function buildDemoCatalogue(): DemoCatalogue {
  built ??= generateDemoCatalogue();
  return built;
}

/** Builds the demo catalogue afresh, without the cache (what {@link buildDemoCatalogue} keeps). */
export function generateDemoCatalogue(): DemoCatalogue {
  const rng = createPrng(20_241_101);
  const providerRows: DemoProvider[] = [];
  const productRows: DemoProduct[] = [];
  const slugs = new Set<string>();
  const uniqueSlug = (base: string) => {
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    return slug;
  };

  for (const producer of PRODUCERS) {
    const providerSlug = slugify(producer.name);
    providerRows.push({
      slug: providerSlug,
      name: producer.name,
      descriptionFr: producer.fr,
      descriptionEn: producer.en,
      imageColor: producer.imageColor,
      regionCodes: producer.regions,
    });
    const mainRegion = REGION_BY_CODE.get(producer.regions[0]!)!;
    const market = marketOf(mainRegion.code);
    const providerAttrs = [...producer.attrs] as string[];
    if (mainRegion.province) providerAttrs.push("local");

    for (const cuvee of producer.cuvees) {
      const region = REGION_BY_CODE.get(cuvee.region ?? mainRegion.code)!;
      const baseVolume = cuvee.volume === undefined ? DEFAULT_VOLUME[cuvee.type] : cuvee.volume;
      const variants: { vintage: number | null; volume: number | null; priceFactor: number }[] = [];
      for (const vintage of cuvee.vintages ?? [null]) {
        variants.push({ vintage, volume: baseVolume, priceFactor: 1 });
        if (vintage !== null && cuvee.magnum?.includes(vintage)) variants.push({ vintage, volume: 1500, priceFactor: 2.1 });
      }
      for (const variant of variants) {
        const n = productRows.length + 1;
        const puid = demoPuid(n);
        const basePrice = Math.round(cuvee.price * variant.priceFactor);
        const uvc = uvcOf(cuvee.type, variant.volume, basePrice);
        const zeroRated = cuvee.zeroRated ?? false;
        const magnum = variant.volume === 1500;
        const slug = uniqueSlug(
          slugify([producer.name, cuvee.name, magnum ? "magnum" : "", variant.vintage ?? ""].filter(Boolean).join(" ")),
        );
        const [descriptionFr, descriptionEn] = describe(cuvee, region, variant.vintage, variant.volume);
        const family = familyOf(cuvee.type);
        const odds = CHANNEL_ODDS[family][market];
        const codes: InventoryCode[] = [];
        for (const [code, p] of Object.entries(odds) as [InventoryCode, number][]) {
          const roll = rng();
          // Expensive bottles are not stocked in the shops (unit prices stay within 5–60 $).
          if (SHOP_CODES.has(code) && basePrice > 5200) continue;
          if (roll < p) codes.push(code);
        }
        if (codes.length === 0) codes.push(FALLBACK[family][market]);
        const attributeKeys = [
          ...(cuvee.color ? [`PRODUCT_COLOR:${cuvee.color}`] : []),
          ...(cuvee.type === "GOODS" ? [] : providerAttrs.map((a) => `PROVIDER:${a}`)),
        ];
        const product = { puid, vintage: variant.vintage, uvc, zeroRated };
        const inventoryRows = codes.map((code) => buildProductInventory(rng, code, product, basePrice));
        const boardCode = (code: InventoryCode) => inventoryRows.find((i) => i.inventoryCode === code)?.liquorBoardCode ?? null;
        productRows.push({
          puid,
          slug,
          nameFr: magnum ? `${cuvee.name} (magnum)` : cuvee.name,
          nameEn: magnum ? `${cuvee.nameEn ?? cuvee.name} (magnum)` : (cuvee.nameEn ?? cuvee.name),
          descriptionFr,
          descriptionEn,
          vintage: variant.vintage,
          volumeMl: variant.volume,
          uvc,
          typeCode: cuvee.type,
          providerSlug,
          countryCode: region.country,
          regionCode: region.code,
          zeroRated,
          colorCode: cuvee.color,
          kindFr: kindFrOf(cuvee),
          attributeKeys,
          inventories: inventoryRows,
          facts: demoWineFacts({
            n,
            typeCode: cuvee.type,
            colorCode: cuvee.color,
            grapes: cuvee.grapes,
            name: cuvee.name,
            regionCode: region.code,
            countryCode: region.country,
            province: region.province,
            vintage: variant.vintage,
            priceCents: basePrice,
            saqCode: boardCode("SAQ"),
            lcboCode: boardCode("LCBO"),
          }),
        });
      }
    }
  }
  return { providers: providerRows, products: productRows };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

/**
 * Ids of the reference rows a catalogue needs: country id by ISO code, region id by region code,
 * attribute id by `TYPE:code`.
 * @throws Error when the reference data is missing (run `seedReferenceData` first).
 */
export async function loadReferenceIds(db: Database): Promise<{
  countryIds: Map<string, number>;
  regionIds: Map<string, number>;
  attributeIds: Map<string, number>;
}> {
  const [countryRows, regionRows, attributeRows] = await Promise.all([
    db.select({ id: countries.id, code: countries.code }).from(countries),
    db.select({ id: regions.id, code: regions.code }).from(regions),
    db.select({ id: attributes.id, typeCode: attributes.typeCode, code: attributes.code }).from(attributes),
  ]);
  if (regionRows.length === 0 || attributeRows.length === 0) {
    throw new Error("Reference data is missing: run seedReferenceData(db) before seeding a catalogue.");
  }
  return {
    countryIds: new Map(countryRows.map((r) => [r.code, r.id])),
    regionIds: new Map(regionRows.map((r) => [r.code, r.id])),
    attributeIds: new Map(attributeRows.map((r) => [`${r.typeCode}:${r.code}`, r.id])),
  };
}

/** The fact columns the seed owns (decision 036). */
const FACT_COLUMNS = Object.keys(wineFactColumns) as (keyof typeof wineFactColumns)[];

/** A product's scalar facts as its row's columns (its grapes go to `product_grapes`). */
function factValues({ grapes: _grapes, ...facts }: WineFacts) {
  return facts;
}

/**
 * Inserts (or refreshes) the demo catalogue of {@link buildDemoCatalogue} in one transaction,
 * with batched multi-row upserts: providers by slug, their origins (replaced), products by puid
 * with their wine facts, their attributes and grapes (replaced) and product inventories by puid. Running it twice leaves the same
 * rows (idempotent); a few seconds on PGlite.
 *
 * Requires `seedReferenceData(db)` first (inventories, product types, attributes, countries and
 * regions of docs/product.md#catalogue-fields).
 *
 * With `options.photos`, the products and producers that have no photo then get drawn ones
 * (./demo-photos.server.ts, decision 035): what `npm start` and the e2e server show. Tests that do
 * not look at photos leave it out (drawing costs about half a second per image without the cache).
 *
 * @returns the number of providers, products and product inventories of the demo catalogue, and
 *   with `options.photos` what the photo seed did
 * @throws Error when the reference data is missing; driver errors (e.g. a slug already used by
 *   another puid) abort the transaction and leave the database unchanged.
 */
export async function seedDemoCatalogue(
  db: Database,
  options: { photos?: DemoPhotoOptions | false } = {},
): Promise<{ providers: number; products: number; productInventories: number; photos?: DemoPhotoCounts }> {
  const catalogue = buildDemoCatalogue();
  const ref = await loadReferenceIds(db);
  const regionId = (code: string) => {
    const id = ref.regionIds.get(code);
    if (id === undefined) throw new Error(`Unknown region ${code}: run seedReferenceData(db) first.`);
    return id;
  };
  const countryId = (code: string) => {
    const id = ref.countryIds.get(code);
    if (id === undefined) throw new Error(`Unknown country ${code}: run seedReferenceData(db) first.`);
    return id;
  };

  let ids: { productIds: Map<string, number>; providerIds: Map<string, number> } | undefined;
  await db.transaction(async (tx) => {
    await lockCatalogueWrites(tx);
    const providerIds = await writeProviders(
      tx,
      catalogue.providers.map((p) => ({
        slug: p.slug,
        name: p.name,
        descriptionFr: p.descriptionFr,
        descriptionEn: p.descriptionEn,
        imageColor: p.imageColor,
      })),
      { batchSize: 500, onExisting: ["name", "descriptionFr", "descriptionEn", "imageColor"] },
    );

    await writeProviderOrigins(
      tx,
      catalogue.providers.flatMap((p) =>
        p.regionCodes.map((code) => ({
          providerId: providerIds.get(p.slug)!,
          countryId: countryId(REGION_BY_CODE.get(code)!.country),
          regionId: regionId(code),
        })),
      ),
      { batchSize: 1000, replaceFor: [...providerIds.values()] },
    );

    const productIds = await writeProducts(
      tx,
      catalogue.products.map((p) => ({
        puid: p.puid,
        slug: p.slug,
        nameFr: p.nameFr,
        nameEn: p.nameEn,
        descriptionFr: p.descriptionFr,
        descriptionEn: p.descriptionEn,
        vintage: p.vintage,
        volumeMl: p.volumeMl,
        uvc: p.uvc,
        typeCode: p.typeCode,
        providerId: providerIds.get(p.providerSlug)!,
        countryId: countryId(p.countryCode),
        regionId: regionId(p.regionCode),
        zeroRated: p.zeroRated,
        ...factValues(p.facts),
      })),
      {
        batchSize: 500,
        onExisting: [
          "slug", "nameFr", "nameEn", "descriptionFr", "descriptionEn", "vintage", "volumeMl", "uvc", "typeCode",
          "providerId", "countryId", "regionId", "zeroRated", ...FACT_COLUMNS,
        ],
      },
    );
    const grapeIds = new Map((await tx.select({ id: grapeVarieties.id, code: grapeVarieties.code }).from(grapeVarieties)).map((g) => [g.code, g.id]));
    await replaceProductGrapes(
      tx,
      catalogue.products.map((p) => ({ productId: productIds.get(p.puid)!, grapes: p.facts.grapes })),
      grapeIds,
    );

    const attributeRows = catalogue.products.flatMap((p) =>
      p.attributeKeys.map((key) => {
        const attributeId = ref.attributeIds.get(key);
        if (attributeId === undefined) throw new Error(`Unknown attribute ${key}: run seedReferenceData(db) first.`);
        return { productId: productIds.get(p.puid)!, attributeId };
      }),
    );
    await writeProductAttributes(tx, attributeRows, { batchSize: 1000, replaceFor: [...productIds.values()] });

    await writeProductInventories(
      tx,
      catalogue.products.flatMap((p) => p.inventories.map((i) => ({ productId: productIds.get(p.puid)!, ...i }))),
      {
        batchSize: 500,
        onExisting: ["priceCents", "agencyFeeCents", "priceTaxInCents", "quantity", "availabilityStatus", "liquorBoardCode"],
      },
    );
    // Fresh statistics so the planner sees the new sizes at once (as the synthetic generator does).
    await analyzeCatalogue(tx);
    ids = { productIds, providerIds };
  });

  const photos = options.photos && ids ? await seedDemoPhotos(db, catalogue, ids, options.photos) : undefined;
  return {
    providers: catalogue.providers.length,
    products: catalogue.products.length,
    productInventories: catalogue.products.reduce((n, p) => n + p.inventories.length, 0),
    ...(photos ? { photos } : {}),
  };
}
