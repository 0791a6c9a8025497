-- Built again from the people: here, for the people already there; again by hand if ever needed.
-- Before this file: migration 0041_users_search_words.
CREATE OR REPLACE FUNCTION public.bo_user_search_words_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM user_search_words;
  INSERT INTO user_search_words (word, status, n)
    SELECT w, status, count(*)::int FROM users, bo_user_words(search_text) AS w GROUP BY w, status;
$function$;
