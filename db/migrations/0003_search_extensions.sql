-- Wildcard and fuzzy search (trigram indexes) need pg_trgm before any table uses it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
