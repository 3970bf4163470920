-- Households (issue 32): a guardian (an account) acts for a person (a dependent, or any person who made
-- them a guardian). The app sets `app.user_id` = the person and `app.account_id` = the signed-in account
-- (db/database.ts); every owner policy asks `app_person()` (db/schema/rls.ts, ownsRow) whose rows these
-- are: `app.user_id` when the account acts for itself (`app.account_id` empty or the same), or when the
-- account is the person's guardian right now; else nobody's. A removed guardian's next statement sees
-- nothing, whatever the app sends. SECURITY DEFINER: the app role reads guardianships only as the system.
GRANT SELECT, INSERT, UPDATE, DELETE ON guardianships, household_invitations, former_guardians TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE guardianships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE household_invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE former_guardians FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_person() RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT CASE
    WHEN coalesce(current_setting('app.account_id', true), '') IN ('', coalesce(current_setting('app.user_id', true), ''))
      THEN nullif(current_setting('app.user_id', true), '')::uuid
    WHEN EXISTS (
      SELECT 1 FROM guardianships g
      WHERE g.person_id = nullif(current_setting('app.user_id', true), '')::uuid
        AND g.guardian_id = nullif(current_setting('app.account_id', true), '')::uuid
    ) THEN nullif(current_setting('app.user_id', true), '')::uuid
  END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_person() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_person() TO healthfolio_app;
--> statement-breakpoint
-- A row's hash now also holds the acting account (`actor_id`) when there is one. Rows without one (all
-- rows from before, and the system's) keep their formula, so they verify as before; setting or
-- clearing a row's actor changes which formula applies, and its hash no longer matches.
CREATE OR REPLACE FUNCTION audit_log_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || CASE WHEN r.chain IS NULL THEN jsonb_build_array(
    r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details, r.ip_address,
    r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) WHEN r.actor_id IS NULL THEN jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details,
    r.ip_address, r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) ELSE jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details,
    r.ip_address, r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id
  ) END::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Whether a person is kept by guardians (their notices then name them: "Mia's glucose is low"). Only
-- about the current person, or anyone in the system context.
CREATE OR REPLACE FUNCTION app_kept_by_guardians(person uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (
    SELECT 1 FROM guardianships g
    WHERE g.person_id = person
      AND (person = app_person() OR current_setting('app.system', true) = 'on')
  )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_kept_by_guardians(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_kept_by_guardians(uuid) TO healthfolio_app;
