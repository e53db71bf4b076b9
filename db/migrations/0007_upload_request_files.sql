CREATE TABLE "upload_request_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"contributor_name" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_request_file" ADD CONSTRAINT "upload_request_file_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_request_file" ADD CONSTRAINT "upload_request_file_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_request_file" ADD CONSTRAINT "upload_request_file_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_request_file_item_idx" ON "upload_request_file" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "upload_request_file_share_idx" ON "upload_request_file" USING btree ("tenant_id","share_id","created_at");