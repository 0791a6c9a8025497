CREATE TABLE "user_search_words" (
	"word" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_search_words_word_status_pk" PRIMARY KEY("word","status")
);
--> statement-breakpoint
DROP INDEX "users_status_created_sort";--> statement-breakpoint
DROP INDEX "users_created_sort";--> statement-breakpoint
DROP INDEX "users_search_trgm";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(display_name || ' ' || email || ' ' || coalesce(company, ''))) STORED;--> statement-breakpoint
CREATE INDEX "user_search_words_prefix" ON "user_search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_status_created_sort" ON "users" USING btree ("status","created_at","id","search_text");--> statement-breakpoint
CREATE INDEX "users_created_sort" ON "users" USING btree ("created_at","id","search_text");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The words of a person's search text: runs of letters (a-z, and any letter beyond ASCII), each
-- once. Every word is a piece of the search text, so a person counted under a word matches a
-- search for any beginning of it.
CREATE OR REPLACE FUNCTION bo_user_words(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[^a-z\u0080-\uffff]+') AS w WHERE w <> ''
$$;
--> statement-breakpoint
-- Keeps user_search_words exact for every write to users, in the writing statement (statement
-- level: a bulk insert is one grouped upsert). Updates that change neither the search text nor
-- the status change nothing.
CREATE OR REPLACE FUNCTION user_search_words_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_words_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER users_search_words_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER users_search_words_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER users_search_words_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_search_words_apply();
--> statement-breakpoint
-- Built again from the people: here, for the people already there; again by hand if ever needed.
CREATE OR REPLACE FUNCTION bo_user_search_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM user_search_words;
  INSERT INTO user_search_words (word, status, n)
    SELECT w, status, count(*)::int FROM users, bo_user_words(search_text) AS w GROUP BY w, status;
$$;
--> statement-breakpoint
SELECT bo_user_search_words_rebuild();
