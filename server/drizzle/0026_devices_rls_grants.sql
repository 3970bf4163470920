GRANT SELECT, INSERT, UPDATE, DELETE ON ns_upload_credentials, device_entry_keys, nightscout_sources TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE ns_upload_credentials FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE device_entry_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE nightscout_sources FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON device_connections TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE device_connections FORCE ROW LEVEL SECURITY;
