CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Products of earlier releases carry a `-<n>` suffix even when their name was unique. Each one
-- whose plain slug (its name made into a slug) is free takes it — the oldest when several share
-- a name — and its old slug keeps opening it through a redirect.
CREATE TEMP TABLE plain_slugs AS
SELECT id, slug AS old_slug, plain
FROM (
  SELECT p.id, p.slug, x.plain,
    row_number() OVER (PARTITION BY x.plain ORDER BY p.created_at, p.id) AS n
  FROM products p
  CROSS JOIN LATERAL (
    SELECT trim(both '-' from regexp_replace(lower(p.name), '[^a-z0-9]+', '-', 'g')) AS plain
  ) x
  WHERE p.slug ~ '-[0-9]+$' AND x.plain <> ''
    AND p.slug = x.plain || substring(p.slug from '-[0-9]+$')
) c
WHERE n = 1 AND NOT EXISTS (SELECT 1 FROM products q WHERE q.slug = c.plain);
--> statement-breakpoint
INSERT INTO product_slug_redirects (slug, product_id) SELECT old_slug, id FROM plain_slugs;
--> statement-breakpoint
UPDATE products p SET slug = s.plain FROM plain_slugs s WHERE p.id = s.id;
--> statement-breakpoint
DROP TABLE plain_slugs;
