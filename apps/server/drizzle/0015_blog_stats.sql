CREATE TABLE "blog_stats" (
	"status" text PRIMARY KEY NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blog_posts_upcoming" ON "blog_posts" USING btree ("published_at") WHERE status = 'published';--> statement-breakpoint
INSERT INTO blog_stats (status, posts) VALUES ('draft', 0), ('published', 0);
--> statement-breakpoint
UPDATE blog_stats s SET posts = c.n FROM (SELECT status, count(*)::int AS n FROM blog_posts GROUP BY status) c
 WHERE c.status = s.status;
--> statement-breakpoint
-- Each insert, delete and change of status moves its post between the counts, in its transaction.
CREATE OR REPLACE FUNCTION blog_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER blog_stats_insert_delete AFTER INSERT OR DELETE ON blog_posts
  FOR EACH ROW EXECUTE FUNCTION blog_stats_track();
--> statement-breakpoint
CREATE TRIGGER blog_stats_status AFTER UPDATE OF status ON blog_posts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION blog_stats_track();
--> statement-breakpoint
CREATE TRIGGER blog_stats_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_stats
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
