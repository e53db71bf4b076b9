ALTER TABLE "item" ADD COLUMN "archive_transfer" jsonb;--> statement-breakpoint
-- Every tenant gets the local archive location a new tenant is provisioned with, so archiving works out of the box.
INSERT INTO "storage_location" ("tenant_id", "name", "description", "kind", "types", "config", "enable_deletion")
SELECT t."id", 'Local archive', '', 'local', ARRAY['archive']::text[], '{"pathPrefix":"archive"}'::jsonb, true
FROM "tenant" t
WHERE NOT EXISTS (
  SELECT 1 FROM "storage_location" s WHERE s."tenant_id" = t."id" AND 'archive' = ANY(s."types")
) AND NOT EXISTS (
  SELECT 1 FROM "storage_location" s WHERE s."tenant_id" = t."id" AND lower(s."name") = 'local archive'
);
