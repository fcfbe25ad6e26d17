-- Trigram matching for discovery search by brand or campaign name (ILIKE '%q%' uses the GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
