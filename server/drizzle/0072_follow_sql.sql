-- Issue 32 and 33 follow-ups: household follower tokens (first part) and profile switches (second).
-- Household follower tokens (issue 32): the app role manages them under the owner policies (the
-- guardian who made them); the follower endpoint reads through `db.readAsFollowToken`, which sets only
-- `app.follow_token_id` (read-only). `app_follow_people()` is the people that token names — the
-- guardian's wards it lists (all of them and the guardian when it lists none), only while the guardian
-- still keeps them —, and the two policies below admit those people's readings and profile, for SELECT
-- only. A revoked (deleted) token, a removed guardianship or another household's person: nothing.
GRANT SELECT, INSERT, UPDATE, DELETE ON household_follower_tokens TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE household_follower_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_follow_people() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.id FROM household_follower_tokens t
  CROSS JOIN LATERAL (
    SELECT t.account_id AS id
    UNION ALL
    SELECT g.person_id FROM guardianships g WHERE g.guardian_id = t.account_id
  ) p
  WHERE t.id = nullif(current_setting('app.follow_token_id', true), '')::uuid
    AND (t.person_ids IS NULL OR p.id = ANY (t.person_ids))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_follow_people() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_follow_people() TO healthfolio_app;
--> statement-breakpoint
CREATE POLICY "glucose_readings_household_follower" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO public
  USING ("glucose_readings"."user_id" IN (SELECT app_follow_people()));
--> statement-breakpoint
CREATE POLICY "profiles_household_follower" ON "profiles" AS PERMISSIVE FOR SELECT TO public
  USING ("profiles"."user_id" IN (SELECT app_follow_people()));

--> statement-breakpoint
-- Profile switches (issue 33): the app role reads and writes them under the owner policies.
GRANT SELECT, INSERT, UPDATE, DELETE ON ns_profile_switches TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE ns_profile_switches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The switches already stored among the treatments, read as ns-profile-switch.ts reads new ones (their
-- profileJson is not parsed here: they fall back to the profile store's profile of that name). In the
-- system scope: the owner role may be subject to the forced policies.
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO ns_profile_switches (treatment_id, user_id, occurred_at, profile, percentage, timeshift_hours, duration_minutes)
SELECT t.id, t.user_id, t.occurred_at, t.doc->>'profile',
  CASE WHEN (t.doc->>'percentage') ~ '^[0-9]+(\.[0-9]+)?$' AND (t.doc->>'percentage')::float8 > 0
    AND (t.doc->>'percentage')::float8 <= 1000 THEN (t.doc->>'percentage')::float8 ELSE 100 END,
  CASE WHEN (t.doc->>'timeshift') ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (t.doc->>'timeshift')::float8 ELSE 0 END,
  CASE WHEN (t.doc->>'duration') ~ '^[0-9]+(\.[0-9]+)?$' THEN (t.doc->>'duration')::float8 ELSE 0 END
FROM ns_treatments t
WHERE t.event_type = 'Profile Switch' AND coalesce(t.doc->>'profile', '') <> ''
ON CONFLICT DO NOTHING;
