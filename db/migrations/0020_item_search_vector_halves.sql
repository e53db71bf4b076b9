-- Each search half's words apart (the first bit of the item's id): on a server a word search finds each half
-- of its matches by a statement of its own, at once, each scanning half the postings and reading half the rows.
CREATE INDEX "item_search_vector_half0_idx" ON "item" USING gin ("tenant_id","search_vector") WHERE (get_byte(uuid_send("item"."id"), 0) >> 7) = 0;--> statement-breakpoint
CREATE INDEX "item_search_vector_half1_idx" ON "item" USING gin ("tenant_id","search_vector") WHERE (get_byte(uuid_send("item"."id"), 0) >> 7) = 1;