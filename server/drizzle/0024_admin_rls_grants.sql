-- Platform settings: the app role reads and writes them only in the system context (policy
-- platform_settings_system); FORCE makes the policy hold for the table's owner too.
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_settings TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE platform_settings FORCE ROW LEVEL SECURITY;
