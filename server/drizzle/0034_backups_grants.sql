-- Backups: system/admin only. The app role reaches them only in the system context (policy
-- backups_system); nobody else is granted anything. FORCE makes the policy hold for the owner too.
GRANT SELECT, INSERT, UPDATE, DELETE ON backups TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE backups FORCE ROW LEVEL SECURITY;
