-- Keeps user_search_words exact for every write to users, in the writing statement (statement
-- level: a bulk insert is one grouped upsert). Updates that change neither the search text nor
-- the status change nothing.
-- Before this file: migration 0041_users_search_words.
CREATE OR REPLACE FUNCTION public.user_search_words_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_search_words (word, status, n)
      SELECT w, status, count(*)::int FROM new_rows, bo_user_words(search_text) AS w GROUP BY w, status
    ON CONFLICT (word, status) DO UPDATE SET n = user_search_words.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE user_search_words c SET n = c.n - d.k
      FROM (SELECT w, status, count(*)::int AS k FROM old_rows, bo_user_words(search_text) AS w
             GROUP BY w, status) d
     WHERE c.word = d.w AND c.status = d.status;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_search_words (word, status, n)
      SELECT w, status, sum(k)::int FROM (
        SELECT w, n.status, 1 AS k
          FROM new_rows n JOIN old_rows o USING (id), bo_user_words(n.search_text) AS w
         WHERE n.search_text IS DISTINCT FROM o.search_text OR n.status <> o.status
        UNION ALL
        SELECT w, o.status, -1 AS k
          FROM old_rows o JOIN new_rows n USING (id), bo_user_words(o.search_text) AS w
         WHERE n.search_text IS DISTINCT FROM o.search_text OR n.status <> o.status
      ) x GROUP BY w, status HAVING sum(k) <> 0
    ON CONFLICT (word, status) DO UPDATE SET n = user_search_words.n + EXCLUDED.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_search_words;
  END IF;
  RETURN NULL;
END
$function$;
