ALTER TABLE "item" ADD COLUMN "processing_state" text;--> statement-breakpoint
UPDATE "item" SET "processing_state" = "item_version"."transcoding"->>'state' FROM "item_version" WHERE "item_version"."id" = "item"."leading_version_id";
