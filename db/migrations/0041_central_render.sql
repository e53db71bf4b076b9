CREATE TABLE "render" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sequence_item_id" uuid NOT NULL,
	"placeholder_item_id" uuid NOT NULL,
	"placeholder_version_id" uuid NOT NULL,
	"preset_id" uuid NOT NULL,
	"preset_name" text NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "item" DROP CONSTRAINT "item_item_type_known";--> statement-breakpoint
ALTER TABLE "render" ADD CONSTRAINT "render_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render" ADD CONSTRAINT "render_sequence_item_id_item_id_fk" FOREIGN KEY ("sequence_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render" ADD CONSTRAINT "render_placeholder_item_id_item_id_fk" FOREIGN KEY ("placeholder_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_sequence_idx" ON "render" USING btree ("tenant_id","sequence_item_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "render_placeholder_idx" ON "render" USING btree ("tenant_id","placeholder_item_id");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_item_type_known" CHECK ("item"."item_type" IN ('video', 'audio', 'image', 'file', 'sequence', 'placeholder', 'live'));