GRANT SELECT, INSERT, UPDATE, DELETE ON hypo_settings, hypo_follow_ups TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE hypo_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hypo_follow_ups FORCE ROW LEVEL SECURITY;
