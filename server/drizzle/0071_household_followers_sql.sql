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
