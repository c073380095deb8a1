/**
 * Large deterministic synthetic catalogue for scale tests and the benchmark (docs/decisions/024-bench-and-several-processes.md
 * "`npm run bench` … on a generated large catalogue"). Reuses the reference data (inventories,
 * product types, attributes, countries, regions) and the pricing rules of the demo catalogue;
 * invents producers and products from word lists with a seeded PRNG, so the same seed always gives
 * the same rows.
 *
 * Puids are `S0000001` (products) and `S0000001-IP` (product inventories), so they never clash with
 * the demo catalogue's `P000001`.
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
import type { GrapeShare } from "~/catalogue/wine-facts";
import { NO_WINE_FACTS } from "~/catalogue/wine-facts";
import { replaceProductGrapes } from "~/catalogue/wine-facts.server";
import type { Database } from "~/db/client.server";
import {
  cartLines,
  grapeVarieties,
  productAttributes,
  productInventories,
  products,
  providerOrigins,
  providers,
} from "~/db/schema";
import type { InventoryCode } from "~/vocabulary";
import {
  buildProductInventory,
  createPrng,
  type DemoProduct,
  loadReferenceIds,
  productSlug,
  slugify,
} from "./demo-catalogue";
import { grapeCodeOf } from "./demo-wine-facts";
import { INVENTORIES, type RegionRow,REGIONS } from "./reference-data";

/** Options of {@link generateSyntheticCatalogue}. */
export interface SyntheticOptions {
  /** Number of products to create (≥ 1). */
  products: number;
  /** PRNG seed; the same seed gives the same rows (default 1). */
  seed?: number;
  /** Rows per multi-row INSERT (default 1000). */
  batchSize?: number;
  /** Called after each batch of products with the running totals. */
  onProgress?: (progress: { products: number; total: number; productInventories: number }) => void;
}

/** Row counts inserted by {@link generateSyntheticCatalogue}. */
export interface SyntheticResult {
  providers: number;
  products: number;
  productInventories: number;
  productAttributes: number;
}

type Pair = readonly [fr: string, en: string];
type Rng = () => number;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const weighted = <T extends string>(rng: Rng, table: readonly (readonly [T, number])[]): T => {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return table[table.length - 1]![0];
};
const title = (s: string) => s.charAt(0).toLocaleUpperCase("fr-CA") + s.slice(1);

// ----- word lists ---------------------------------------------------------------------------

const SURNAMES: Record<string, readonly string[]> = {
  FR: ["Martin", "Bernard", "Dubois", "Moreau", "Laurent", "Girard", "Roux", "Fournier", "Morel", "Chevalier", "Gauthier", "Perrin", "Lefèvre", "Mercier", "Blanc", "Guérin", "Boyer", "Garnier", "Faure", "Rousseau", "Barbier", "Arnaud", "Renaud", "Carré", "Vidal"],
  IT: ["Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti", "Barbieri"],
  ES: ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Ruiz", "Hernández", "Jiménez", "Díaz", "Moreno", "Álvarez", "Romero", "Navarro", "Torres", "Domínguez", "Vázquez"],
  PT: ["Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues", "Martins", "Sousa", "Fernandes", "Gonçalves", "Lopes", "Marques", "Almeida", "Ribeiro"],
  DE: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Hofmann"],
  GR: ["Papadopoulos", "Georgiou", "Nikolaidis", "Dimitriou", "Karalis", "Vlachos", "Alexiou", "Antoniou"],
  GE: ["Beridze", "Kapanadze", "Gelashvili", "Maisuradze", "Lomidze", "Tsiklauri", "Japaridze", "Mamaladze"],
  EN: ["Campbell", "MacDonald", "Wilson", "Taylor", "Anderson", "Thompson", "Morrison", "Fraser", "Stewart", "Reid", "Sinclair", "Murray", "Harper", "Bennett", "Walsh"],
};
const PLACES_FR = ["des Chênes", "de la Source", "des Terres Blanches", "du Vieux Puits", "de la Garenne", "des Sablons", "du Haut-Bois", "de la Roche", "des Grès", "du Moulin", "des Tilleuls", "de la Butte", "des Pierres Sèches", "du Clos Vert", "de l'Orée", "des Hirondelles", "du Coteau", "de la Colline", "des Amandiers", "du Ruisseau"];
const PLACES_PT = ["Vale", "Monte", "Carvalhal", "Pinheiro", "Sobreiro", "Ribeira", "Outeiro", "Castelo", "Barroca", "Fonte", "Portela", "Cerdeira"];
const FANCY = ["Aurore", "Nordet", "Brume", "Pivot", "Lueur", "Sillon", "Bourrasque", "Halo", "Marée", "Boréale", "Solstice", "Rafale", "Éclipse", "Givre", "Zénith", "Mistral", "Alizé", "Comète", "Cascade", "Verglas"];
const CUVEE_WORDS: Record<string, readonly string[]> = {
  FR: ["Les Galets", "Vieilles Vignes", "La Colline", "Terres Rouges", "Les Argiles", "Sous les Pins", "Le Coteau", "Les Cailloux", "La Source", "Les Schistes", "Le Plateau", "Les Graves", "Côte Sud", "La Combe", "Les Terrasses", "L'Éclaircie", "Le Vallon", "Petite Cuvée", "Grande Réserve", "Lieu-dit Les Noues"],
  IT: ["Vigna Vecchia", "Il Poggio", "La Rocca", "Sassi", "Terre Alte", "Il Bosco", "Campo Lungo", "Le Coste", "Riserva", "Fonte"],
  ES: ["Finca Alta", "Viñas Viejas", "El Cerro", "La Loma", "Piedra", "Las Tierras", "Pago Viejo", "El Barranco", "Parcela Única", "Crianza"],
  PT: ["Vinhas Velhas", "Encosta", "Socalcos", "Xisto", "Reserva", "Colheita", "Pedra Alta", "Lagar"],
  DE: ["Kalkstein", "Schiefer", "Alte Reben", "Vom Berg", "Hanglage", "Gutswein", "Ortswein", "Muschelkalk"],
  OTHER: ["Reserve", "Estate", "Old Vines", "Hillside", "Limestone", "Single Vineyard", "Cuvée Nº 1", "Terroir"],
};
/** Red and white grapes grown in each country, so synthetic names stay plausible. */
const GRAPES: Record<string, { red: readonly string[]; white: readonly string[] }> = {
  FR: {
    red: ["pinot noir", "gamay", "syrah", "grenache", "cabernet franc", "merlot", "malbec", "mourvèdre", "carignan", "cinsault", "poulsard", "trousseau", "mondeuse"],
    white: ["chardonnay", "chenin blanc", "sauvignon blanc", "riesling", "melon de Bourgogne", "savagnin", "aligoté", "sémillon", "roussanne", "marsanne", "viognier", "pinot blanc", "jacquère", "gros manseng"],
  },
  IT: {
    red: ["nebbiolo", "sangiovese", "barbera", "frappato", "nerello mascalese", "aglianico", "dolcetto", "lagrein", "primitivo", "refosco"],
    white: ["garganega", "vermentino", "trebbiano", "friulano", "ribolla gialla", "fiano", "greco", "catarratto", "carricante", "verdicchio"],
  },
  ES: {
    red: ["tempranillo", "garnacha", "mencía", "bobal", "monastrell", "listán negro", "graciano"],
    white: ["albariño", "verdejo", "godello", "xarel·lo", "listán blanco", "palomino", "macabeo"],
  },
  PT: {
    red: ["touriga nacional", "baga", "tinta roriz", "vinhão", "castelão", "alfrocheiro"],
    white: ["loureiro", "alvarinho", "encruzado", "arinto", "rabigato"],
  },
  AT: { red: ["blaufränkisch", "zweigelt", "st. laurent"], white: ["grüner veltliner", "welschriesling", "riesling", "gemischter satz"] },
  DE: { red: ["spätburgunder", "lemberger", "frühburgunder"], white: ["riesling", "silvaner", "weissburgunder", "müller-thurgau", "grauburgunder"] },
  GR: { red: ["xinomavro", "agiorgitiko", "mavrotragano", "limniona"], white: ["assyrtiko", "malagousia", "moschofilero", "roditis"] },
  GE: { red: ["saperavi", "tavkveri"], white: ["rkatsiteli", "mtsvane", "kisi", "tsolikouri"] },
  CA: {
    red: ["pinot noir", "gamay", "cabernet franc", "baco noir", "frontenac", "marquette"],
    white: ["chardonnay", "riesling", "vidal", "seyval blanc", "sauvignon blanc", "frontenac blanc"],
  },
};
const CIDERS: readonly Pair[] = [["Cidre brut", "Dry cider"], ["Cidre rosé", "Rosé cider"], ["Poiré", "Perry"], ["Cidre de glace", "Ice cider"], ["Cidre tranquille", "Still cider"], ["Cidre mousseux", "Sparkling cider"]];
const BEERS: readonly Pair[] = [["IPA", "IPA"], ["Saison", "Saison"], ["Stout", "Stout"], ["Blanche", "Witbier"], ["Lager", "Lager"], ["Sure aux framboises", "Raspberry sour"], ["Pale ale", "Pale ale"], ["Porter", "Porter"], ["Gose", "Gose"], ["Double IPA", "Double IPA"], ["Pilsner", "Pilsner"], ["Lambic", "Lambic"]];
const SPIRITS: readonly Pair[] = [["Gin", "Gin"], ["Vodka", "Vodka"], ["Whisky", "Whisky"], ["Rhum", "Rum"], ["Eau-de-vie de poire", "Pear brandy"], ["Calvados", "Calvados"], ["Grappa", "Grappa"], ["Brandy de pomme", "Apple brandy"], ["Armagnac", "Armagnac"], ["Genièvre", "Genever"]];
const SPIRIT_SUFFIX: readonly Pair[] = [["Réserve", "Reserve"], ["Édition boréale", "Boreal Edition"], ["Nº 7", "No. 7"], ["Sauvage", "Wild"], ["Terroir", "Terroir"], ["Fût de chêne", "Oak Cask"], ["Hors d'âge", "Hors d'âge"], ["Brut de fût", "Cask Strength"]];
const APERITIFS: readonly (readonly [string, string, "white" | "red" | "rose"])[] = [["Vermouth blanc", "White vermouth", "white"], ["Vermouth rouge", "Red vermouth", "red"], ["Amer", "Bitter", "red"], ["Americano", "Americano", "white"], ["Pommeau", "Pommeau", "red"], ["Quinquina", "Quinquina", "red"], ["Vermouth rosé", "Rosé vermouth", "rose"]];
const DRINKS: readonly Pair[] = [["Kombucha", "Kombucha"], ["Jus de pomme", "Apple juice"], ["Eau pétillante", "Sparkling water"], ["Limonade", "Lemonade"], ["Thé glacé", "Iced tea"], ["Verjus pétillant", "Sparkling verjus"]];
const FLAVOURS: readonly Pair[] = [["au gingembre", "ginger"], ["au citron", "lemon"], ["à la framboise", "raspberry"], ["au sureau", "elderflower"], ["à l'hibiscus", "hibiscus"], ["à l'érable", "maple"], ["à la camerise", "haskap"], ["nature", "plain"]];
/** Foods: French name, English name, zero-rated (basic grocery) or not, volume in ml or null. */
const FOODS: readonly (readonly [string, string, boolean, number | null])[] = [
  ["Huile d'olive vierge extra", "Extra virgin olive oil", true, 500], ["Rillettes de canard", "Duck rillettes", true, null],
  ["Terrine de campagne", "Country terrine", true, null], ["Sardines à l'huile", "Sardines in oil", true, null],
  ["Craquelins", "Crackers", true, null], ["Moutarde", "Mustard", true, null], ["Miel", "Honey", true, null],
  ["Confiture", "Jam", true, null], ["Olives", "Olives", true, null], ["Vinaigre de cidre", "Cider vinegar", true, 500],
  ["Croustilles", "Potato chips", false, null], ["Chocolat noir", "Dark chocolate", false, null],
  ["Caramels", "Caramels", false, null], ["Bonbons", "Candies", false, null], ["Noix épicées", "Spiced nuts", false, null],
];
const FOOD_QUALIFIERS: readonly Pair[] = [["artisanal", "artisanal"], ["biologique", "organic"], ["de la ferme", "farmhouse"], ["du terroir", "local"], ["fumé", "smoked"], ["à l'ancienne", "traditional"]];
const GOODS: readonly Pair[] = [["Tire-bouchon", "Corkscrew"], ["Verre à vin", "Wine glass"], ["Carafe", "Decanter"], ["Sac fourre-tout", "Tote bag"], ["T-shirt", "T-shirt"], ["Tablier", "Apron"], ["Casquette", "Cap"], ["Bouchon hermétique", "Bottle stopper"], ["Seau à glace", "Ice bucket"], ["Carnet de dégustation", "Tasting notebook"]];
const GOODS_QUALIFIERS: readonly Pair[] = [["noir", "black"], ["naturel", "natural"], ["bordeaux", "burgundy"], ["en lin", "linen"], ["en chêne", "oak"], ["édition limitée", "limited edition"]];

// ----- producers ------------------------------------------------------------------------------

type Kind = "winery" | "cidery" | "brewery" | "distillery" | "grocer" | "goods";
type TypeCode = "VIN" | "WINES" | "SPIRITUEUX" | "BOISSON" | "BIERE" | "CIDRE" | "APERITIF" | "FOODS" | "GOODS";

const KINDS: readonly (readonly [Kind, number])[] = [["winery", 70], ["cidery", 5], ["brewery", 7], ["distillery", 7], ["grocer", 8], ["goods", 3]];
const KIND_TYPES: Record<Kind, readonly (readonly [TypeCode, number])[]> = {
  winery: [["VIN", 80], ["WINES", 20]],
  cidery: [["CIDRE", 85], ["SPIRITUEUX", 15]],
  brewery: [["BIERE", 100]],
  distillery: [["SPIRITUEUX", 70], ["APERITIF", 30]],
  grocer: [["FOODS", 75], ["BOISSON", 25]],
  goods: [["GOODS", 100]],
};
const NOT_WINE = new Set(["aveyron", "bretagne", "normandie", "nouveau-brunswick", "bruxelles", "bas-saint-laurent", "quebec", "ontario", "pais-vasco"]);
const KIND_REGIONS: Record<Kind, readonly RegionRow[]> = {
  winery: REGIONS.filter((r) => !NOT_WINE.has(r.code)),
  cidery: REGIONS.filter((r) => ["normandie", "bretagne", "pais-vasco", "monteregie", "cantons-de-l-est", "quebec", "ontario"].includes(r.code)),
  brewery: REGIONS.filter((r) => ["bruxelles", "quebec", "monteregie", "ontario", "bas-saint-laurent", "bretagne", "pfalz", "mosel", "niagara-peninsula"].includes(r.code)),
  distillery: REGIONS.filter((r) => ["normandie", "gascogne", "quebec", "cantons-de-l-est", "ontario", "niagara-peninsula", "piemonte", "friuli-venezia-giulia", "trentino-alto-adige", "douro", "bas-saint-laurent", "savoie"].includes(r.code)),
  grocer: REGIONS,
  goods: REGIONS,
};

interface SyntheticProvider {
  slug: string;
  name: string;
  descriptionFr: string;
  descriptionEn: string;
  imageColor: string | null;
  kind: Kind;
  region: RegionRow;
}

function languageOf(region: RegionRow): string {
  if (region.country === "CA") return region.province === "ON" || region.code === "nouveau-brunswick" ? "EN" : "FR";
  if (region.country === "AT") return "DE";
  if (region.country === "BE") return "FR";
  return region.country;
}

function providerName(rng: Rng, kind: Kind, region: RegionRow): string {
  const lang = languageOf(region);
  const surname = pick(rng, SURNAMES[lang] ?? SURNAMES.EN!);
  switch (kind) {
    case "winery":
      switch (lang) {
        case "FR":
          return region.country === "CA"
            ? `Vignoble ${rng() < 0.5 ? surname : pick(rng, PLACES_FR).replace(/^(des|du|de la|de l')\s?/, "")}`
            : rng() < 0.35 ? `Domaine ${pick(rng, PLACES_FR)}` : `${pick(rng, ["Domaine", "Château", "Clos", "Mas", "Domaine"])} ${surname}`;
        case "IT": return `${pick(rng, ["Cantina", "Tenuta", "Podere", "Cascina", "Azienda Agricola"])} ${surname}`;
        case "ES": return `${pick(rng, ["Bodegas", "Viñedos", "Celler"])} ${surname}`;
        case "PT": return `${pick(rng, ["Quinta do", "Quinta da", "Casa"])} ${pick(rng, PLACES_PT)}`;
        case "DE": return `Weingut ${surname}`;
        case "GR": return `Ktima ${surname}`;
        case "GE": return `${surname} Marani`;
        default: return `${surname} ${pick(rng, ["Estate Winery", "Family Vineyards", "Cellars"])}`;
      }
    case "cidery": return lang === "EN" ? `${surname} Cider Co.` : lang === "ES" ? `Sagardotegia ${surname}` : `Cidrerie ${surname}`;
    case "brewery": return lang === "EN" ? `${surname} Brewing` : lang === "DE" ? `Brauerei ${surname}` : `Brasserie ${pick(rng, FANCY)}`;
    case "distillery": return lang === "EN" ? `${surname} Distillery` : lang === "IT" ? `Distilleria ${surname}` : lang === "PT" ? `Destilaria ${surname}` : `Distillerie ${surname}`;
    case "grocer": return lang === "EN" ? `${surname} Provisions` : lang === "IT" ? `Bottega ${surname}` : lang === "ES" ? `Conservas ${surname}` : `Maison ${surname}`;
    case "goods": return lang === "EN" ? `${surname} Goods` : `Atelier ${surname}`;
  }
}

const KIND_TEXT: Record<Kind, Pair> = {
  winery: ["Domaine viticole", "Wine estate"],
  cidery: ["Cidrerie", "Cidery"],
  brewery: ["Brasserie artisanale", "Craft brewery"],
  distillery: ["Distillerie artisanale", "Craft distillery"],
  grocer: ["Artisan de l'épicerie fine", "Fine-food maker"],
  goods: ["Atelier d'objets pour la table", "Maker of tableware and goods"],
};

function hexColor(rng: Rng): string {
  const c = () => Math.floor(40 + rng() * 180).toString(16).padStart(2, "0");
  return `#${c()}${c()}${c()}`;
}

function buildProviders(rng: Rng, count: number): SyntheticProvider[] {
  const slugs = new Set<string>();
  const out: SyntheticProvider[] = [];
  for (let i = 0; i < count; i++) {
    const kind = weighted(rng, KINDS);
    const region = pick(rng, KIND_REGIONS[kind]);
    const name = providerName(rng, kind, region);
    const base = slugify(name);
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const [kindFr, kindEn] = KIND_TEXT[kind];
    out.push({
      slug,
      name,
      descriptionFr: `${kindFr} ${region.fromFr}.`,
      descriptionEn: `${kindEn} ${region.fromEn}.`,
      imageColor: rng() < 0.8 ? hexColor(rng) : null,
      kind,
      region,
    });
  }
  return out;
}

// ----- products -------------------------------------------------------------------------------

/** A demo-shaped product whose producer is an index into the generated producers. */
type SyntheticProduct = Omit<DemoProduct, "providerSlug" | "countryCode" | "regionCode" | "colorCode" | "kindFr"> & {
  providerIndex: number;
};

const ALL_CODES = INVENTORIES.map((i) => i.code);
const SHOP_CODES = new Set(INVENTORIES.filter((i) => i.channelKind === "SHOP").map((i) => i.code));
const CHANNEL_WEIGHTS: Record<"alcohol" | "beer" | "grocery", readonly (readonly [InventoryCode, number])[]> = {
  alcohol: [["IP", 25], ["PI", 18], ["SAQ", 10], ["LCBO", 8], ["Brouhh", 8], ["MERCH_MTL", 7], ["STORE_MTL", 7], ["STORE_QC", 5], ["MERCH_TORONTO", 7], ["STORE_TORONTO", 5]],
  beer: [["SAQ", 10], ["LCBO", 10], ["Brouhh", 16], ["MERCH_MTL", 16], ["STORE_MTL", 12], ["STORE_QC", 10], ["MERCH_TORONTO", 14], ["STORE_TORONTO", 12]],
  grocery: ALL_CODES.filter((c) => SHOP_CODES.has(c)).map((c) => [c, 1] as const),
};

function vintageOf(rng: Rng): number {
  return 2024 - Math.floor(rng() * rng() * 13);
}

function buildProduct(rng: Rng, n: number, providersList: SyntheticProvider[], providerIndex: number): SyntheticProduct {
  const provider = providersList[providerIndex]!;
  const type = weighted(rng, KIND_TYPES[provider.kind]);
  const lang = languageOf(provider.region);
  let nameFr: string;
  let nameEn: string;
  let vintage: number | null = null;
  let volume: number | null = 750;
  let color: string | null = null;
  let zeroRated = false;
  let basePrice: number;
  let kindFr: string;
  let kindEn: string;
  let grapes: GrapeShare[] = [];
  let alcoholPercent: number | null = null;

  switch (type) {
    case "VIN":
    case "WINES": {
      color = type === "WINES"
        ? weighted(rng, [["red", 30], ["white", 25], ["orange", 30], ["rose", 7], ["sparkling", 8]])
        : weighted(rng, [["red", 45], ["white", 36], ["rose", 8], ["orange", 2], ["sparkling", 6], ["sweet", 3]]);
      const grapes_ = GRAPES[provider.region.country] ?? GRAPES.FR!;
      const grape = pick(rng, color === "red" || color === "rose" ? grapes_.red : grapes_.white);
      const word = pick(rng, CUVEE_WORDS[lang] ?? CUVEE_WORDS.OTHER!);
      nameFr = nameEn = `${word} ${title(grape)}`;
      vintage = color === "sparkling" && rng() < 0.5 ? null : vintageOf(rng);
      volume = weighted(rng, [["750", 85], ["1500", 5], ["375", 5], ["500", 3], ["1000", 2]]) === "750" ? 750 : pick(rng, [1500, 375, 500, 1000]);
      basePrice = Math.round(1800 + rng() ** 1.8 * 7000) * (volume === 1500 ? 2 : 1);
      kindFr = `Vin ${({ red: "rouge", white: "blanc", rose: "rosé", orange: "orange", sparkling: "mousseux", sweet: "doux" } as Record<string, string>)[color]} (${grape})`;
      kindEn = `${({ red: "Red", white: "White", rose: "Rosé", orange: "Orange", sparkling: "Sparkling", sweet: "Sweet" } as Record<string, string>)[color]} wine (${grape})`;
      ({ grapes, alcoholPercent } = syntheticWineFacts(n, grape, color === "red" || color === "rose" ? grapes_.red : grapes_.white));
      break;
    }
    case "CIDRE": {
      const [fr, en] = pick(rng, CIDERS);
      const fancy = pick(rng, FANCY);
      nameFr = `${fr} ${fancy}`;
      nameEn = `${en} ${fancy}`;
      color = fr.includes("glace") ? "sweet" : fr.includes("rosé") ? "rose" : "sparkling";
      volume = color === "sweet" ? 375 : 750;
      basePrice = Math.round(1400 + rng() * 3100);
      [kindFr, kindEn] = [fr, en];
      break;
    }
    case "BIERE": {
      const [fr, en] = pick(rng, BEERS);
      const fancy = pick(rng, FANCY);
      nameFr = `${fancy} ${fr}`;
      nameEn = `${fancy} ${en}`;
      volume = pick(rng, [330, 341, 355, 473, 500]);
      basePrice = Math.round(350 + rng() * 850);
      [kindFr, kindEn] = [`Bière, ${fr.toLowerCase()}`, `Beer, ${en.toLowerCase()}`];
      break;
    }
    case "SPIRITUEUX": {
      const [fr, en] = pick(rng, SPIRITS);
      const [sfr, sen] = pick(rng, SPIRIT_SUFFIX);
      nameFr = `${fr} ${sfr}`;
      nameEn = `${en} ${sen}`;
      volume = pick(rng, [700, 750]);
      basePrice = Math.round(3000 + rng() * 6000);
      [kindFr, kindEn] = [fr, en];
      break;
    }
    case "APERITIF": {
      const [fr, en, c] = pick(rng, APERITIFS);
      const fancy = pick(rng, FANCY);
      nameFr = `${fr} ${fancy}`;
      nameEn = `${en} ${fancy}`;
      color = c;
      volume = pick(rng, [750, 750, 1000]);
      basePrice = Math.round(1900 + rng() * 3600);
      [kindFr, kindEn] = [fr, en];
      break;
    }
    case "BOISSON": {
      const [fr, en] = pick(rng, DRINKS);
      const [ffr, fen] = pick(rng, FLAVOURS);
      nameFr = `${fr} ${ffr}`;
      nameEn = fen === "plain" ? `${en}` : `${title(fen)} ${en.toLowerCase()}`;
      volume = pick(rng, [355, 414, 1000]);
      basePrice = Math.round(350 + rng() * 550);
      [kindFr, kindEn] = ["Boisson sans alcool", "Non-alcoholic drink"];
      break;
    }
    case "FOODS": {
      const [fr, en, zero, ml] = pick(rng, FOODS);
      const [qfr, qen] = pick(rng, FOOD_QUALIFIERS);
      const grams = pick(rng, [60, 100, 125, 150, 200, 250, 500]);
      nameFr = ml ? `${fr} ${qfr}` : `${fr} ${qfr} (${grams} g)`;
      nameEn = ml ? `${title(qen)} ${en.toLowerCase()}` : `${title(qen)} ${en.toLowerCase()} (${grams} g)`;
      zeroRated = zero;
      volume = ml;
      basePrice = Math.round(400 + rng() * 3600);
      [kindFr, kindEn] = ["Épicerie fine", "Fine food"];
      break;
    }
    case "GOODS": {
      const [fr, en] = pick(rng, GOODS);
      const [qfr, qen] = pick(rng, GOODS_QUALIFIERS);
      nameFr = `${fr} ${qfr}`;
      nameEn = `${title(qen)} ${en.toLowerCase()}`;
      volume = null;
      basePrice = Math.round(900 + rng() * 5100);
      [kindFr, kindEn] = ["Accessoire", "Accessory"];
      break;
    }
  }

  const uvc = type === "FOODS" || type === "GOODS" ? 1 : type === "SPIRITUEUX" || (volume ?? 0) >= 1000 || basePrice >= 4500 ? 6 : 12;
  const family = type === "BIERE" ? "beer" : type === "FOODS" || type === "GOODS" || type === "BOISSON" ? "grocery" : "alcohol";
  let weights = CHANNEL_WEIGHTS[family];
  // Expensive bottles stay out of the shops (unit prices 5–60 $).
  if (basePrice > 5200 && family !== "grocery") weights = weights.filter(([c]) => !SHOP_CODES.has(c));
  const codes = [weighted(rng, weights)];
  if (rng() < 0.5) {
    const rest = weights.filter(([c]) => !codes.includes(c));
    if (rest.length > 0) codes.push(weighted(rng, rest));
  }

  const puid = `S${String(n).padStart(7, "0")}`;
  const slug = productSlug(provider.name, nameFr, vintage, puid);
  const attributeKeys = color ? [`PRODUCT_COLOR:${color}`] : [];
  if (type !== "GOODS" && rng() < 0.3) attributeKeys.push(`PROVIDER:${pick(rng, ["organic", "biodynamic", "natural", "family-estate"])}`);
  const vintageFr = vintage ? ` Millésime ${vintage}.` : "";
  const vintageEn = vintage ? ` ${vintage} vintage.` : "";
  return {
    puid,
    slug,
    nameFr,
    nameEn,
    descriptionFr: `${kindFr} ${provider.region.fromFr}, par ${provider.name}.${vintageFr}`,
    descriptionEn: `${kindEn} ${provider.region.fromEn}, by ${provider.name}.${vintageEn}`,
    vintage,
    volumeMl: volume,
    uvc,
    typeCode: type,
    providerIndex,
    zeroRated,
    attributeKeys,
    // Drawn here, right after the product, so the rows never depend on the batch size.
    inventories: codes.map((code) => buildProductInventory(rng, code, { puid, vintage, uvc, zeroRated }, basePrice)),
    facts: { ...NO_WINE_FACTS, grapes, alcoholPercent },
  };
}

/**
 * A synthetic wine's grapes and alcohol (decision 036), drawn from its number, never from the
 * catalogue's PRNG (whose sequence decides every other row): its named grape, and for two wines in
 * five a second grape of the same list (70/30). A grape missing from the reference list is left out.
 */
function syntheticWineFacts(n: number, grape: string, sameColour: readonly string[]): { grapes: GrapeShare[]; alcoholPercent: number } {
  const hash = Math.imul(n, 2654435761) >>> 0;
  const main = grapeCodeOf(grape);
  const other = grapeCodeOf(sameColour[hash % sameColour.length]!);
  const blend = hash % 5 < 2 && main !== null && other !== null && other !== main;
  const grapes: GrapeShare[] = main === null ? [] : blend ? [{ code: main, sharePercent: 70 }, { code: other, sharePercent: 30 }] : [{ code: main, sharePercent: 100 }];
  // 11.5–14.4 % by volume.
  return { grapes, alcoholPercent: (115 + ((hash >>> 8) % 30)) / 10 };
}

/**
 * The `total` products, built producer by producer: each product's producer is drawn uniformly at
 * random (so a producer has about `total / producers` products, more or fewer), then each
 * producer's products are built one after the other and numbered in that order. Written in this
 * order, a producer's product inventories sit side by side in the listing's table, as an agency
 * adding a producer's range at once would have them (decision 022).
 */
function* productsByProducer(rng: Rng, total: number, providersList: SyntheticProvider[]): Generator<SyntheticProduct, void> {
  const productsOfProducer = new Uint32Array(providersList.length);
  for (let i = 0; i < total; i++) productsOfProducer[Math.floor(rng() * providersList.length)]! += 1;
  let n = 0;
  for (const [providerIndex, count] of productsOfProducer.entries()) {
    for (let i = 0; i < count; i++) yield buildProduct(rng, ++n, providersList, providerIndex);
  }
}

// ----- database -------------------------------------------------------------------------------

/**
 * Deletes every catalogue row (cart lines pointing at product inventories, product attributes,
 * product inventories, products, producer origins, producers) in one transaction. Reference data
 * (inventories, product types, attributes, countries, regions) is kept.
 *
 * @returns the number of products deleted
 * @throws the driver's foreign-key error when another table (e.g. order lines) still references a
 *   product or product inventory; nothing is deleted then
 */
export async function deleteCatalogue(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(cartLines);
    await tx.delete(productAttributes);
    await tx.delete(productInventories);
    const deleted = await tx.delete(products).returning({ id: products.id });
    await tx.delete(providerOrigins);
    await tx.delete(providers);
    return deleted.length;
  });
}

/**
 * Generates a large synthetic catalogue (docs/decisions/024-bench-and-several-processes.md bench): `products` products spread over about
 * `products / 50` producers, with about 1.5 product inventories each across every inventory code
 * of both provinces (private import, liquor boards, shops), colour and farming attributes, and the
 * demo catalogue's pricing rules (integer cents, `priceTaxIn` of app/pricing/taxes.ts).
 *
 * Deterministic: the same `seed` and `products` give the same rows in the same order (puids
 * `S0000001`…, numbered producer by producer, slugs ending in the puid). Runs in one transaction
 * with multi-row INSERTs of `batchSize` rows; expects `seedReferenceData(db)` to have run and no
 * previous synthetic rows (use {@link deleteCatalogue} first).
 *
 * @returns counts of inserted providers, products, product inventories and product attributes
 * @throws Error when `products` is not a positive integer or the reference data is missing;
 *   driver errors (e.g. duplicate slug) roll the whole generation back
 */
export async function generateSyntheticCatalogue(db: Database, options: SyntheticOptions): Promise<SyntheticResult> {
  const total = options.products;
  if (!Number.isSafeInteger(total) || total < 1) throw new Error(`products must be a positive integer, got ${total}`);
  const batchSize = options.batchSize ?? 1000;
  const rng = createPrng(options.seed ?? 1);
  const ref = await loadReferenceIds(db);
  const providerList = buildProviders(rng, Math.max(1, Math.round(total / 50)));
  const grapeIds = new Map((await db.select({ id: grapeVarieties.id, code: grapeVarieties.code }).from(grapeVarieties)).map((g) => [g.code, g.id]));

  return db.transaction(async (tx) => {
    await lockCatalogueWrites(tx);
    const bySlug = await writeProviders(
      tx,
      providerList.map(({ slug, name, descriptionFr, descriptionEn, imageColor }) => ({ slug, name, descriptionFr, descriptionEn, imageColor })),
      { batchSize, onExisting: "insert" },
    );
    const providerIds = providerList.map((p) => bySlug.get(p.slug)!);
    await writeProviderOrigins(
      tx,
      providerList.map((p, i) => ({
        providerId: providerIds[i]!,
        countryId: ref.countryIds.get(p.region.country)!,
        regionId: ref.regionIds.get(p.region.code)!,
      })),
      { batchSize },
    );

    const productSequence = productsByProducer(rng, total, providerList);
    let inserted = 0;
    let inventoriesInserted = 0;
    let attributesInserted = 0;
    while (inserted < total) {
      const size = Math.min(batchSize, total - inserted);
      const batch: SyntheticProduct[] = [];
      for (let i = 0; i < size; i++) batch.push(productSequence.next().value!);
      const ids = await writeProducts(
        tx,
        batch.map((p) => {
          const provider = providerList[p.providerIndex]!;
          return {
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
            providerId: providerIds[p.providerIndex]!,
            countryId: ref.countryIds.get(provider.region.country)!,
            regionId: ref.regionIds.get(provider.region.code)!,
            zeroRated: p.zeroRated,
            alcoholPercent: p.facts.alcoholPercent,
          };
        }),
        { batchSize, onExisting: "insert" },
      );
      await replaceProductGrapes(
        tx,
        batch.filter((p) => p.facts.grapes.length > 0).map((p) => ({ productId: ids.get(p.puid)!, grapes: p.facts.grapes })),
        grapeIds,
        { replace: false },
      );

      // Attributes before inventories: a product inventory's listing row is then written once, with
      // its product's colour, instead of written then rewritten by the colour's trigger (decision
      // 022), which in one transaction left the listing's indexes twice their size.
      const attributeRows = batch.flatMap((p) =>
        p.attributeKeys.map((key) => ({ productId: ids.get(p.puid)!, attributeId: ref.attributeIds.get(key)! })),
      );
      await writeProductAttributes(tx, attributeRows, { batchSize: batchSize * 2 });

      const inventoryRows = batch.flatMap((p) =>
        p.inventories.map((inventory) => ({ productId: ids.get(p.puid)!, ...inventory })),
      );
      await writeProductInventories(tx, inventoryRows, { batchSize, onExisting: "insert" });

      inserted += size;
      inventoriesInserted += inventoryRows.length;
      attributesInserted += attributeRows.length;
      options.onProgress?.({ products: inserted, total, productInventories: inventoriesInserted });
    }
    // Fresh statistics so the planner sees the new sizes at once.
    await analyzeCatalogue(tx);
    return {
      providers: providerList.length,
      products: inserted,
      productInventories: inventoriesInserted,
      productAttributes: attributesInserted,
    };
  });
}
