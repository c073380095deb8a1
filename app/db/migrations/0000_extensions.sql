-- Extensions shipped by PGlite and by Debian's PostgreSQL (contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE; generated columns need an IMMUTABLE wrapper bound to one dictionary.
CREATE OR REPLACE FUNCTION cuvee_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
