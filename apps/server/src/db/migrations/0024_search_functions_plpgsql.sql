-- Custom SQL migration file, put your code below! --
-- hand-written below
-- The generated search columns and the duplicate-key index call these for every written contact. As SQL functions
-- with a FROM clause they could not be inlined, so each call started and ended an executor for one small query
-- (seven per contact); PL/pgSQL loops evaluate the same expressions as simple expressions, with no query at all.
-- Same results, element for element and in the same order, so stored columns and index entries stay valid.
CREATE OR REPLACE FUNCTION lodestar_json_values(items jsonb, key text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  joined text;
  v text;
BEGIN
  FOR i IN 0 .. coalesce(jsonb_array_length(items), 0) - 1 LOOP
    v := items -> i ->> key;
    IF v IS NOT NULL THEN
      joined := CASE WHEN joined IS NULL THEN v ELSE joined || ' ' || v END;
    END IF;
  END LOOP;
  RETURN coalesce(joined, '');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lodestar_json_strings(items jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  joined text;
  v text;
BEGIN
  FOR i IN 0 .. coalesce(jsonb_array_length(items), 0) - 1 LOOP
    v := items -> i #>> '{}';
    IF v IS NOT NULL THEN
      joined := CASE WHEN joined IS NULL THEN v ELSE joined || ' ' || v END;
    END IF;
  END LOOP;
  RETURN coalesce(joined, '');
END
$$;
--> statement-breakpoint
-- Sorted as array_agg(DISTINCT …) sorted them (the database's collation), by insertion: a text has few bigrams.
CREATE OR REPLACE FUNCTION lodestar_bigrams(input text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(coalesce(input, ''));
  grams text[] := '{}';
  g text;
  j int;
BEGIN
  IF s !~ '[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]' THEN
    RETURN grams;
  END IF;
  FOR i IN 1 .. char_length(s) - 1 LOOP
    g := substr(s, i, 2);
    IF g ~ '^[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]{2}$' AND NOT g = ANY (grams) THEN
      j := coalesce(array_length(grams, 1), 0);
      WHILE j > 0 AND grams[j] > g LOOP
        j := j - 1;
      END LOOP;
      grams := grams[1:j] || g || grams[j + 1:];
    END IF;
  END LOOP;
  RETURN grams;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_match_keys(emails jsonb, phones jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  keys text[] := '{}';
BEGIN
  FOR i IN 0 .. coalesce(jsonb_array_length(emails), 0) - 1 LOOP
    keys := keys || ('email:' || (emails -> i ->> 'value'));
  END LOOP;
  FOR i IN 0 .. coalesce(jsonb_array_length(phones), 0) - 1 LOOP
    keys := keys || ('phone:' || regexp_replace(phones -> i ->> 'value', '[^0-9]', '', 'g'));
  END LOOP;
  RETURN keys;
END
$$;
