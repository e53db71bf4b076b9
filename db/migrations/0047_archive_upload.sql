CREATE TABLE "archive_upload" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"storage_id" uuid NOT NULL,
	"key" text NOT NULL,
	"upload_id" text NOT NULL,
	"part_size" integer NOT NULL,
	"size" bigint NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_upload" ADD CONSTRAINT "archive_upload_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_upload" ADD CONSTRAINT "archive_upload_version_id_item_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."item_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_upload_target_idx" ON "archive_upload" USING btree ("tenant_id","version_id","storage_id","key");--> statement-breakpoint
CREATE INDEX "archive_upload_version_idx" ON "archive_upload" USING btree ("version_id");