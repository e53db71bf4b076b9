-- Lets a GIN index lead with tenant_id (btree_gin), so a search finds the tenant's matches in one index scan instead
-- of intersecting every tenant's matches with a bitmap of all the tenant's items.
CREATE EXTENSION IF NOT EXISTS btree_gin;
