GRANT SELECT, INSERT, UPDATE, DELETE ON shared_access, shared_permissions TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE shared_access FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE shared_permissions FORCE ROW LEVEL SECURITY;
