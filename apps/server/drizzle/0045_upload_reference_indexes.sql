CREATE INDEX "order_items_cover_upload" ON "order_items" USING btree ("cover") WHERE cover NOT LIKE '/uploads/seed-%';--> statement-breakpoint
CREATE INDEX "products_images_gin" ON "products" USING gin ("images");--> statement-breakpoint
CREATE INDEX "users_avatar_upload" ON "users" USING btree ("avatar_url") WHERE avatar_url NOT LIKE '/uploads/seed-%';--> statement-breakpoint
CREATE INDEX "users_cover_upload" ON "users" USING btree ("cover_url") WHERE cover_url NOT LIKE '/uploads/seed-%';