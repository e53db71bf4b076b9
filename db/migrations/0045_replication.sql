CREATE TABLE "replication_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source_storage_id" uuid NOT NULL,
	"target_storage_id" uuid NOT NULL,
	"stage" text DEFAULT 'original' NOT NULL,
	"shard_count" integer DEFAULT 1 NOT NULL,
	"encrypted_api_token" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_round_at" timestamp with time zone,
	"last_round_copied" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replication_object" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"setting_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"key" text NOT NULL,
	"state" text NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_location" ADD COLUMN "externally_replicated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "replication_setting" ADD CONSTRAINT "replication_setting_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replication_setting" ADD CONSTRAINT "replication_setting_source_storage_id_storage_location_id_fk" FOREIGN KEY ("source_storage_id") REFERENCES "public"."storage_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replication_setting" ADD CONSTRAINT "replication_setting_target_storage_id_storage_location_id_fk" FOREIGN KEY ("target_storage_id") REFERENCES "public"."storage_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replication_object" ADD CONSTRAINT "replication_object_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replication_object" ADD CONSTRAINT "replication_object_setting_id_replication_setting_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."replication_setting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replication_object" ADD CONSTRAINT "replication_object_version_id_item_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."item_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replication_setting_ends_unique" ON "replication_setting" USING btree ("tenant_id","source_storage_id","target_storage_id");--> statement-breakpoint
CREATE INDEX "replication_setting_tenant_idx" ON "replication_setting" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replication_object_setting_version_unique" ON "replication_object" USING btree ("setting_id","version_id");--> statement-breakpoint
CREATE INDEX "replication_object_tenant_setting_idx" ON "replication_object" USING btree ("tenant_id","setting_id","state");