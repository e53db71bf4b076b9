-- Search reads the tenant's matching items for these columns only (visibility, filters, counts, the date sorts):
-- with them in an index, a query matching tens of thousands of items reads the index, not their wide rows
-- (search document, metadata). Written by hand: drizzle's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "item_search_cover_idx" ON "item" USING btree ("tenant_id", "id") INCLUDE ("deleted_at", "item_type", "created_by", "owner_id", "visible_to", "processing_state", "created_at", "updated_at");
