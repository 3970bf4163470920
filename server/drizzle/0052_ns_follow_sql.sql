-- Nightscout follower collections, follower tokens and glucose targets: the app role reads and
-- writes them under the owner policies, which apply to the table owner too.
GRANT SELECT, INSERT, UPDATE, DELETE ON ns_treatments, ns_devicestatus, ns_profiles, ns_follower_tokens, glucose_targets TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE ns_treatments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ns_devicestatus FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ns_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ns_follower_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE glucose_targets FORCE ROW LEVEL SECURITY;
