ALTER TABLE "comment" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
CREATE INDEX "comment_tenant_assignee_due_idx" ON "comment" USING btree ("tenant_id","assignee_id","due_at");