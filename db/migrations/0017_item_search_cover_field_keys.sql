-- The covering index gains field_keys, so field:value on a choice field matching a large share of the tenant's items
-- is tested on the index alone (an index-only scan), not by looking up value rows for every item.
DROP INDEX IF EXISTS "item_search_cover_idx";--> statement-breakpoint
CREATE INDEX "item_search_cover_idx" ON "item" USING btree ("tenant_id", "id") INCLUDE ("deleted_at", "item_type", "created_by", "owner_id", "visible_to", "processing_state", "created_at", "updated_at", "field_keys");
