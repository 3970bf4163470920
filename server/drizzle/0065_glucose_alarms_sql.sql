-- Glucose alarms and their settings: the app role reads and writes them under forced row-level
-- security (the owner policies of the schema admit the person and their guardians), like every
-- user-owned table.
GRANT SELECT, INSERT, UPDATE, DELETE ON glucose_alarm_settings TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE glucose_alarm_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON glucose_alarms TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE glucose_alarms FORCE ROW LEVEL SECURITY;
