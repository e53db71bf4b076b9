CREATE TABLE "item_field_value" (
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"field_id" text NOT NULL,
	"value_text" text,
	"value_number" double precision,
	"value_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "metadata_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"form_key" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"built_in" text,
	"definition" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmark" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"owner_id" uuid,
	"target" jsonb NOT NULL,
	"icon" text,
	"is_filter" boolean DEFAULT false NOT NULL,
	"visible_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', description), 'B') || setweight(jsonb_to_tsvector('simple', metadata, '["string", "numeric"]'), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description || ' ' || jsonb_path_query_array(metadata, 'strict $.*')::text)) STORED;--> statement-breakpoint
ALTER TABLE "item_field_value" ADD CONSTRAINT "item_field_value_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_field_value" ADD CONSTRAINT "item_field_value_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_form" ADD CONSTRAINT "metadata_form_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark" ADD CONSTRAINT "bookmark_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark" ADD CONSTRAINT "bookmark_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_field_value_item_idx" ON "item_field_value" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_field_value_text_idx" ON "item_field_value" USING btree ("tenant_id","field_id",lower("value_text"));--> statement-breakpoint
CREATE INDEX "item_field_value_trgm_idx" ON "item_field_value" USING gin (lower("value_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_field_value_words_idx" ON "item_field_value" USING gin (to_tsvector('simple', "value_text"));--> statement-breakpoint
CREATE INDEX "item_field_value_number_idx" ON "item_field_value" USING btree ("tenant_id","field_id","value_number");--> statement-breakpoint
CREATE INDEX "item_field_value_date_idx" ON "item_field_value" USING btree ("tenant_id","field_id","value_date");--> statement-breakpoint
CREATE UNIQUE INDEX "metadata_form_key_idx" ON "metadata_form" USING btree ("tenant_id","form_key");--> statement-breakpoint
CREATE UNIQUE INDEX "metadata_form_label_idx" ON "metadata_form" USING btree ("tenant_id",lower("label"));--> statement-breakpoint
CREATE INDEX "bookmark_tenant_owner_idx" ON "bookmark" USING btree ("tenant_id","owner_id");--> statement-breakpoint
CREATE INDEX "item_search_vector_idx" ON "item" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "item_search_text_idx" ON "item" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_title_words_idx" ON "item" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
CREATE INDEX "item_title_trgm_idx" ON "item" USING gin (lower("title") gin_trgm_ops);