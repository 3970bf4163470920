-- The health summary: the app role reads and writes it under the forced owner and share policies.
GRANT SELECT, INSERT, UPDATE, DELETE ON health_summary_items TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE health_summary_items FORCE ROW LEVEL SECURITY;
