GRANT SELECT, INSERT, UPDATE, DELETE ON tracker_entries, glucose_readings, achievement_unlocks TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE tracker_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE glucose_readings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE achievement_unlocks FORCE ROW LEVEL SECURITY;
