/**
 * A shopper's text as a full-text query (the product list's text filter and the global search):
 * in the text search configuration of the page's language, the one the `search_fr`/`search_en`
 * vectors are built with (app/db/schema.ts), accents ignored like theirs.
 */
import { type SQL, sql } from "drizzle-orm";
import { localized } from "~/lib/localized";
import type { Locale } from "~/vocabulary";

/** `websearch_to_tsquery` of `text` in `locale`'s configuration (`english` or `french`). */
export function webSearchQuery(text: string, locale: Locale): SQL {
  const config = localized(locale, "french", "english");
  return sql`websearch_to_tsquery(${config}::regconfig, cuvee_unaccent(${text}))`;
}
