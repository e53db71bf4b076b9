-- Every tenant gets the local cold location a new tenant is provisioned with, so archiving to cold storage and
-- restoring from it work out of the box.
INSERT INTO "storage_location" ("tenant_id", "name", "description", "kind", "types", "config", "enable_deletion")
SELECT t."id", 'Local cold storage', '', 'local', ARRAY['cold']::text[], '{"pathPrefix":"cold"}'::jsonb, true
FROM "tenant" t
WHERE NOT EXISTS (
  SELECT 1 FROM "storage_location" s WHERE s."tenant_id" = t."id" AND 'cold' = ANY(s."types")
) AND NOT EXISTS (
  SELECT 1 FROM "storage_location" s WHERE s."tenant_id" = t."id" AND lower(s."name") = 'local cold storage'
);
