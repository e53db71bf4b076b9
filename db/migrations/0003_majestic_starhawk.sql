CREATE TABLE "storage_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"types" text[] DEFAULT '{}' NOT NULL,
	"default_types" text[] DEFAULT '{}' NOT NULL,
	"config" jsonb NOT NULL,
	"encrypted_secret" text,
	"enable_deletion" boolean DEFAULT false NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_location" ADD CONSTRAINT "storage_location_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_location_tenant_name_unique" ON "storage_location" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "storage_location_tenant_built_in_unique" ON "storage_location" USING btree ("tenant_id") WHERE "storage_location"."built_in";--> statement-breakpoint
CREATE INDEX "storage_location_tenant_idx" ON "storage_location" USING btree ("tenant_id","created_at");