/**
 * The demo articles: short bilingual pieces about real wine subjects — regions,
 * grapes, natural wine and the producers of the demo catalogue — linked to their products and
 * producers by slug. Plain data; {@link seedDemoBlogs} in seed-demo-blogs.server.ts loads it.
 */
import type { BlogCoverMotif, BlogType } from "~/vocabulary";

/** One demo article; `themes` are BLOG_THEME codes, `products` and `providers` slugs. */
export interface DemoBlog {
  slug: string;
  type: BlogType;
  publishedAt: string;
  coverColor: string;
  coverMotif: BlogCoverMotif;
  themes: string[];
  products: string[];
  providers: string[];
  fr: { title: string; summary: string; body: string };
  en: { title: string; summary: string; body: string };
}

export const DEMO_BLOGS: readonly DemoBlog[] = [
  {
    slug: "muscadet-domaine-de-la-pepiere",
    type: "PRODUCER_PORTRAIT",
    publishedAt: "2026-10-02T12:00:00Z",
    coverColor: "#c9b458",
    coverMotif: "grapes",
    themes: ["winemakers", "food-pairing"],
    products: [
      "domaine-de-la-pepiere-muscadet-sevre-et-maine-sur-lie-la-pepie-2023",
      "domaine-de-la-pepiere-muscadet-clos-des-briords-2021",
    ],
    providers: ["domaine-de-la-pepiere"],
    fr: {
      title: "La Pépière, le Muscadet pris au sérieux",
      summary: "Au sud-est de Nantes, un domaine qui a rendu ses lettres de noblesse au melon de Bourgogne.",
      body: `Le Muscadet a longtemps traîné une réputation de petit blanc de comptoir. Le **Domaine de la Pépière**, fondé par Marc Ollivier et aujourd’hui conduit avec Rémi Branger et Gwénaëlle Croix, a contribué à changer cette image.

## Un seul cépage, plusieurs sols

Tout est fait avec le **melon de Bourgogne**, sur les granites et gneiss du Muscadet Sèvre et Maine. Les vignes sont cultivées en bio et vendangées à la main. Les cuvées suivent les sols : *La Pépie* pour la fraîcheur immédiate, *Clos des Briords* pour ses vieilles vignes plantées dans les années 1930, *Château-Thébaud* pour un cru communal plus profond.

## Sur lie

La mention « sur lie » signifie que le vin reste sur ses lies fines jusqu’à la mise en bouteille : il y gagne du gras et une légère salinité, sans bois.

## À table

Huîtres, moules, poisson grillé, mais aussi fromages de chèvre. Les cuvées de garde gagnent à attendre cinq à dix ans.`,
    },
    en: {
      title: "La Pépière: Muscadet taken seriously",
      summary: "South-east of Nantes, an estate that gave Melon de Bourgogne its reputation back.",
      body: `Muscadet long suffered from a reputation as a cheap bar white. **Domaine de la Pépière**, founded by Marc Ollivier and now run with Rémi Branger and Gwénaëlle Croix, helped change that.

## One grape, several soils

Everything is made from **Melon de Bourgogne**, on the granite and gneiss of Muscadet Sèvre et Maine. The vines are farmed organically and picked by hand. The cuvées follow the soils: *La Pépie* for immediate freshness, *Clos des Briords* from old vines planted in the 1930s, *Château-Thébaud* for a deeper communal cru.

## Sur lie

"Sur lie" means the wine stays on its fine lees until bottling: it gains texture and a light saltiness, without oak.

## At the table

Oysters, mussels, grilled fish, and goat cheeses too. The age-worthy cuvées reward five to ten years in the cellar, when they take on notes of honey, smoke and dried herbs while keeping their bright acidity.`,
    },
  },
  {
    slug: "beaujolais-morgon-gang-of-four",
    type: "REGION",
    publishedAt: "2026-09-18T12:00:00Z",
    coverColor: "#7a1f3d",
    coverMotif: "hills",
    themes: ["travel", "winemakers"],
    products: ["marcel-lapierre-morgon-2022", "jean-foillard-morgon-cote-du-py-2021", "marcel-lapierre-raisins-gaulois-2024"],
    providers: ["marcel-lapierre", "jean-foillard"],
    fr: {
      title: "Morgon et la « bande des quatre »",
      summary: "Comment quelques vignerons de Villié-Morgon ont relancé le gamay et le vin nature.",
      body: `Dans les années 1980, à Villié-Morgon, **Marcel Lapierre**, **Jean Foillard**, Jean-Paul Thévenet et Guy Breton reviennent à une façon ancienne de faire le vin, sous l’influence du chercheur Jules Chauvet : raisins sains vendangés à la main, levures indigènes, peu ou pas de soufre.

## Le gamay en grappes entières

Le **gamay** y est vinifié en grappes entières, en macération semi-carbonique : la fermentation commence à l’intérieur des baies, ce qui donne des vins fruités, souples et pourtant capables de vieillir.

## La Côte du Py

Morgon est l’un des dix crus du Beaujolais. Sa colline la plus célèbre, la **Côte du Py**, repose sur des schistes et des roches altérées que les vignerons appellent « roche pourrie ». Jean Foillard en tire un Morgon charpenté.

## Aujourd’hui

Le domaine Lapierre est conduit par Mathieu et Camille Lapierre, enfants de Marcel. Leur *Raisins Gaulois* est une bonne porte d’entrée, à boire légèrement frais.`,
    },
    en: {
      title: 'Morgon and the "Gang of Four"',
      summary: "How a few growers in Villié-Morgon revived gamay and natural wine.",
      body: `In the 1980s in Villié-Morgon, **Marcel Lapierre**, **Jean Foillard**, Jean-Paul Thévenet and Guy Breton went back to an older way of making wine, influenced by the researcher Jules Chauvet: healthy hand-picked grapes, native yeasts, little or no sulphur.

## Whole-bunch gamay

**Gamay** is fermented there as whole bunches, by semi-carbonic maceration: fermentation starts inside the berries, giving fruity, supple wines that can still age.

## The Côte du Py

Morgon is one of the ten Beaujolais crus. Its most famous hill, the **Côte du Py**, sits on schist and weathered rock the growers call "roche pourrie". Jean Foillard makes a structured Morgon from it.

## Today

The Lapierre estate is run by Mathieu and Camille Lapierre, Marcel's children. Their *Raisins Gaulois* is a good way in, served lightly chilled, around 14 °C. Keep the Morgons a few years: with time, the fruit of gamay gives way to earthier, almost pinot-like notes.`,
    },
  },
  {
    slug: "what-is-natural-wine",
    type: "ARTICLE",
    publishedAt: "2026-09-01T12:00:00Z",
    coverColor: "#a8452e",
    coverMotif: "glass",
    themes: ["winemakers"],
    products: ["domaine-gramenon-poignee-de-raisins-2023", "clos-du-tue-boeuf-cheverny-frileuse-2023"],
    providers: ["domaine-gramenon", "clos-du-tue-boeuf"],
    fr: {
      title: "Le vin nature, c’est quoi au juste ?",
      summary: "Raisins bio, levures indigènes, peu ou pas de sulfites : ce que recouvre le mot.",
      body: `Le mot « nature » n’est pas une appellation. Il désigne une façon de faire partagée par de nombreux vignerons.

## Les principes

- des raisins issus de l’**agriculture biologique** (souvent biodynamique), vendangés à la main ;
- une fermentation par les **levures indigènes**, celles du raisin et de la cave ;
- **aucun intrant** : ni acidification, ni sucre ajouté, ni copeaux ;
- **peu ou pas de sulfites**, ajoutés au plus avant la mise en bouteille.

En France, la charte « Vin méthode nature », reconnue en 2020, encadre ces pratiques pour les vignerons qui souhaitent l’afficher.

## Au verre

Les vins nature sont souvent plus digestes et parfois moins stables : on les garde au frais et à l’abri de la chaleur. Une légère réduction à l’ouverture se dissipe à l’aération.

## Deux exemples

Le **Domaine Gramenon**, dans la Drôme, et le **Clos du Tue-Bœuf**, à Cheverny, montrent deux visages du mouvement : grenache solaire d’un côté, vins de Loire légers de l’autre.`,
    },
    en: {
      title: "Natural wine: what does it actually mean?",
      summary: "Organic grapes, native yeasts, little or no sulphites: what the word covers.",
      body: `"Natural" is not an appellation. It names a way of working shared by many growers.

## The principles

- grapes from **organic** (often biodynamic) farming, picked by hand;
- fermentation by **native yeasts**, those of the grapes and the cellar;
- **no additives**: no acidification, no added sugar, no oak chips;
- **little or no sulphites**, added at most before bottling.

In France, the "Vin méthode nature" charter, recognised in 2020, frames these practices for growers who want to display it.

## In the glass

Natural wines are often light on the stomach and sometimes less stable: keep them cool and away from heat. A slight reduction on opening fades with air.

## Two examples

**Domaine Gramenon** in the Drôme and **Clos du Tue-Bœuf** in Cheverny show two faces of the movement: sun-ripe grenache on one side, light Loire wines on the other. Neither puts "natural" on its labels: the word describes a practice, and the best way to judge it is still to taste.`,
    },
  },
  {
    slug: "jura-savagnin-vin-jaune",
    type: "REGION",
    publishedAt: "2026-08-14T12:00:00Z",
    coverColor: "#b07a2a",
    coverMotif: "hills",
    themes: ["travel", "food-pairing"],
    products: ["domaine-tissot-arbois-savagnin-2019", "domaine-tissot-arbois-poulsard-vieilles-vignes-2022"],
    providers: ["domaine-tissot"],
    fr: {
      title: "Le Jura, du savagnin au vin jaune",
      summary: "Une petite région entre Bourgogne et Suisse, ses cépages à part et son vin sous voile.",
      body: `Le **Jura** est l’un des plus petits vignobles de France, autour d’Arbois, de Poligny et de Château-Chalon. Il cultive des cépages qu’on trouve peu ailleurs.

## Les cépages

- **Savagnin** : blanc, tendu, capable de longues gardes ;
- **Poulsard** (ou ploussard) : rouge pâle et parfumé ;
- **Trousseau** : rouge plus épicé ;
- avec le chardonnay et le pinot noir.

## Le vin jaune

Le savagnin élevé **sous voile** donne le vin jaune : le vin reste au moins six ans en fût sans ouillage, protégé par un voile de levures qui lui apporte ses notes de noix et de curry. Il est mis dans le *clavelin* de 62 cl.

## Domaine Tissot

À Arbois, **Stéphane Tissot** conduit le domaine familial en biodynamie et vinifie ses parcelles séparément, des crémants aux savagnins.

## À table

Le comté est l’accord classique du savagnin ; le poulsard aime la charcuterie et les volailles.`,
    },
    en: {
      title: "The Jura, from savagnin to vin jaune",
      summary: "A small region between Burgundy and Switzerland, its singular grapes and its wine under flor.",
      body: `The **Jura** is one of France's smallest wine regions, around Arbois, Poligny and Château-Chalon. It grows grapes rarely seen elsewhere.

## The grapes

- **Savagnin**: white, taut, able to age for decades;
- **Poulsard** (or ploussard): pale, perfumed red;
- **Trousseau**: a spicier red;
- alongside chardonnay and pinot noir.

## Vin jaune

Savagnin aged **under flor** becomes vin jaune: the wine spends at least six years in barrel without topping up, protected by a film of yeast that gives its notes of walnut and curry. It is bottled in the 62 cl *clavelin*.

## Domaine Tissot

In Arbois, **Stéphane Tissot** farms the family estate biodynamically and vinifies his plots separately, from crémants to savagnins.

## At the table

Comté is the classic match for savagnin; poulsard likes charcuterie and poultry. Vin jaune, served barely cool, is a classic with chicken in cream and morels, a dish of the region.`,
    },
  },
  {
    slug: "sicily-vittoria-frappato",
    type: "REGION",
    publishedAt: "2026-07-30T12:00:00Z",
    coverColor: "#c44536",
    coverMotif: "leaf",
    themes: ["travel", "winemakers"],
    products: ["cos-pithos-rosso-2021", "cos-frappato-2022", "arianna-occhipinti-sp68-rosso-2023"],
    providers: ["cos", "arianna-occhipinti"],
    fr: {
      title: "Vittoria, le frappato et le nero d’Avola",
      summary: "Au sud-est de la Sicile, COS et Arianna Occhipinti ont fait connaître un vin rouge léger et lumineux.",
      body: `Autour de **Vittoria**, dans le sud-est de la Sicile, les sols de sable rouge sur calcaire donnent des rouges plus frais qu’on ne l’imagine sous ce climat.

## Deux cépages

Le **nero d’Avola** apporte la couleur et la structure ; le **frappato**, le parfum de fruits rouges et de fleurs. Ensemble, ils forment le **Cerasuolo di Vittoria**, seule DOCG de Sicile.

## COS

Fondé en 1980 par trois amis, Giambattista Cilia, Giusto Occhipinti et Cirino Strano, **COS** vinifie en biodynamie et élève une partie de ses vins en amphores de terre cuite, d’où le nom de la cuvée *Pithos*.

## Arianna Occhipinti

Nièce de Giusto, **Arianna Occhipinti** a créé son domaine au début des années 2000. Son *SP68*, du nom de la route provinciale qui traverse ses vignes, assemble frappato et nero d’Avola dans un rouge vif, à boire frais.

## Au verre

Ces vins aiment les pâtes à la tomate, le thon grillé et les légumes rôtis.`,
    },
    en: {
      title: "Vittoria, frappato and nero d'Avola",
      summary: "In south-eastern Sicily, COS and Arianna Occhipinti made a light, bright red famous.",
      body: `Around **Vittoria**, in south-eastern Sicily, red sand over limestone gives reds fresher than the climate suggests.

## Two grapes

**Nero d'Avola** brings colour and structure; **frappato** brings the scent of red fruit and flowers. Together they make **Cerasuolo di Vittoria**, Sicily's only DOCG.

## COS

Founded in 1980 by three friends, Giambattista Cilia, Giusto Occhipinti and Cirino Strano, **COS** farms biodynamically and ages part of its wine in clay amphorae, hence the name of its *Pithos* cuvée.

## Arianna Occhipinti

Giusto's niece, **Arianna Occhipinti**, started her own estate in the early 2000s. Her *SP68*, named after the provincial road through her vines, blends frappato and nero d'Avola into a lively red to serve cool.

## In the glass

These wines like tomato pasta, grilled tuna and roasted vegetables. Serve the frappato slightly chilled, around 14 °C: it is at its most fragrant young, within a few years of the harvest.`,
    },
  },
  {
    slug: "orange-wine-skin-contact",
    type: "ARTICLE",
    publishedAt: "2026-07-10T12:00:00Z",
    coverColor: "#d9822b",
    coverMotif: "glass",
    themes: ["food-pairing", "winemakers"],
    products: ["radikon-ribolla-gialla-2018", "pheasant-s-tears-rkatsiteli-2022"],
    providers: ["radikon", "pheasant-s-tears"],
    fr: {
      title: "Le vin orange, un blanc vinifié comme un rouge",
      summary: "De la Géorgie au Frioul, la macération des raisins blancs sur leurs peaux.",
      body: `Un vin **orange** est un vin blanc dont le moût fermente au contact des peaux, parfois pendant des mois, comme pour un rouge. Les peaux lui donnent sa couleur ambrée, des tanins et des arômes de fruits secs, de thé et d’écorce.

## La Géorgie et les qvevris

La méthode est très ancienne en **Géorgie**, où le vin fermente dans des **qvevris**, de grandes jarres de terre cuite enterrées ; cette tradition est inscrite au patrimoine immatériel de l’UNESCO depuis 2013. En Kakhétie, **Pheasant’s Tears** y vinifie notamment le rkatsiteli.

## Le Frioul

À Oslavia, à la frontière slovène, **Stanko Radikon** a adopté de longues macérations pour la ribolla gialla à la fin des années 1990. Son fils Saša poursuit le travail.

## Servir

Pas trop froid, vers 12 à 14 °C, dans un verre à vin rouge. Les tanins en font d’excellents compagnons des plats épicés, des légumes grillés et des fromages affinés.`,
    },
    en: {
      title: "Orange wine: a white made like a red",
      summary: "From Georgia to Friuli, white grapes macerated on their skins.",
      body: `An **orange** wine is a white wine whose juice ferments with the skins, sometimes for months, as for a red. The skins give it an amber colour, tannin and aromas of dried fruit, tea and peel.

## Georgia and qvevri

The method is very old in **Georgia**, where wine ferments in **qvevri**, large clay jars buried in the ground; the tradition has been on UNESCO's intangible heritage list since 2013. In Kakheti, **Pheasant's Tears** makes rkatsiteli this way.

## Friuli

In Oslavia, on the Slovenian border, **Stanko Radikon** adopted long macerations for ribolla gialla in the late 1990s. His son Saša carries the work on.

## Serving

Not too cold, around 12 to 14 °C, in a red-wine glass. The tannins make these wines excellent with spiced dishes, grilled vegetables and aged cheeses. Open the bottle an hour ahead: these wines change a great deal with air, and an opened bottle often keeps for several days.`,
    },
  },
  {
    slug: "vouvray-domaine-huet-chenin",
    type: "PRODUCER_PORTRAIT",
    publishedAt: "2026-06-20T12:00:00Z",
    coverColor: "#d8c07a",
    coverMotif: "bottle",
    themes: ["winemakers", "food-pairing"],
    products: ["domaine-huet-vouvray-le-haut-lieu-sec-2022", "domaine-huet-vouvray-le-mont-demi-sec-2020"],
    providers: ["domaine-huet"],
    fr: {
      title: "Domaine Huet, les trois visages du chenin",
      summary: "À Vouvray, trois clos historiques et un cépage qui va du sec au moelleux.",
      body: `Fondé en 1928 à **Vouvray**, sur la rive nord de la Loire en Touraine, le **Domaine Huet** est une référence pour le **chenin blanc**.

## Trois clos

Le domaine possède trois vignobles historiques : **Le Haut-Lieu**, **Le Mont** et le **Clos du Bourg**. Chacun est vinifié à part, sur des argiles et calcaires différents, au-dessus du tuffeau où sont creusées les caves.

## Du sec au moelleux

Le chenin a une acidité qui lui permet tous les styles. Selon le millésime, Huet produit des vins **secs**, **demi-secs**, **moelleux** et des **pétillants**. Un demi-sec de Vouvray reste équilibré grâce à cette acidité.

## Biodynamie

Le domaine est conduit en biodynamie depuis 1990.

## Garder et servir

Ces vins vieillissent longtemps : plusieurs décennies pour les moelleux. Le sec accompagne poissons et volailles à la crème ; le demi-sec, la cuisine épicée ; le moelleux, la tarte aux pommes ou un bleu.`,
    },
    en: {
      title: "Domaine Huet, the three faces of chenin",
      summary: "In Vouvray, three historic vineyards and a grape that runs from dry to sweet.",
      body: `Founded in 1928 in **Vouvray**, on the north bank of the Loire in Touraine, **Domaine Huet** is a benchmark for **chenin blanc**.

## Three vineyards

The estate owns three historic vineyards: **Le Haut-Lieu**, **Le Mont** and **Clos du Bourg**. Each is vinified separately, on different clays and limestones, above the tuffeau rock where the cellars are dug.

## Dry to sweet

Chenin's acidity lets it take any style. Depending on the vintage, Huet makes **dry**, **off-dry**, **sweet** and **sparkling** wines. An off-dry Vouvray stays balanced thanks to that acidity.

## Biodynamics

The estate has been farmed biodynamically since 1990.

## Keeping and serving

These wines age for a long time: decades for the sweet ones. The dry wine suits fish and poultry in cream sauce; the off-dry, spiced food; the sweet, apple tart or blue cheese. Young dry Vouvray can seem closed for a few years; patience is rewarded with notes of quince, honey and beeswax.`,
    },
  },
  {
    slug: "grower-champagne-larmandier-bernier",
    type: "PRODUCER_PORTRAIT",
    publishedAt: "2026-06-01T12:00:00Z",
    coverColor: "#e1cf8f",
    coverMotif: "glass",
    themes: ["winemakers", "events"],
    products: ["larmandier-bernier-champagne-latitude-extra-brut", "larmandier-bernier-champagne-longitude-premier-cru"],
    providers: ["larmandier-bernier"],
    fr: {
      title: "Champagne de vigneron : Larmandier-Bernier",
      summary: "Dans la Côte des Blancs, un champagne de chardonnay fait par ceux qui cultivent la vigne.",
      body: `La plupart des champagnes sont élaborés par de grandes maisons qui achètent leurs raisins. Un **champagne de vigneron** (récoltant-manipulant, « RM » sur l’étiquette) est fait par celui qui cultive les vignes.

## Vertus et la Côte des Blancs

À **Vertus**, au sud de la Côte des Blancs, Pierre et Sophie Larmandier conduisent **Larmandier-Bernier** en biodynamie. Le **chardonnay** y domine, sur la craie.

## Latitude et Longitude

Les noms de leurs cuvées décrivent leurs vignes : *Latitude* vient des parcelles du sud de Vertus, plus mûres ; *Longitude* assemble des premiers crus le long de la Côte des Blancs. Les dosages sont faibles, en extra-brut.

## Pour une fête

Un champagne de vigneron se prête bien aux fêtes entre amis comme aux grands repas. Servez-le vers 8 à 10 °C, dans un verre à vin plutôt qu’une flûte étroite : les arômes s’y expriment mieux. Il accompagne l’apéritif, les fruits de mer et les fromages à pâte molle.`,
    },
    en: {
      title: "Grower Champagne: Larmandier-Bernier",
      summary: "In the Côte des Blancs, chardonnay Champagne made by the people who farm the vines.",
      body: `Most Champagne is made by large houses that buy their grapes. A **grower Champagne** (récoltant-manipulant, "RM" on the label) is made by whoever farms the vines.

## Vertus and the Côte des Blancs

In **Vertus**, at the southern end of the Côte des Blancs, Pierre and Sophie Larmandier farm **Larmandier-Bernier** biodynamically. **Chardonnay** dominates, on chalk.

## Latitude and Longitude

Their cuvée names describe where their vines grow: *Latitude* comes from the riper southern plots of Vertus; *Longitude* blends premier cru sites along the Côte des Blancs. Dosages are low, extra brut.

## For a celebration

Grower Champagne suits a party with friends as well as a long dinner. Serve it around 8 to 10 °C, in a wine glass rather than a narrow flute, where the aromas show better. It suits the aperitif, seafood and soft cheeses. Low dosage lets the chalk and the grower's vineyards speak, which is what grower Champagne is about.`,
    },
  },
  {
    slug: "quebec-wine-cold-climate",
    type: "REGION",
    publishedAt: "2026-05-15T12:00:00Z",
    coverColor: "#9e3550",
    coverMotif: "leaf",
    themes: ["new-arrivals", "travel"],
    products: ["domaine-du-nival-le-blanc-2023", "domaine-du-nival-le-rouge-2023"],
    providers: ["domaine-du-nival"],
    fr: {
      title: "Le vin du Québec, un vignoble de climat froid",
      summary: "Hivers rigoureux, cépages hybrides et nouvelle génération de vignerons.",
      body: `Le vignoble québécois est jeune : ses premiers domaines commerciaux datent des années 1980, dans les **Cantons-de-l’Est** et en **Montérégie**.

## Le froid

L’hiver descend sous −25 °C. Les vignerons protègent les vignes en les buttant de terre ou sous des toiles géotextiles, et choisissent des cépages qui supportent le gel.

## Les cépages

Les **hybrides** dominent : vidal, seyval, frontenac, marquette, sainte-croix. Certains domaines cultivent aussi des *vinifera* comme le chardonnay ou le pinot noir avec protection hivernale. Le Québec produit également des vins de glace et des cidres de glace reconnus.

## Une indication géographique

Depuis 2018, l’**IGP Vin du Québec** garantit que le vin est fait de raisins cultivés au Québec.

## Domaine du Nival

En Montérégie, le **Domaine du Nival** cultive ses vignes en bio et vinifie avec peu d’intervention. Ses vins blanc et rouge montrent la fraîcheur de ces cépages nordiques. On les boit jeunes, frais, avec la cuisine d’ici.`,
    },
    en: {
      title: "Quebec wine, a cold-climate vineyard",
      summary: "Harsh winters, hybrid grapes and a new generation of growers.",
      body: `Quebec's vineyard is young: its first commercial estates date from the 1980s, in the **Eastern Townships** and **Montérégie**.

## The cold

Winter falls below −25 °C. Growers protect the vines by hilling soil over them or covering them with geotextile sheets, and pick grapes that survive frost.

## The grapes

**Hybrids** dominate: vidal, seyval, frontenac, marquette, sainte-croix. Some estates also grow *vinifera* such as chardonnay or pinot noir with winter protection. Quebec also makes well-known ice wines and ice ciders.

## A geographical indication

Since 2018 the **Vin du Québec PGI** guarantees the wine is made from grapes grown in Quebec.

## Domaine du Nival

In Montérégie, **Domaine du Nival** farms organically and makes wine with little intervention. Its white and red show the freshness of these northern grapes. Most Quebec wines are best drunk young, cool, with local food: trout, cheese from the Eastern Townships, or a summer barbecue.`,
    },
  },
  {
    slug: "ontario-niagara-prince-edward-county",
    type: "REGION",
    publishedAt: "2026-04-28T12:00:00Z",
    coverColor: "#3d5a40",
    coverMotif: "hills",
    themes: ["travel", "winemakers"],
    products: ["pearl-morissette-cuvee-madeline-2021", "norman-hardie-county-chardonnay-unfiltered-2022"],
    providers: ["pearl-morissette", "norman-hardie"],
    fr: {
      title: "Ontario : Niagara et le comté de Prince Edward",
      summary: "Deux régions au bord du lac Ontario, entre escarpement et calcaire.",
      body: `L’Ontario produit l’essentiel du vin canadien, au bord des Grands Lacs qui adoucissent le climat.

## La péninsule du Niagara

Entre le lac Ontario et l’**escarpement du Niagara**, l’air circule et limite le gel. Les « bancs » au pied de l’escarpement, comme le *Twenty Mile Bench*, conviennent au riesling, au chardonnay, au pinot noir et au cabernet franc. À Jordan, **Pearl Morissette** y vinifie sans chercher la surmaturité, en fermentations spontanées.

## Le comté de Prince Edward

Plus à l’est, ce comté posé sur du **calcaire** a des hivers si froids que les vignes doivent être enterrées à l’automne. **Norman Hardie** y est l’un des pionniers ; ses chardonnays et pinots noirs non filtrés sont tendus et minéraux.

## VQA

La mention **VQA** (Vintners Quality Alliance) garantit l’origine ontarienne des raisins et l’appellation indiquée.

## Visiter

Les deux régions se visitent facilement depuis Toronto, au printemps comme aux vendanges.`,
    },
    en: {
      title: "Ontario: Niagara and Prince Edward County",
      summary: "Two regions on Lake Ontario, between an escarpment and limestone.",
      body: `Ontario makes most of Canada's wine, on the shores of the Great Lakes that soften the climate.

## The Niagara Peninsula

Between Lake Ontario and the **Niagara Escarpment**, air keeps moving and limits frost. The "benches" at the foot of the escarpment, such as the *Twenty Mile Bench*, suit riesling, chardonnay, pinot noir and cabernet franc. In Jordan, **Pearl Morissette** makes wine there without chasing over-ripeness, with spontaneous fermentations.

## Prince Edward County

Further east, this county sits on **limestone** and has winters so cold that the vines must be buried in autumn. **Norman Hardie** is one of its pioneers; his unfiltered chardonnays and pinot noirs are taut and mineral.

## VQA

The **VQA** (Vintners Quality Alliance) mention guarantees the Ontario origin of the grapes and the stated appellation.

## Visiting

Both regions are an easy trip from Toronto, in spring or at harvest, and many wineries welcome visitors for tastings.`,
    },
  },
  {
    slug: "santorini-assyrtiko",
    type: "REGION",
    publishedAt: "2026-03-12T12:00:00Z",
    coverColor: "#2a7ab0",
    coverMotif: "grapes",
    themes: ["travel", "food-pairing"],
    products: ["domaine-sigalas-santorini-assyrtiko-2023", "domaine-sigalas-vinsanto-2012"],
    providers: ["domaine-sigalas"],
    fr: {
      title: "Santorin et l’assyrtiko",
      summary: "Un vignoble volcanique, des vignes en corbeille et un blanc d’une grande acidité.",
      body: `Sur l’île volcanique de **Santorin**, dans les Cyclades, la vigne pousse dans la cendre et la pierre ponce, battue par le vent et presque sans pluie l’été.

## Les vignes en corbeille

Les ceps sont taillés en **kouloura**, une couronne posée au ras du sol qui protège les grappes du vent et garde l’humidité de la nuit. Le phylloxéra n’a jamais prospéré dans ces sols : beaucoup de vignes sont **franches de pied**, sur leurs propres racines, et très vieilles.

## L’assyrtiko

Le cépage phare, l’**assyrtiko**, garde une acidité élevée malgré le soleil. Il donne des blancs secs tendus, salins, qui vieillissent bien.

## Le Vinsanto

Avec des raisins séchés au soleil, l’île produit aussi le **Vinsanto**, un vin doux longuement élevé.

## Domaine Sigalas

Fondé en 1991 par Paris Sigalas près d’Oia, le domaine est une référence de l’île.

## À table

Poissons grillés, poulpe, tomates et fromage feta : la cuisine de l’île lui va parfaitement.`,
    },
    en: {
      title: "Santorini and assyrtiko",
      summary: "A volcanic vineyard, basket-trained vines and a white with striking acidity.",
      body: `On the volcanic island of **Santorini**, in the Cyclades, vines grow in ash and pumice, swept by wind and with almost no summer rain.

## Basket vines

The vines are trained as **kouloura**, a crown laid close to the ground that shields the bunches from wind and holds the night's moisture. Phylloxera never thrived in these soils: many vines are **ungrafted**, on their own roots, and very old.

## Assyrtiko

The leading grape, **assyrtiko**, keeps high acidity despite the sun. It makes taut, saline dry whites that age well.

## Vinsanto

With sun-dried grapes, the island also makes **Vinsanto**, a sweet wine aged for a long time.

## Domaine Sigalas

Founded in 1991 by Paris Sigalas near Oia, the estate is one of the island's references.

## At the table

Grilled fish, octopus, tomatoes and feta: the island's food suits it perfectly. Good assyrtiko also ages well: after five years or more it gains notes of honey and flint.`,
    },
  },
  {
    slug: "gut-oggau-family-portraits",
    type: "PRODUCER_PORTRAIT",
    publishedAt: "2026-02-05T12:00:00Z",
    coverColor: "#d3a6a1",
    coverMotif: "bottle",
    themes: ["new-arrivals", "winemakers"],
    products: ["gut-oggau-theodora-2023", "gut-oggau-atanasius-2022"],
    providers: ["gut-oggau"],
    fr: {
      title: "Gut Oggau, une famille imaginaire sur l’étiquette",
      summary: "Au bord du lac de Neusiedl, des vins en biodynamie présentés comme des portraits.",
      body: `À **Oggau**, dans le **Burgenland** autrichien, sur la rive ouest du lac de Neusiedl, Stephanie et Eduard Tscheppe-Eselböck ont repris en 2007 un domaine ancien et l’ont converti à la **biodynamie**.

## Des portraits

Chaque cuvée porte le visage d’un membre d’une famille imaginaire, sur trois générations : *Theodora*, la jeune fille vive ; *Atanasius*, le jeune homme charmeur ; les grands-parents pour les vins les plus profonds. Le caractère du vin inspire le personnage.

## En cave

Les raisins fermentent avec leurs levures indigènes ; les vins sont mis en bouteille sans filtration ni collage, avec peu ou pas de soufre.

## Les cépages

Grüner veltliner et welschriesling pour les blancs, zweigelt et blaufränkisch pour les rouges : les cépages de la région, dans un style léger et digeste.

## Au verre

*Theodora*, blanc désaltérant, se sert frais à l’apéritif ; *Atanasius*, rouge léger, accompagne charcuterie et plats simples.`,
    },
    en: {
      title: "Gut Oggau, an imaginary family on the label",
      summary: "On Lake Neusiedl, biodynamic wines presented as portraits.",
      body: `In **Oggau**, in Austria's **Burgenland**, on the western shore of Lake Neusiedl, Stephanie and Eduard Tscheppe-Eselböck took over an old estate in 2007 and converted it to **biodynamics**.

## Portraits

Each cuvée carries the face of a member of an imaginary family over three generations: *Theodora*, the lively young woman; *Atanasius*, the charming young man; the grandparents for the deepest wines. The wine's character inspires the person.

## In the cellar

The grapes ferment with native yeasts; the wines are bottled unfined and unfiltered, with little or no sulphur.

## The grapes

Grüner veltliner and welschriesling for the whites, zweigelt and blaufränkisch for the reds: the region's grapes, in a light, easy style.

## In the glass

*Theodora*, a thirst-quenching white, is served cool as an aperitif; *Atanasius*, a light red, goes with charcuterie and simple dishes. The wines are made in small quantities and sell out quickly each year.`,
    },
  },
  {
    slug: "eric-bordelet-cider-perry",
    type: "ARTICLE",
    publishedAt: "2025-12-10T12:00:00Z",
    coverColor: "#c98a2e",
    coverMotif: "leaf",
    themes: ["food-pairing", "events"],
    products: ["eric-bordelet-poire-granit", "eric-bordelet-sidre-brut-tendre"],
    providers: ["eric-bordelet"],
    fr: {
      title: "Cidre et poiré, avec Eric Bordelet",
      summary: "Un ancien sommelier parisien traite ses pommes et ses poires comme des grands vins.",
      body: `Ancien sommelier à Paris, **Eric Bordelet** est revenu au début des années 1990 sur le domaine familial de Charchigné, dans le **Domfrontais**, aux confins de la Normandie et de la Mayenne.

## Les vergers

Les vergers de hautes tiges sont conduits en **biodynamie**. On y trouve des dizaines de variétés de pommes et de poires, certains poiriers ayant plus de deux siècles.

## Le poiré

Le **poiré** est fait de poires à poiré, non de poires à couteau. Le *Poiré Granit*, issu de vieux poiriers sur sols de granit, est la cuvée la plus réputée du domaine : fine, vive, peu alcoolisée.

## La méthode

Les fruits fermentent lentement avec leurs levures naturelles, et la prise de mousse se fait en bouteille. Le domaine écrit *Sidre* avec un « S », à l’ancienne.

## À table

Avec moins de 5 % d’alcool pour la plupart, ces cidres et poirés accompagnent un brunch, les crêpes, les fromages normands ou un dessert aux fruits.`,
    },
    en: {
      title: "Cider and perry, with Eric Bordelet",
      summary: "A former Paris sommelier treats his apples and pears like fine wine.",
      body: `A former sommelier in Paris, **Eric Bordelet** returned in the early 1990s to the family property in Charchigné, in the **Domfrontais**, where Normandy meets the Mayenne.

## The orchards

The standard-tree orchards are farmed **biodynamically**. They hold dozens of apple and pear varieties, some pear trees more than two centuries old.

## Perry

**Perry** (poiré) is made from perry pears, not eating pears. *Poiré Granit*, from old pear trees on granite soils, is the estate's best-known cuvée: delicate, lively, low in alcohol.

## The method

The fruit ferments slowly with its natural yeasts, and the bubbles form in the bottle. The estate spells *Sidre* with an "S", the old way.

## At the table

Most under 5 % alcohol, these ciders and perries suit brunch, crêpes, Normandy cheeses or a fruit dessert. Serve them cool, around 8 °C, in a wine glass, and open them gently: like Champagne, they are under pressure.`,
    },
  },
];
