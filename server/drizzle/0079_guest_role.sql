-- The guest role (db/schema/rls.ts GUEST_ROLE): a caregiver's share (`app.share_id`) and a household
-- follower token (`app.follow_token_id`) read as it, and the share and follower policies apply to it
-- alone (migration guest_policies, and the two follower policies below). A user's or the system's
-- transaction, as the app role, then never plans those policies' sub-selects: on a one-reading
-- Nightscout upload they cost PostgreSQL more than the rest of the statement (bench/README.md).
-- A member of the app role: the same grants; the owner policies admit nothing in its scopes.
-- Roles are cluster-wide, so create it only once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'healthfolio_guest') THEN
    CREATE ROLE healthfolio_guest NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT healthfolio_app TO healthfolio_guest;
--> statement-breakpoint
-- The migrating (owner) role must be able to SET ROLE to it; a superuser already can.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT healthfolio_guest TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
ALTER POLICY "glucose_readings_household_follower" ON "glucose_readings" TO healthfolio_guest;
--> statement-breakpoint
ALTER POLICY "profiles_household_follower" ON "profiles" TO healthfolio_guest;
