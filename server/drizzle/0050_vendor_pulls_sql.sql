-- Custom SQL migration file, put your code below! --
GRANT SELECT, INSERT, UPDATE, DELETE ON vendor_pull_sources TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE vendor_pull_sources FORCE ROW LEVEL SECURITY;
