CREATE TABLE "item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"folder_id" uuid,
	"item_type" text DEFAULT 'file' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"owner_id" uuid,
	"visible_to" jsonb,
	"updatable_by" jsonb,
	"leading_version_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"upload_id" text,
	"storage_id" uuid,
	"original_key" text,
	"generated_storage_id" uuid,
	"upload" jsonb NOT NULL,
	"transcoding" jsonb NOT NULL,
	"probe" jsonb,
	"media" jsonb,
	"renditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"item_id" uuid,
	"version_id" uuid,
	"title" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"step" text,
	"error" text,
	"workflow_id" text,
	"bytes_total" bigint,
	"bytes_done" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_leading_version_id_item_version_id_fk" FOREIGN KEY ("leading_version_id") REFERENCES "public"."item_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_version" ADD CONSTRAINT "item_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_version" ADD CONSTRAINT "item_version_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation" ADD CONSTRAINT "operation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_tenant_folder_idx" ON "item" USING btree ("tenant_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "item_tenant_deleted_idx" ON "item" USING btree ("tenant_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_version_number_idx" ON "item_version" USING btree ("item_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "item_version_upload_idx" ON "item_version" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "item_version_tenant_item_idx" ON "item_version" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "operation_tenant_created_idx" ON "operation" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_version_idx" ON "operation" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "audit_event_target_idx" ON "audit_event" USING btree ("tenant_id","target_type","target_id");