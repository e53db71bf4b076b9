ALTER TABLE "item" ADD COLUMN "approval_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "approval_set_by" uuid;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "approval_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_approval_status_known" CHECK ("item"."approval_status" IN ('none', 'in_review', 'needs_changes', 'approved'));