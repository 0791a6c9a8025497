-- The words of a person's search text: runs of letters (a-z, and any letter beyond ASCII), each
-- once. Every word is a piece of the search text, so a person counted under a word matches a
-- search for any beginning of it.
-- Before this file: migration 0041_users_search_words.
CREATE OR REPLACE FUNCTION public.bo_user_words(search_text text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[^a-z\u0080-\uffff]+') AS w WHERE w <> ''
$function$;
