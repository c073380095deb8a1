/**
 * The liquor-store branches a customer can pick up an order at, used to seed the `branches` table.
 * docs/product.md#checkout: "Branch: chosen from a searchable list of liquor-store branches". Pure data, no imports.
 *
 * Real SAQ (Quebec) and LCBO (Ontario) stores, from the boards' public store locators as remembered,
 * checked where a public copy could be found. The comment above each entry says where its fields come from:
 * - A: an SAQ store list (store number, name, banner) kept in a public repository;
 * - B: CTV News lists of SAQ stores open during strikes (2018: numbers and addresses; 2024: addresses and
 *   postal codes);
 * - C: an LCBO store list (store number, cross-street name) kept in a public repository;
 * - D: an extract of the LCBO store locator for downtown Toronto (address, postal code, phone) in a public
 *   repository;
 * - E: single sources: an SAQ scraper's notes (23009, every field), an SAQ press release of July 2020
 *   (Blainville, Mirabel), a local news item on the Sherbrooke Est SAQ, the Kingston Whig-Standard
 *   (store 40 at 34 Barrack St), an LCBO magazine (10 Scrivener Sq.), public code giving 275 Rideau St K1N 5Y3;
 * - R: recalled and not checked; often the address of the shopping centre the store is in, which may differ
 *   from the store's own civic number.
 * Where no source gave a store's own phone number, `phone` is the board's main line: SAQ +1 514 254-6000
 * (saq.com) or helloLCBO +1 800 668-5226 (LCBO press releases), rather than an invented number.
 * Stores move and close: check anything marked R against saq.com / lcbo.com before it is shown to customers.
 *
 * Ordered by province, then city, then name (French-Canadian collation, accents ignored).
 */

/** A branch as it goes into the `branches` table. */
export interface BranchSeed {
  /** The liquor board's own store number, e.g. "23009" for an SAQ, "217" for an LCBO. Unique within its board. */
  storeNumber: string;
  liquorBoard: "SAQ" | "LCBO";
  province: "QC" | "ON";
  /** The store's name as the board shows it, e.g. "SAQ Sélection Marché Atwater" or "LCBO Queens Quay & Cooper Street". */
  name: string;
  /** Civic number and street, e.g. "1176, rue Sainte-Catherine Ouest" (French accents kept). */
  street: string;
  /** e.g. "Montréal", "Québec", "Lévis", "Toronto", "Ottawa". */
  city: string;
  /** Canadian postal code formatted "H3A 1T5" (letter digit letter, space, digit letter digit). */
  postalCode: string;
  /** Phone in E.164, e.g. "+15142740498". */
  phone: string;
}

export const BRANCH_SEEDS: readonly BranchSeed[] = [
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "416",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Dixie & Hwy 7 (Bramalea City Centre)",
    street: "25 Peel Centre Drive",
    city: "Brampton",
    postalCode: "L6T 3R5",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "23",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Barton & Kenilworth (Centre Mall)",
    street: "1227 Barton Street East",
    city: "Hamilton",
    postalCode: "L8H 2V4",
    phone: "+18006685226",
  },
  // C, E; postal code R
  {
    storeNumber: "40",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Barrack & King",
    street: "34 Barrack Street",
    city: "Kingston",
    postalCode: "K7L 1G2",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "200",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Clarke & Dundas (Argyle Mall)",
    street: "1925 Dundas Street",
    city: "London",
    postalCode: "N5V 1P7",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "393",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Richmond & Fanshawe Pk (Masonville)",
    street: "1680 Richmond Street",
    city: "London",
    postalCode: "N6G 3Y9",
    phone: "+18006685226",
  },
  // C; address and postal code R (CF Markville, inferred)
  {
    storeNumber: "390",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO McCowan & Hwy 7",
    street: "5000 Highway 7 East",
    city: "Markham",
    postalCode: "L3R 4M9",
    phone: "+18006685226",
  },
  // C; address and postal code R (low confidence)
  {
    storeNumber: "218",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO N Service & Dixie (Applewood Village)",
    street: "1077 North Service Road",
    city: "Mississauga",
    postalCode: "L4Y 1A6",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "437",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO 3rd Line & Rebecca (Hopedale Mall)",
    street: "1515 Rebecca Street",
    city: "Oakville",
    postalCode: "L6L 5G8",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "378",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Gibb & Stevenson (Oshawa Centre)",
    street: "419 King Street West",
    city: "Oshawa",
    postalCode: "L1J 2K5",
    phone: "+18006685226",
  },
  // C; address and postal code R
  {
    storeNumber: "394",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Carling & Woodroffe (Fairlawn Plaza)",
    street: "2121 Carling Avenue",
    city: "Ottawa",
    postalCode: "K2A 1H2",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "538",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Rideau & Colonel By Dr (Rideau Centre)",
    street: "50 Rideau Street",
    city: "Ottawa",
    postalCode: "K1N 9J7",
    phone: "+18006685226",
  },
  // C, E
  {
    storeNumber: "38",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Rideau & King Edward",
    street: "275 Rideau Street",
    city: "Ottawa",
    postalCode: "K1N 5Y3",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "358",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Chemong & Milroy (Portage Place)",
    street: "1154 Chemong Road",
    city: "Peterborough",
    postalCode: "K9H 7J6",
    phone: "+18006685226",
  },
  // C; address and postal code R (New Sudbury Centre, inferred)
  {
    storeNumber: "287",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Lasalle & Barrydowne (Supermall)",
    street: "1349 Lasalle Boulevard",
    city: "Sudbury",
    postalCode: "P3A 1Z2",
    phone: "+18006685226",
  },
  // C, D
  {
    storeNumber: "333",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Bay & King (First Canadian Place)",
    street: "100 King Street West",
    city: "Toronto",
    postalCode: "M5X 1B1",
    phone: "+14165949040",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "355",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Bayview & Sheppard (Bayview Village)",
    street: "2901 Bayview Avenue",
    city: "Toronto",
    postalCode: "M2K 1E6",
    phone: "+18006685226",
  },
  // C; address and postal code R
  {
    storeNumber: "149",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Bloor & Royal York (Kingsway)",
    street: "2946 Bloor Street West",
    city: "Toronto",
    postalCode: "M8X 1B7",
    phone: "+18006685226",
  },
  // C, D
  {
    storeNumber: "614",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Carlton & Church",
    street: "60 Carlton Street",
    city: "Toronto",
    postalCode: "M5B 2H5",
    phone: "+14165991967",
  },
  // C, D
  {
    storeNumber: "646",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO College & Bay (College Park)",
    street: "777 Bay Street",
    city: "Toronto",
    postalCode: "M5G 2C8",
    phone: "+14165939076",
  },
  // C; address and postal code R
  {
    storeNumber: "164",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Eglinton & Laird",
    street: "147 Laird Drive",
    city: "Toronto",
    postalCode: "M4G 4K1",
    phone: "+18006685226",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "228",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Ellesmere & Victoria Park (Parkway Mall)",
    street: "85 Ellesmere Road",
    city: "Toronto",
    postalCode: "M1R 4B9",
    phone: "+18006685226",
  },
  // C, D
  {
    storeNumber: "483",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Front & Bay (Royal Bank Plaza)",
    street: "200 Bay Street",
    city: "Toronto",
    postalCode: "M5J 2J2",
    phone: "+14163689644",
  },
  // C, D
  {
    storeNumber: "17",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Front & Sherbourne",
    street: "222 Front Street East",
    city: "Toronto",
    postalCode: "M5A 1E7",
    phone: "+14162140311",
  },
  // C, D
  {
    storeNumber: "511",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Front & Spadina",
    street: "49 Spadina Avenue",
    city: "Toronto",
    postalCode: "M5V 2J1",
    phone: "+14165981482",
  },
  // C, D
  {
    storeNumber: "217",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Queens Quay & Cooper Street",
    street: "2 Cooper Street",
    city: "Toronto",
    postalCode: "M5E 0B8",
    phone: "+14168646777",
  },
  // C, D
  {
    storeNumber: "14",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Spadina & Dundas",
    street: "337 Spadina Avenue",
    city: "Toronto",
    postalCode: "M5T 2E9",
    phone: "+14165970145",
  },
  // C, D
  {
    storeNumber: "568",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Yonge & Dundas (Atrium On Bay)",
    street: "595 Bay Street",
    city: "Toronto",
    postalCode: "M5G 2C2",
    phone: "+14169799978",
  },
  // C, E; postal code R
  {
    storeNumber: "10",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Yonge & Summerhill",
    street: "10 Scrivener Square",
    city: "Toronto",
    postalCode: "M4W 3Y9",
    phone: "+18006685226",
  },
  // C, D
  {
    storeNumber: "411",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO Yonge & Wellesley",
    street: "547 Yonge Street",
    city: "Toronto",
    postalCode: "M4Y 1Y5",
    phone: "+14169238498",
  },
  // C, D
  {
    storeNumber: "677",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO York & Lake Shore (Maple Leaf Square)",
    street: "15 York Street",
    city: "Toronto",
    postalCode: "M5J 0A3",
    phone: "+14165943838",
  },
  // C; address and postal code R (the shopping centre's)
  {
    storeNumber: "115",
    liquorBoard: "LCBO",
    province: "ON",
    name: "LCBO King S & William (Waterloo Town Sq)",
    street: "75 King Street South",
    city: "Waterloo",
    postalCode: "N2J 1P2",
    phone: "+18006685226",
  },
  // A, E (address matched to the only Blainville Sélection)
  {
    storeNumber: "23069",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Blainville",
    street: "259, boulevard de la Seigneurie Ouest",
    city: "Blainville",
    postalCode: "J7C 4N3",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23332",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express Brossard - Marché Village",
    street: "7800, boulevard Taschereau",
    city: "Brossard",
    postalCode: "J4X 1V7",
    phone: "+15142546000",
  },
  // A; address and postal code R
  {
    storeNumber: "23004",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Quartier Dix30",
    street: "9160, boulevard Leduc",
    city: "Brossard",
    postalCode: "J4Y 0E3",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23226",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express Châteauguay - Boul. St-Jean-Baptiste",
    street: "85, boulevard Saint-Jean-Baptiste",
    city: "Châteauguay",
    postalCode: "J6J 3H7",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23115",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express La Porte de Gatineau",
    street: "25, chemin de la Savane",
    city: "Gatineau",
    postalCode: "J8T 8A4",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23247",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Gatineau - St-Joseph/Freeman",
    street: "1160, boulevard Saint-Joseph",
    city: "Gatineau",
    postalCode: "J8Z 1T3",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23068",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ La Prairie",
    street: "50, boulevard Taschereau",
    city: "La Prairie",
    postalCode: "J5R 4V3",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23121",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Duvernay",
    street: "3100, boulevard de la Concorde Est",
    city: "Laval",
    postalCode: "H7E 2B8",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23181",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Fabreville",
    street: "420, boulevard Curé-Labelle",
    city: "Laval",
    postalCode: "H7P 2P1",
    phone: "+15142546000",
  },
  // A; address and postal code R (Galeries Chagnon, inferred)
  {
    storeNumber: "33615",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Lévis - Route du Président-Kennedy",
    street: "1200, boulevard Alphonse-Desjardins",
    city: "Lévis",
    postalCode: "G6V 6Y8",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23180",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Longueuil - Ch. de Chambly",
    street: "2915, chemin de Chambly",
    city: "Longueuil",
    postalCode: "J4L 1M7",
    phone: "+15142546000",
  },
  // A, E (address matched by street; inferred)
  {
    storeNumber: "23142",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Mirabel - Saint-Janvier",
    street: "13370, boulevard du Curé-Labelle",
    city: "Mirabel",
    postalCode: "J7J 1G9",
    phone: "+15142546000",
  },
  // A, E (all fields)
  {
    storeNumber: "23009",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Du Parc/Fairmount Ouest",
    street: "5610, avenue du Parc",
    city: "Montréal",
    postalCode: "H2V 4H9",
    phone: "+15142740498",
  },
  // A, B; postal code from a third-party seed file
  {
    storeNumber: "23001",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express Ste-Catherine Ouest/Stanley",
    street: "1176, rue Sainte-Catherine Ouest",
    city: "Montréal",
    postalCode: "H3B 1K1",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23011",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Halles D'Anjou",
    street: "7500, boulevard des Galeries-d'Anjou",
    city: "Montréal",
    postalCode: "H1M 3M4",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23055",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Marché Jean-Talon",
    street: "7077, avenue Casgrain",
    city: "Montréal",
    postalCode: "H2S 3A3",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23237",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ R.D.P. - Boul. Rodolphe-Forget",
    street: "12401, boulevard Rodolphe-Forget",
    city: "Montréal",
    postalCode: "H1E 0A2",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23173",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Rue Masson",
    street: "2685, rue Masson",
    city: "Montréal",
    postalCode: "H1Y 1W3",
    phone: "+15142546000",
  },
  // A, B; postal code R
  {
    storeNumber: "23185",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Ateliers Angus",
    street: "4125, rue André-Laurendeau",
    city: "Montréal",
    postalCode: "H1Y 3R8",
    phone: "+15142546000",
  },
  // A, B; postal code from a third-party seed file
  {
    storeNumber: "23132",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Marché Atwater",
    street: "155, avenue Atwater",
    city: "Montréal",
    postalCode: "H3J 2J4",
    phone: "+15142546000",
  },
  // A, B; postal code R
  {
    storeNumber: "23101",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Mont-Royal Est/Papineau",
    street: "1690, avenue du Mont-Royal Est",
    city: "Montréal",
    postalCode: "H2J 1Z5",
    phone: "+15142546000",
  },
  // A, B, E; postal code R
  {
    storeNumber: "23171",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Sherbrooke Est/Autoroute 25",
    street: "7550, rue Sherbrooke Est",
    city: "Montréal",
    postalCode: "H1N 1E9",
    phone: "+15142546000",
  },
  // B (number, name, address)
  {
    storeNumber: "23217",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Ste-Catherine Ouest/Lambert-Closse",
    street: "2204, rue Sainte-Catherine Ouest",
    city: "Montréal",
    postalCode: "H3H 1M7",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23107",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Verdun",
    street: "4215, rue Wellington",
    city: "Montréal",
    postalCode: "H4G 1V9",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23159",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Centre Fairview",
    street: "6815, route Transcanadienne",
    city: "Pointe-Claire",
    postalCode: "H9R 1C4",
    phone: "+15142546000",
  },
  // A; address and postal code R (the market's)
  {
    storeNumber: "33594",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express Halles Sainte-Foy",
    street: "2500, chemin des Quatre-Bourgeois",
    city: "Québec",
    postalCode: "G1V 4P9",
    phone: "+15142546000",
  },
  // A; address and postal code R (the shopping centre's)
  {
    storeNumber: "33553",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Galeries de la Capitale",
    street: "5401, boulevard des Galeries",
    city: "Québec",
    postalCode: "G2K 1N4",
    phone: "+15142546000",
  },
  // A (listed as Classique; Sélection since 2017 per local press); address and postal code R
  {
    storeNumber: "33508",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Québec - Avenue Cartier",
    street: "1059, avenue Cartier",
    city: "Québec",
    postalCode: "G1R 2S6",
    phone: "+15142546000",
  },
  // A; address and postal code R (Place du Royaume, inferred)
  {
    storeNumber: "33511",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Chicoutimi - Boul. Talbot",
    street: "1401, boulevard Talbot",
    city: "Saguenay",
    postalCode: "G7H 5N6",
    phone: "+15142546000",
  },
  // A; address and postal code R (the shopping centre's)
  {
    storeNumber: "23183",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Sélection Carrefour du Nord",
    street: "900, boulevard Grignon",
    city: "Saint-Jérôme",
    postalCode: "J7Y 3S7",
    phone: "+15142546000",
  },
  // A, B
  {
    storeNumber: "23160",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Carrefour de L'Estrie",
    street: "3320, boulevard de Portland",
    city: "Sherbrooke",
    postalCode: "J1L 2A6",
    phone: "+15142546000",
  },
  // A; address and postal code R (the shopping centre's)
  {
    storeNumber: "23314",
    liquorBoard: "SAQ",
    province: "QC",
    name: "SAQ Express Terrebonne - Boul. Moody",
    street: "1185, boulevard Moody",
    city: "Terrebonne",
    postalCode: "J6W 3Z5",
    phone: "+15142546000",
  },
];
