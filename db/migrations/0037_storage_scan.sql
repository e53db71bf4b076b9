CREATE TABLE "storage_scan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"storage_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"modified_from" timestamp with time zone,
	"modified_to" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"files_seen" integer DEFAULT 0 NOT NULL,
	"items_created" integer DEFAULT 0 NOT NULL,
	"files_skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"workflow_id" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storage_scan_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"storage_id" uuid NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_scan" ADD CONSTRAINT "storage_scan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_scan" ADD CONSTRAINT "storage_scan_storage_id_storage_location_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_scan_file" ADD CONSTRAINT "storage_scan_file_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_scan_file" ADD CONSTRAINT "storage_scan_file_storage_id_storage_location_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_scan_file" ADD CONSTRAINT "storage_scan_file_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_scan_tenant_storage_idx" ON "storage_scan" USING btree ("tenant_id","storage_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_scan_file_known_idx" ON "storage_scan_file" USING btree ("tenant_id","storage_id","key","size","fingerprint");