CREATE TABLE "watch_folder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"storage_id" uuid NOT NULL,
	"subpath" text DEFAULT '' NOT NULL,
	"folder_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"stable_seconds" integer DEFAULT 10 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_folder_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"watch_folder_id" uuid NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"version" text NOT NULL,
	"item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_folder" ADD CONSTRAINT "watch_folder_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_folder" ADD CONSTRAINT "watch_folder_storage_id_storage_location_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_folder" ADD CONSTRAINT "watch_folder_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_folder_file" ADD CONSTRAINT "watch_folder_file_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_folder_file" ADD CONSTRAINT "watch_folder_file_watch_folder_id_watch_folder_id_fk" FOREIGN KEY ("watch_folder_id") REFERENCES "public"."watch_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_folder_file" ADD CONSTRAINT "watch_folder_file_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_folder_tenant_path_unique" ON "watch_folder" USING btree ("tenant_id","storage_id","subpath");--> statement-breakpoint
CREATE INDEX "watch_folder_tenant_idx" ON "watch_folder" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_folder_file_claim_unique" ON "watch_folder_file" USING btree ("tenant_id","watch_folder_id","key","size","version");