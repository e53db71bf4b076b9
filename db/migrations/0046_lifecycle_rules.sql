CREATE TABLE "lifecycle_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"folder_id" uuid NOT NULL,
	"include_subfolders" boolean DEFAULT true NOT NULL,
	"age_days" integer NOT NULL,
	"storage_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"last_run_at" timestamp with time zone,
	"last_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lifecycle_rule" ADD CONSTRAINT "lifecycle_rule_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_rule" ADD CONSTRAINT "lifecycle_rule_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_rule" ADD CONSTRAINT "lifecycle_rule_storage_id_storage_location_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lifecycle_rule_tenant_idx" ON "lifecycle_rule" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "lifecycle_rule_folder_fk_idx" ON "lifecycle_rule" USING btree ("folder_id");