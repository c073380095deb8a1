/**
 * Plausible wine facts for the demo and synthetic catalogues (decision 036): grapes resolved from
 * the cuvée's grape names against the reference list, alcohol and sugar by kind of drink,
 * appellation and designation by region and country, serving temperature, ageing potential and
 * short tasting notes and pairings by colour. Deterministic: drawn from the product's number, never
 * from the catalogue's PRNG (whose sequence decides prices and stock).
 */
import { grapeKey, grapeLookup, type GrapeShare, NO_WINE_FACTS, type WineFacts } from "~/catalogue/wine-facts";
import { GRAPE_VARIETIES } from "./grape-varieties";

/** Names the demo and synthetic lists use for a variety under another of its names. */
const ALIASES: Record<string, string> = {
  garnatxa: "grenache",
  "tinta-roriz": "tempranillo",
  "listan-blanco": "palomino",
  melon: "melon-de-bourgogne",
  sauvignon: "sauvignon-blanc",
  spatburgunder: "pinot-noir",
  fruhburgunder: "pinot-noir",
  weissburgunder: "pinot-blanc",
  grauburgunder: "pinot-gris",
  lemberger: "blaufrankisch",
  alvarinho: "albarino",
  "st-laurent": "saint-laurent",
  moscato: "muscat",
};

const LOOKUP = grapeLookup(GRAPE_VARIETIES);

/** The reference code of a grape name ("pinot noir", "Garnacha", "mourvèdre"), or null when not in the list. */
export function grapeCodeOf(name: string): string | null {
  const key = grapeKey(name);
  return LOOKUP.get(ALIASES[key] ?? key) ?? LOOKUP.get(key) ?? null;
}

/** Shares of a blend of `count` known grapes, main grape first; none beyond four. */
const BLENDS: Record<number, readonly number[]> = { 1: [100], 2: [60, 40], 3: [50, 30, 20], 4: [40, 30, 20, 10] };

/**
 * The grapes of a cuvée's grape list ("syrah, grenache, mourvèdre"; "X et Y"): the names found in the
 * reference list, in order, with the shares of a typical blend when every name was found.
 */
export function grapesOf(list: string | null): GrapeShare[] {
  if (!list) return [];
  const names = list.split(/,\s*|\s+et\s+/).filter(Boolean);
  const codes = [...new Set(names.map(grapeCodeOf).filter((c): c is string => c !== null))];
  const shares = codes.length === names.length ? BLENDS[codes.length] : undefined;
  return codes.map((code, i) => ({ code, sharePercent: shares?.[i] ?? null }));
}

/** A number in [0, 1) drawn from an integer (Knuth's multiplicative hash): the same product, the same facts. */
function unit(n: number, salt: number): number {
  return (Math.imul(n + salt * 7919, 2654435761) >>> 0) / 4294967296;
}

/** One decimal between `min` and `max`. */
const tenth = (n: number, salt: number, min: number, max: number) => Math.round((min + unit(n, salt) * (max - min)) * 10) / 10;

/** The appellation a region's wines most often carry. */
const APPELLATION_OF_REGION: Record<string, string> = {
  loire: "Val de Loire",
  beaujolais: "Beaujolais",
  bourgogne: "Bourgogne",
  jura: "Côtes du Jura",
  rhone: "Côtes du Rhône",
  alsace: "Alsace",
  champagne: "Champagne",
  savoie: "Vin de Savoie",
  roussillon: "Côtes du Roussillon",
  languedoc: "Languedoc",
  gascogne: "Côtes de Gascogne",
  bordeaux: "Bordeaux",
  piemonte: "Langhe",
  "emilia-romagna": "Emilia",
  "friuli-venezia-giulia": "Friuli Colli Orientali",
  "trentino-alto-adige": "Alto Adige",
  toscana: "Chianti Classico",
  sicilia: "Sicilia",
  puglia: "Salento",
  canarias: "Tenerife",
  galicia: "Rías Baixas",
  manchuela: "Manchuela",
  catalunya: "Penedès",
  "pais-vasco": "Getariako Txakolina",
  douro: "Douro",
  "vinho-verde": "Vinho Verde",
  burgenland: "Burgenland",
  niederosterreich: "Kamptal",
  pfalz: "Pfalz",
  rheinhessen: "Rheinhessen",
  mosel: "Mosel",
  santorini: "Santorini",
  kakheti: "Kakheti",
  "niagara-peninsula": "Niagara Peninsula",
  "prince-edward-county": "Prince Edward County",
  ontario: "Ontario",
};

/** Appellations named in a cuvée's own name, which beat the region's. */
const NAMED_APPELLATIONS = [
  "Muscadet Sèvre et Maine",
  "Muscadet",
  "Morgon",
  "Fleurie",
  "Vouvray",
  "Arbois",
  "Chablis",
  "Cheverny",
  "Crémant du Jura",
  "Barolo",
  "Barbaresco",
  "Chianti Classico",
  "Cerasuolo di Vittoria",
  "Etna",
  "Rioja",
  "Priorat",
];

/** The designation a country's appellations carry. */
const DESIGNATION_OF_COUNTRY: Record<string, string> = {
  FR: "AOP",
  IT: "DOC",
  ES: "DO",
  PT: "DOC",
  AT: "DAC",
  DE: "Qualitätswein",
  GR: "PDO",
  GE: "PDO",
};

const NOTES: Record<string, { tasting: [string, string]; food: [string, string]; serve: [number, number]; alcohol: [number, number] }> = {
  red: {
    tasting: [
      "Fruits rouges et noirs, épices douces, tanins souples et finale fraîche.",
      "Red and dark fruit, gentle spice, supple tannins and a fresh finish.",
    ],
    food: [
      "Viandes grillées, volailles rôties, charcuteries, fromages à pâte ferme.",
      "Grilled meats, roast poultry, charcuterie, firm cheeses.",
    ],
    serve: [14, 17],
    alcohol: [12.5, 14.5],
  },
  white: {
    tasting: [
      "Agrumes, fruits à chair blanche et notes minérales, bouche vive et tendue.",
      "Citrus, orchard fruit and mineral notes, a lively, taut palate.",
    ],
    food: ["Poissons, fruits de mer, volailles à la crème, fromages de chèvre.", "Fish, seafood, creamy poultry, goat cheeses."],
    serve: [8, 11],
    alcohol: [11.5, 13.5],
  },
  rose: {
    tasting: [
      "Petits fruits rouges, pamplemousse, bouche sèche et désaltérante.",
      "Red berries, grapefruit, a dry and thirst-quenching palate.",
    ],
    food: [
      "Apéritif, salades composées, grillades d'été, cuisine méditerranéenne.",
      "Aperitif, salads, summer grilling, Mediterranean food.",
    ],
    serve: [8, 10],
    alcohol: [11.5, 13],
  },
  orange: {
    tasting: [
      "Écorce d'orange, thé, fruits secs, tanins fins de macération.",
      "Orange peel, tea, dried fruit and fine skin-contact tannins.",
    ],
    food: ["Plats épicés, cuisine moyen-orientale, fromages affinés.", "Spiced dishes, Middle Eastern food, aged cheeses."],
    serve: [11, 14],
    alcohol: [11.5, 13],
  },
  sparkling: {
    tasting: ["Bulles fines, pomme verte, brioche et finale saline.", "Fine bubbles, green apple, brioche and a saline finish."],
    food: ["Apéritif, huîtres, fritures, fromages à croûte fleurie.", "Aperitif, oysters, fried food, bloomy-rind cheeses."],
    serve: [6, 8],
    alcohol: [11, 12.5],
  },
  sweet: {
    tasting: [
      "Miel, fruits confits et abricot, liqueur équilibrée par l'acidité.",
      "Honey, candied fruit and apricot, sweetness balanced by acidity.",
    ],
    food: ["Foie gras, fromages bleus, desserts aux fruits.", "Foie gras, blue cheeses, fruit desserts."],
    serve: [8, 10],
    alcohol: [10.5, 12.5],
  },
};

/** What {@link demoWineFacts} needs of a product. */
export interface DemoFactsInput {
  /** The product's number in its catalogue (the facts' random draws come from it). */
  n: number;
  typeCode: string;
  colorCode: string | null;
  /** The cuvée's grape names, as the demo lists them ("pinot noir, gamay"); null for none. */
  grapes: string | null;
  /** The cuvée's name (an appellation it names wins over the region's). */
  name: string;
  regionCode: string;
  countryCode: string;
  province?: string;
  vintage: number | null;
  /** Reference price per bottle in cents (dearer wines keep longer). */
  priceCents: number;
  /** The product's SAQ and LCBO product codes, when it is sold there. */
  saqCode: string | null;
  lcboCode: string | null;
}

/**
 * The facts of a demo product: wines (VIN, WINES) get grapes, alcohol, sugar, appellation and
 * designation, notes, pairings, temperature and ageing; ciders, aperitifs, spirits and beers their
 * alcohol (and the sweet ones their sugar); foods and goods nothing but their board codes (none).
 */
export function demoWineFacts(input: DemoFactsInput): WineFacts {
  const { n, typeCode, colorCode } = input;
  const codes = { saqCode: input.saqCode, lcboCode: input.lcboCode };
  switch (typeCode) {
    case "VIN":
    case "WINES": {
      const notes = NOTES[colorCode ?? "white"] ?? NOTES.white!;
      const sweet = colorCode === "sweet";
      const natural = typeCode === "WINES";
      const named = NAMED_APPELLATIONS.find((a) => input.name.includes(a));
      const quebec = input.province === "QC";
      const appellation = named ?? (natural && input.countryCode === "FR" ? null : (APPELLATION_OF_REGION[input.regionCode] ?? null));
      const designation = quebec
        ? "IGP Vin du Québec"
        : input.province === "ON"
          ? "VQA"
          : natural && input.countryCode === "FR" && !named
            ? "Vin de France"
            : (DESIGNATION_OF_COUNTRY[input.countryCode] ?? null);
      const dear = input.priceCents >= 5000 ? 2 : input.priceCents >= 3000 ? 1 : 0;
      return {
        ...NO_WINE_FACTS,
        ...codes,
        grapes: grapesOf(input.grapes),
        alcoholPercent: tenth(n, 1, notes.alcohol[0], notes.alcohol[1]),
        residualSugarGramsPerLitre: sweet ? tenth(n, 2, 45, 130) : tenth(n, 2, 1.2, 4.5),
        appellation,
        designation,
        tastingNotesFr: notes.tasting[0],
        tastingNotesEn: notes.tasting[1],
        foodPairingsFr: notes.food[0],
        foodPairingsEn: notes.food[1],
        servingTemperatureMinC: notes.serve[0],
        servingTemperatureMaxC: notes.serve[1],
        ageingPotentialYears: [3, 6, 12][dear]! + (sweet ? 10 : 0) + Math.floor(unit(n, 3) * 3),
      };
    }
    case "CIDRE":
      return {
        ...NO_WINE_FACTS,
        ...codes,
        alcoholPercent: colorCode === "sweet" ? tenth(n, 1, 9, 11) : tenth(n, 1, 5, 8),
        residualSugarGramsPerLitre: colorCode === "sweet" ? tenth(n, 2, 120, 180) : tenth(n, 2, 5, 25),
        servingTemperatureMinC: 6,
        servingTemperatureMaxC: 8,
      };
    case "APERITIF":
      return { ...NO_WINE_FACTS, ...codes, alcoholPercent: tenth(n, 1, 15, 18), residualSugarGramsPerLitre: tenth(n, 2, 60, 160) };
    case "SPIRITUEUX":
      return { ...NO_WINE_FACTS, ...codes, alcoholPercent: tenth(n, 1, 40, 46) };
    case "BIERE":
      return { ...NO_WINE_FACTS, ...codes, alcoholPercent: tenth(n, 1, 4.5, 7.5), servingTemperatureMinC: 4, servingTemperatureMaxC: 7 };
    default:
      return { ...NO_WINE_FACTS, ...codes };
  }
}
