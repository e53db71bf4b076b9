CREATE TABLE "highres_deletion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "highres_deletion" ADD CONSTRAINT "highres_deletion_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highres_deletion" ADD CONSTRAINT "highres_deletion_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "highres_deletion_item_idx" ON "highres_deletion" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "highres_deletion_item_fk_idx" ON "highres_deletion" USING btree ("item_id");