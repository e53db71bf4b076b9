DROP INDEX "item_search_vector_idx";--> statement-breakpoint
DROP INDEX "item_search_text_idx";--> statement-breakpoint
DROP INDEX "item_title_words_idx";--> statement-breakpoint
DROP INDEX "item_title_trgm_idx";--> statement-breakpoint
DROP INDEX "item_field_value_trgm_idx";--> statement-breakpoint
DROP INDEX "item_field_value_words_idx";--> statement-breakpoint
DROP INDEX "log_entry_search_vector_idx";--> statement-breakpoint
DROP INDEX "log_entry_search_text_idx";--> statement-breakpoint
CREATE INDEX "item_tenant_created_idx" ON "item" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "item_search_vector_idx" ON "item" USING gin ("tenant_id","search_vector");--> statement-breakpoint
CREATE INDEX "item_search_text_idx" ON "item" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_title_words_idx" ON "item" USING gin ("tenant_id",to_tsvector('simple', "title"));--> statement-breakpoint
CREATE INDEX "item_title_trgm_idx" ON "item" USING gin ("tenant_id",lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_field_value_trgm_idx" ON "item_field_value" USING gin ("tenant_id",lower("value_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_field_value_words_idx" ON "item_field_value" USING gin ("tenant_id",to_tsvector('simple', "value_text"));--> statement-breakpoint
CREATE INDEX "log_entry_search_vector_idx" ON "log_entry" USING gin ("tenant_id","search_vector");--> statement-breakpoint
CREATE INDEX "log_entry_search_text_idx" ON "log_entry" USING gin ("tenant_id","search_text" gin_trgm_ops);