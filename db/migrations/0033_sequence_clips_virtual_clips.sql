CREATE TABLE "sequence_clip" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sequence_item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source_item_id" uuid NOT NULL,
	"in_frame" integer NOT NULL,
	"out_frame" integer NOT NULL,
	CONSTRAINT "sequence_clip_range" CHECK ("sequence_clip"."in_frame" >= 0 AND "sequence_clip"."out_frame" > "sequence_clip"."in_frame")
);
--> statement-breakpoint
CREATE TABLE "virtual_clip" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source_item_id" uuid NOT NULL,
	"in_frame" integer NOT NULL,
	"out_frame" integer NOT NULL,
	CONSTRAINT "virtual_clip_range" CHECK ("virtual_clip"."in_frame" >= 0 AND "virtual_clip"."out_frame" > "virtual_clip"."in_frame")
);
--> statement-breakpoint
ALTER TABLE "item" DROP CONSTRAINT "item_item_type_known";--> statement-breakpoint
ALTER TABLE "sequence_clip" ADD CONSTRAINT "sequence_clip_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_clip" ADD CONSTRAINT "sequence_clip_sequence_item_id_item_id_fk" FOREIGN KEY ("sequence_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_clip" ADD CONSTRAINT "sequence_clip_source_item_id_item_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_clip" ADD CONSTRAINT "virtual_clip_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_clip" ADD CONSTRAINT "virtual_clip_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_clip" ADD CONSTRAINT "virtual_clip_source_item_id_item_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_clip_position_idx" ON "sequence_clip" USING btree ("tenant_id","sequence_item_id","position");--> statement-breakpoint
CREATE INDEX "sequence_clip_source_idx" ON "sequence_clip" USING btree ("tenant_id","source_item_id");--> statement-breakpoint
CREATE INDEX "virtual_clip_source_idx" ON "virtual_clip" USING btree ("tenant_id","source_item_id");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_item_type_known" CHECK ("item"."item_type" IN ('video', 'audio', 'image', 'file', 'sequence'));