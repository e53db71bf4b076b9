-- Items written before field_keys existed get theirs from their value rows, as item.repository writes them.
UPDATE "item" SET "field_keys" = "keys"."list"
FROM (
  SELECT "item_id", array_agg(DISTINCT "field_id" || chr(31) || lower("facet_value") ORDER BY "field_id" || chr(31) || lower("facet_value")) AS "list"
  FROM "item_field_value"
  WHERE "facet_value" IS NOT NULL
  GROUP BY "item_id"
) AS "keys"
WHERE "item"."id" = "keys"."item_id";
