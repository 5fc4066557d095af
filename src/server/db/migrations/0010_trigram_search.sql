-- pg_trgm: the trigram indexes of the lists' "contains" searches by name and e-mail (next migration).
-- A trusted extension: the database's owner creates it without being a superuser. PGlite loads it at
-- open (src/server/db/client.ts, createPglite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
