-- Health systems (SMART on FHIR): the app role reads and writes them under forced row-level security.
-- Endpoints and the signing key are the system's only; connections and sign-ins the person's.
GRANT SELECT, INSERT, UPDATE, DELETE ON health_system_endpoints TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE health_system_endpoints FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON health_system_connections TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE health_system_connections FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON health_system_authorizations TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE health_system_authorizations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON instance_signing_keys TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE instance_signing_keys FORCE ROW LEVEL SECURITY;
