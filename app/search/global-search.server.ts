/**
 * Global search (docs/product.md#search `/global-search` with tabs Products, Producers, Blogs;
 * docs/decisions/013-global-search.md): one text searched in the products sold in the visitor's
 * province, the province's producers and the blog articles, in the visitor's language.
 *
 * - Full-text search on the stored `search_fr` / `search_en` tsvectors (GIN), through
 *   `websearch_to_tsquery` of the unaccented text, so accents are ignored on both sides
 *   ('chateau' finds 'Château', 'pepiere' finds 'Pépière'); ranked by `ts_rank` (the name or title
 *   is weight A, so it outranks a description), then name and id.
 * - A tab whose full-text search finds nothing falls back to trigram word similarity of the text
 *   and the unaccented name or title (`<%`, served by the GIN trigram indexes, pg_trgm's default
 *   threshold 0.6): 'chardonay' finds Chardonnay. Ranked by similarity, then name and id.
 * - Each tab reads at most {@link SEARCH_MATCH_LIMIT} + 1 matches ({@link FALLBACK_MATCH_LIMIT} + 1
 *   close names): a count above the limit is shown as "1 000+" and the results are ranked among
 *   the first matches the database finds, so a one-word search matching most of a
 *   100,000-product catalogue stays as fast as a precise one.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isPublishedBlog } from "~/blogs/blogs.server";
import { mainProductPhotos } from "~/catalogue/catalogue-photos.server";
import { countryName } from "~/catalogue/country-names.server";
import { foldText, inProvince as providerInProvince, originNames } from "~/catalogue/providers.server";
import { localizedName, type ReferenceData } from "~/catalogue/reference.server";
import type { Database } from "~/db/client.server";
import { blogs, productInventories, products, providerOrigins, providers } from "~/db/schema";
import { webSearchQuery } from "~/db/text-search";
import { localized } from "~/lib/localized";
import { paginate, type Pagination } from "~/lib/pagination";
import type { Locale, Province } from "~/vocabulary";
import {
  FALLBACK_MATCH_LIMIT,
  SEARCH_MATCH_LIMIT,
  SEARCH_PAGE_SIZE,
  SEARCH_TABS,
  type SearchResults,
  type SearchTab,
  type TabCount,
} from "./search-tabs";

/** The trigram fallback needs this many letters or digits (fewer match almost every name). */
const FALLBACK_MIN_LENGTH = 3;

export interface GlobalSearchInput {
  /** The text, already cleaned (`parseSearchQuery`); "" searches nothing. */
  text: string;
  locale: Locale;
  /** Products: only those with a channel of this province; producers: those with such a product. */
  province: Province;
  /** The tab asked for; null opens the first tab with results (else PRODUCTS). */
  tab: SearchTab | null;
  /**
   * Requested page of the active tab, ≥ 1. A page past the last gives no results and the last
   * page as `pagination.page`: the caller redirects there.
   */
  page: number;
}

export interface GlobalSearchResult {
  counts: Record<SearchTab, TabCount>;
  /** The tab shown: the one asked for, else the first with results. */
  tab: SearchTab;
  /** The active tab's pagination ({@link SEARCH_PAGE_SIZE} per page, total = its capped count). */
  pagination: Pagination;
  results: SearchResults;
}

const EMPTY_COUNT: TabCount = { count: 0, capped: false, approximate: false };

/** A tab's matches as read: the page's ids in rank order and the number of matches (≤ limit + 1). */
interface TabHits {
  ids: number[];
  matches: number;
  /** How they were found (full text or trigram fallback). */
  match: Match;
}

/** What a tab search needs to know about its table. */
interface TabSource {
  id: PgColumn;
  /** Name or title in the visitor's language (tie-break and trigram fallback). */
  name: PgColumn;
  vector: PgColumn;
  /** Condition every match must meet besides the text (the province rule). */
  scope?: SQL;
  /** Tie-break after rank, higher first (blogs: the newest); then name and id. */
  tie?: PgColumn;
  /** Another full-text match than the row's own vector (products: their producer's name). */
  alsoMatching?: (query: SQL) => SQL;
  from: typeof products | typeof providers | typeof blogs;
}

/**
 * Searches every tab and returns the counts and one page of the active tab. The tab asked for is
 * read at the requested page; the others at their first page, which gives their counts too.
 * @param db the shop's database (PGlite or PostgreSQL)
 * @param reference the catalogue's reference data (province channels, countries, regions)
 * @param input text, locale, province, tab and page ({@link GlobalSearchInput})
 * @returns the three tabs' counts (each capped at its match limit, flagged when it
 *   comes from the trigram fallback), the active tab, its pagination (the requested page clamped
 *   to 1..last) and the page's results in rank order. When the requested page is past the last,
 *   `pagination.page` (the last) differs from `input.page` and the results are empty: the caller
 *   redirects to that page (docs/product.md#search), so it is not read. An empty text returns zero everywhere
 *   without querying. Never throws for any text: the text is passed as a parameter and
 *   `websearch_to_tsquery` accepts any input.
 */
export async function globalSearch(db: Database, reference: ReferenceData, input: GlobalSearchInput): Promise<GlobalSearchResult> {
  const text = input.text;
  if (!text) {
    const tab = input.tab ?? "PRODUCTS";
    return {
      counts: { PRODUCTS: EMPTY_COUNT, PROVIDERS: EMPTY_COUNT, BLOGS: EMPTY_COUNT },
      tab,
      pagination: paginate(0, 1, SEARCH_PAGE_SIZE),
      results: emptyResults(tab),
    };
  }
  const codes = reference.inventories.filter((i) => i.province === input.province).map((i) => i.code);
  const soldInProvince = sql`exists (select 1 from ${productInventories} where ${productInventories.productId} = ${products.id} and ${inArray(productInventories.inventoryCode, codes)})`;

  const sources: Record<SearchTab, TabSource> = {
    PRODUCTS: {
      from: products,
      id: products.id,
      name: localized(input.locale, products.nameFr, products.nameEn),
      vector: localized(input.locale, products.searchFr, products.searchEn),
      scope: soldInProvince,
      // A producer's name finds its products ('pepiere' → the wines of Domaine de la Pépière);
      // they rank after the products whose own name or description matches (ts_rank 0).
      alsoMatching: (query) => {
        const vector = localized(input.locale, providers.searchFr, providers.searchEn);
        return sql`${products.providerId} = any(array(select ${providers.id} from ${providers} where ${vector} @@ ${query} and ts_filter(${vector}, '{a}') @@ ${query}))`;
      },
    },
    PROVIDERS: {
      from: providers,
      id: providers.id,
      name: providers.name,
      vector: localized(input.locale, providers.searchFr, providers.searchEn),
      scope: providerInProvince(input.province),
    },
    BLOGS: {
      from: blogs,
      id: blogs.id,
      name: localized(input.locale, blogs.titleFr, blogs.titleEn),
      vector: localized(input.locale, blogs.searchFr, blogs.searchEn),
      // Published articles only (docs/decisions/045-content-desk-articles.md).
      scope: isPublishedBlog,
      tie: blogs.publishedAt,
    },
  };

  // The tab asked for is read at the requested page, the others (shown as counts only) at the first.
  const offsetOf = (tab: SearchTab) => (tab === input.tab ? (Math.max(1, Math.trunc(input.page) || 1) - 1) * SEARCH_PAGE_SIZE : 0);
  const fallbackAllowed = foldedLength(text) >= FALLBACK_MIN_LENGTH;
  const hits = Object.fromEntries(
    await Promise.all(
      SEARCH_TABS.map(async (tab) => {
        const source = sources[tab];
        const offset = offsetOf(tab);
        const fullText = await searchTab(db, source, fullTextMatch(source, webSearchQuery(text, input.locale)), offset);
        if (fullText.matches > 0 || !fallbackAllowed) return [tab, fullText] as const;
        return [tab, await searchTab(db, source, trigramMatch(source, text), offset)] as const;
      }),
    ),
  ) as Record<SearchTab, TabHits>;

  const counts = Object.fromEntries(
    SEARCH_TABS.map((tab) => [
      tab,
      {
        count: Math.min(hits[tab].matches, hits[tab].match.limit),
        capped: hits[tab].matches > hits[tab].match.limit,
        approximate: hits[tab].match.approximate && hits[tab].matches > 0,
      },
    ]),
  ) as Record<SearchTab, TabCount>;
  const tab = input.tab ?? SEARCH_TABS.find((t) => counts[t].count > 0) ?? "PRODUCTS";
  const pagination = paginate(counts[tab].count, input.page, SEARCH_PAGE_SIZE);
  // A page past the last: the caller redirects to the last, so nothing more is read.
  if (pagination.page !== input.page) return { counts, tab, pagination, results: emptyResults(tab) };
  // The tab opened by default past page 1 (a URL without a tab) was read at the first page.
  const ids =
    pagination.offset === offsetOf(tab) ? hits[tab].ids : (await searchTab(db, sources[tab], hits[tab].match, pagination.offset)).ids;

  return { counts, tab, pagination, results: await loadResults(db, reference, tab, ids, input.locale) };
}

/** Letters and digits of the text once accents are removed (`foldText`): "  Pé! " → 2. */
function foldedLength(text: string): number {
  return foldText(text).replace(/[^\p{L}\p{N}]/gu, "").length;
}

/** How a tab matches the text: the WHERE condition, the rank (higher first), and the kind. */
interface Match {
  where: SQL;
  rank: SQL<number>;
  approximate: boolean;
  /** Most matches read (one more is read to tell there are more). */
  limit: number;
}

function fullTextMatch(source: TabSource, query: SQL): Match {
  const own = sql`${source.vector} @@ ${query}`;
  return {
    where: source.alsoMatching ? sql`(${own} or ${source.alsoMatching(query)})` : own,
    rank: sql<number>`ts_rank(${source.vector}, ${query})`,
    approximate: false,
    limit: SEARCH_MATCH_LIMIT,
  };
}

/** `text <% name`: the text is similar to a word run of the name (GIN trigram index on the name). */
function trigramMatch(source: TabSource, text: string): Match {
  const folded = sql`cuvee_unaccent(${text})`;
  return {
    where: sql`${folded} <% cuvee_unaccent(${source.name})`,
    rank: sql<number>`word_similarity(${folded}, cuvee_unaccent(${source.name}))`,
    approximate: true,
    limit: FALLBACK_MATCH_LIMIT,
  };
}

/**
 * One tab's matches: at most `match.limit` + 1 rows with their rank (the first the
 * database finds), counted, ranked, and one page of ids — in one statement.
 */
async function searchTab(db: Database, source: TabSource, match: Match, offset: number): Promise<TabHits> {
  const matches = db
    .select({
      id: sql<number>`${source.id}`.as("id"),
      name: sql<string>`${source.name}`.as("name"),
      rank: match.rank.as("rank"),
      tie: (source.tie ? sql`${source.tie}` : sql`0`).as("tie"),
    })
    .from(source.from)
    .where(and(match.where, source.scope))
    .limit(match.limit + 1)
    .as("matches");
  // The ranked list stops at the limit: the extra row only tells that there are more.
  const size = Math.min(SEARCH_PAGE_SIZE, match.limit - offset);
  const rows =
    size > 0
      ? await db
          .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(matches)
          .orderBy(desc(matches.rank), desc(matches.tie), asc(matches.name), asc(matches.id))
          .limit(size)
          .offset(offset)
      : [];
  // The window count is lost when the page is empty: at the first page there is no match; past
  // the end (only the tab asked for is read past its first page) count apart.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : Number((await db.select({ n: sql<number>`count(*)` }).from(matches))[0]?.n ?? 0));
  return { ids: rows.map((r) => Number(r.id)), matches: total, match };
}

function emptyResults(tab: SearchTab): SearchResults {
  return { tab, items: [] };
}

/** The page's rows by id, in the ids' order, with texts in the visitor's language. */
async function loadResults(db: Database, reference: ReferenceData, tab: SearchTab, ids: number[], locale: Locale): Promise<SearchResults> {
  if (ids.length === 0) return emptyResults(tab);
  const inOrder = <T extends { id: number }>(rows: T[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  if (tab === "PRODUCTS") {
    // The page's main photos are read beside its rows: the ids are already known.
    const [rows, photos] = await Promise.all([
      db
        .select({
          id: products.id,
          slug: products.slug,
          name: localized(locale, products.nameFr, products.nameEn),
          vintage: products.vintage,
          typeCode: products.typeCode,
          countryId: products.countryId,
          regionId: products.regionId,
          providerName: providers.name,
        })
        .from(products)
        .innerJoin(providers, eq(providers.id, products.providerId))
        .where(inArray(products.id, ids)),
      mainProductPhotos(db, ids, locale),
    ]);
    return {
      tab,
      items: inOrder(rows).map((r) => {
        const country = r.countryId === null ? undefined : reference.countryById.get(r.countryId);
        const region = r.regionId === null ? undefined : reference.regionById.get(r.regionId);
        return {
          slug: r.slug,
          name: r.name,
          vintage: r.vintage,
          providerName: r.providerName,
          typeCode: r.typeCode,
          countryName: country ? countryName(country.code, locale) : null,
          regionName: region ? localizedName(region, locale) : null,
          photo: photos.get(r.id) ?? null,
        };
      }),
    };
  }
  if (tab === "PROVIDERS") {
    const [rows, origins] = await Promise.all([
      db.select({ id: providers.id, slug: providers.slug, name: providers.name }).from(providers).where(inArray(providers.id, ids)),
      db
        .select({ providerId: providerOrigins.providerId, countryId: providerOrigins.countryId, regionId: providerOrigins.regionId })
        .from(providerOrigins)
        .where(inArray(providerOrigins.providerId, ids)),
    ]);
    return {
      tab,
      items: inOrder(rows).map((r) => ({
        slug: r.slug,
        name: r.name,
        origins: originNames(
          origins.filter((o) => o.providerId === r.id),
          reference,
          locale,
        ),
      })),
    };
  }
  const rows = await db
    .select({
      id: blogs.id,
      slug: blogs.slug,
      type: blogs.type,
      title: localized(locale, blogs.titleFr, blogs.titleEn),
      summary: localized(locale, blogs.summaryFr, blogs.summaryEn),
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(inArray(blogs.id, ids));
  return {
    tab,
    items: inOrder(rows).map((r) => ({
      slug: r.slug,
      title: r.title,
      type: r.type,
      summary: r.summary,
      publishedAt: (r.publishedAt ?? r.updatedAt).toISOString(),
    })),
  };
}
