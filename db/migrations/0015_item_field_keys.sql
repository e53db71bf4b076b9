ALTER TABLE "item" ADD COLUMN "field_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "item_field_keys_idx" ON "item" USING gin ("tenant_id","field_keys");