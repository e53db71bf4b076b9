CREATE TABLE "live_source" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"location" text NOT NULL,
	"cidr" text[] DEFAULT '{}' NOT NULL,
	"encrypted_credentials" text,
	"pipeline" jsonb NOT NULL,
	"folder_id" uuid,
	"bind_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_source" ADD CONSTRAINT "live_source_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_source" ADD CONSTRAINT "live_source_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_source_name_idx" ON "live_source" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "live_source_bind_idx" ON "live_source" USING btree ("bind_key");--> statement-breakpoint
CREATE INDEX "live_source_tenant_idx" ON "live_source" USING btree ("tenant_id","created_at");