GRANT SELECT, INSERT, UPDATE, DELETE ON custom_foods TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE custom_foods FORCE ROW LEVEL SECURITY;
