DROP INDEX "item_field_value_item_idx";--> statement-breakpoint
ALTER TABLE "item_field_value" ADD COLUMN "facet_value" text GENERATED ALWAYS AS (left(value_text, 500)) STORED;--> statement-breakpoint
CREATE INDEX "item_field_value_item_field_idx" ON "item_field_value" USING btree ("item_id","field_id","facet_value");