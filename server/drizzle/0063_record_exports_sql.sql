-- Record exports: the app role reads and writes them under forced row-level security (the owner
-- policy of the schema), like every user-owned table.
GRANT SELECT, INSERT, UPDATE, DELETE ON record_exports TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE record_exports FORCE ROW LEVEL SECURITY;
