GRANT SELECT, INSERT, UPDATE, DELETE ON device_connections TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE device_connections FORCE ROW LEVEL SECURITY;
