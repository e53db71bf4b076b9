-- A narrower twin of item_search_cover_idx for counting matches without field facets (a field:value query's total
-- and built-in facets): without facet_terms and the dates, its entries are about 30 % smaller, and a count reading
-- every one of the tenant's entries measured 15-17 % faster (fewer pages, less to take apart per entry). Queries that
-- count field facets still read the wider index, which alone carries facet_terms.
CREATE INDEX "item_search_count_idx" ON "item" USING btree ("tenant_id", "id") INCLUDE ("deleted_at", "item_type", "created_by", "owner_id", "visible_to", "processing_state", "field_keys");
