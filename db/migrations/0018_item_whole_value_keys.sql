-- facet_terms and field_keys hold only chosen values (fields of type Choice, MultipleChoice, TreeChoice, SubType or
-- Checkbox in any of the tenant's forms), as item.repository now writes them: the words of typed text are found
-- through the search document, and long typed values no longer widen the covering index.
WITH "whole" AS (
  SELECT DISTINCT "form"."tenant_id", "field"->>'fieldId' AS "field_id"
  FROM "metadata_form" AS "form", jsonb_array_elements("form"."definition"->'fields') AS "field"
  WHERE "field"->>'type' IN ('Choice', 'MultipleChoice', 'TreeChoice', 'SubType', 'Checkbox')
),
"values" AS (
  SELECT "v"."item_id", "v"."field_id", "v"."facet_value"
  FROM "item_field_value" AS "v"
  JOIN "whole" ON "whole"."tenant_id" = "v"."tenant_id" AND "whole"."field_id" = "v"."field_id"
  WHERE "v"."facet_value" IS NOT NULL
),
"keyed" AS (
  SELECT "item_id",
    array_agg(DISTINCT "field_id" || chr(31) || "facet_value" ORDER BY "field_id" || chr(31) || "facet_value") AS "terms",
    array_agg(DISTINCT "field_id" || chr(31) || lower("facet_value") ORDER BY "field_id" || chr(31) || lower("facet_value")) AS "keys"
  FROM "values"
  GROUP BY "item_id"
)
UPDATE "item" SET
  "facet_terms" = coalesce("keyed"."terms", '{}'::text[]),
  "field_keys" = coalesce("keyed"."keys", '{}'::text[])
FROM "item" AS "each" LEFT JOIN "keyed" ON "keyed"."item_id" = "each"."id"
WHERE "item"."id" = "each"."id"
  AND ("item"."facet_terms" IS DISTINCT FROM coalesce("keyed"."terms", '{}'::text[])
    OR "item"."field_keys" IS DISTINCT FROM coalesce("keyed"."keys", '{}'::text[]));
