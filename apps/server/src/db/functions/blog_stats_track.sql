-- Each insert, delete and change of status moves its post between the counts, in its transaction.
-- Before this file: migration 0015_blog_stats.
CREATE OR REPLACE FUNCTION public.blog_stats_track()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE blog_stats SET posts = posts - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO blog_stats (status, posts) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET posts = blog_stats.posts + 1;
  END IF;
  RETURN NULL;
END
$function$;
