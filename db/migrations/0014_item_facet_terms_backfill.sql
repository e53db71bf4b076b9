-- Items written before facet_terms existed get theirs from their value rows, as item.repository writes them.
UPDATE "item" SET "facet_terms" = "terms"."list"
FROM (
  SELECT "item_id", array_agg(DISTINCT "field_id" || chr(31) || "facet_value" ORDER BY "field_id" || chr(31) || "facet_value") AS "list"
  FROM "item_field_value"
  WHERE "facet_value" IS NOT NULL
  GROUP BY "item_id"
) AS "terms"
WHERE "item"."id" = "terms"."item_id";
