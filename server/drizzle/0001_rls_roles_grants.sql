-- The app role: no login, no BYPASSRLS. Roles are cluster-wide, so create it only once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'healthfolio_app') THEN
    CREATE ROLE healthfolio_app NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- The migrating (owner) role must be able to SET ROLE to it; a superuser already can.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT healthfolio_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO healthfolio_app;
--> statement-breakpoint
REVOKE ALL ON SCHEMA auth FROM healthfolio_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON profiles, user_roles, mail_outbox TO healthfolio_app;
--> statement-breakpoint
-- The audit log is append-only for the app.
GRANT SELECT, INSERT ON audit_logs TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
