GRANT SELECT, INSERT, UPDATE, DELETE ON documents, jobs TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
