GRANT SELECT, INSERT, UPDATE, DELETE ON visit_packets TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE visit_packets FORCE ROW LEVEL SECURITY;
