-- Search helpers used by generated columns of contacts and companies (immutable, so they can be).
-- pg_trgm needs 3 characters; a 2-character Chinese name is matched through CJK bigrams instead.
CREATE OR REPLACE FUNCTION lodestar_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM (
    SELECT substr(x.s, i, 2) AS g
    FROM (SELECT lower(coalesce(input, '')) AS s) AS x, generate_series(1, char_length(x.s) - 1) AS i
  ) AS grams
  WHERE g ~ '^[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]{2}$'
$$;
--> statement-breakpoint
-- The `key` of every object of a jsonb array (phones[].value, socials[].account), space-separated.
CREATE OR REPLACE FUNCTION lodestar_json_values(items jsonb, key text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(e ->> key, ' '), '') FROM jsonb_array_elements(coalesce(items, '[]'::jsonb)) AS e
$$;
--> statement-breakpoint
-- Every string of a jsonb array of strings, space-separated.
CREATE OR REPLACE FUNCTION lodestar_json_strings(items jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(e #>> '{}', ' '), '') FROM jsonb_array_elements(coalesce(items, '[]'::jsonb)) AS e
$$;
