CREATE TABLE "log_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"tc_in" bigint NOT NULL,
	"tc_out" bigint,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (jsonb_to_tsvector('simple', "values", '["string", "numeric"]')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(jsonb_path_query_array("values", 'strict $.*')::text)) STORED
);
--> statement-breakpoint
CREATE TABLE "log_entry_field_value" (
	"tenant_id" uuid NOT NULL,
	"log_entry_id" uuid NOT NULL,
	"field_id" text NOT NULL,
	"value_text" text,
	"value_number" double precision,
	"value_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "item_relation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"from_item_id" uuid NOT NULL,
	"to_item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_relation_not_self" CHECK ("item_relation"."from_item_id" <> "item_relation"."to_item_id")
);
--> statement-breakpoint
CREATE TABLE "share" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"created_by" uuid,
	"page_title" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"max_views" integer,
	"views_used" integer DEFAULT 0 NOT NULL,
	"allow_download" boolean DEFAULT false NOT NULL,
	"metadata_access" text DEFAULT 'none' NOT NULL,
	"allow_comments" boolean DEFAULT false NOT NULL,
	"web_proxy" boolean DEFAULT true NOT NULL,
	"edit_proxy" boolean DEFAULT false NOT NULL,
	"high_res" boolean DEFAULT false NOT NULL,
	"folder_id" uuid,
	"message" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_item" (
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "share_item_share_id_item_id_pk" PRIMARY KEY("share_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "share_visit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"reviewer_name" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_email" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"message" text,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"item_id" uuid,
	"comment_id" uuid,
	"tc_in" bigint,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"route" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email_kinds" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_setting_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "external_author" text;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "log_entry" ADD CONSTRAINT "log_entry_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry" ADD CONSTRAINT "log_entry_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry" ADD CONSTRAINT "log_entry_form_id_metadata_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."metadata_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry" ADD CONSTRAINT "log_entry_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry" ADD CONSTRAINT "log_entry_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry_field_value" ADD CONSTRAINT "log_entry_field_value_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry_field_value" ADD CONSTRAINT "log_entry_field_value_log_entry_id_log_entry_id_fk" FOREIGN KEY ("log_entry_id") REFERENCES "public"."log_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_relation" ADD CONSTRAINT "item_relation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_relation" ADD CONSTRAINT "item_relation_from_item_id_item_id_fk" FOREIGN KEY ("from_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_relation" ADD CONSTRAINT "item_relation_to_item_id_item_id_fk" FOREIGN KEY ("to_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_relation" ADD CONSTRAINT "item_relation_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_item" ADD CONSTRAINT "share_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_item" ADD CONSTRAINT "share_item_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_item" ADD CONSTRAINT "share_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visit" ADD CONSTRAINT "share_visit_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_email" ADD CONSTRAINT "share_email_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_email" ADD CONSTRAINT "share_email_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_email" ADD CONSTRAINT "share_email_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_entry_tenant_item_idx" ON "log_entry" USING btree ("tenant_id","item_id","tc_in");--> statement-breakpoint
CREATE INDEX "log_entry_form_idx" ON "log_entry" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "log_entry_search_vector_idx" ON "log_entry" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "log_entry_search_text_idx" ON "log_entry" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_entry_field_value_entry_idx" ON "log_entry_field_value" USING btree ("log_entry_id");--> statement-breakpoint
CREATE INDEX "log_entry_field_value_text_idx" ON "log_entry_field_value" USING btree ("tenant_id","field_id",lower("value_text"));--> statement-breakpoint
CREATE INDEX "log_entry_field_value_trgm_idx" ON "log_entry_field_value" USING gin (lower("value_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_entry_field_value_words_idx" ON "log_entry_field_value" USING gin (to_tsvector('simple', "value_text"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_relation_unique_idx" ON "item_relation" USING btree ("tenant_id","from_item_id","to_item_id","kind");--> statement-breakpoint
CREATE INDEX "item_relation_to_idx" ON "item_relation" USING btree ("tenant_id","to_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_token_hash_idx" ON "share" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_tenant_creator_idx" ON "share" USING btree ("tenant_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "share_item_tenant_item_idx" ON "share_item" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_visit_share_visitor_idx" ON "share_visit" USING btree ("share_id","visitor_hash");--> statement-breakpoint
CREATE INDEX "share_email_share_idx" ON "share_email" USING btree ("tenant_id","share_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_tenant_user_created_idx" ON "notification" USING btree ("tenant_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_tenant_user_unread_idx" ON "notification" USING btree ("tenant_id","user_id") WHERE "notification"."read_at" is null;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE set null ON UPDATE no action;