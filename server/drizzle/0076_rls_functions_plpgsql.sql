-- The two functions row-level security calls in nearly every statement, in PL/pgSQL: a SQL function that
-- cannot be inlined (SECURITY DEFINER) has its body parsed and planned again at every statement that
-- calls it (~25 µs each time, several times a request); PL/pgSQL keeps its plans for the session.
-- Same answers as before. No `SET search_path` (which would cost a configuration switch per call): every
-- relation is schema-qualified, so no temporary or other table can stand in for it, and the functions
-- and operators used are PostgreSQL's own (pg_catalog is searched first).
CREATE OR REPLACE FUNCTION app_person() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
  person text := nullif(current_setting('app.user_id', true), '');
  account text := coalesce(current_setting('app.account_id', true), '');
BEGIN
  -- The person's own scope (no acting account, or the account is the person).
  IF account = '' OR account = coalesce(person, '') THEN
    RETURN person::uuid;
  END IF;
  -- A guardian acting for a person they keep.
  IF EXISTS (
    SELECT 1 FROM public.guardianships g
    WHERE g.person_id = person::uuid AND g.guardian_id = account::uuid
  ) THEN
    RETURN person::uuid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_follow_people() RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
  token uuid := nullif(current_setting('app.follow_token_id', true), '')::uuid;
BEGIN
  -- Outside a household follower token's read (every other request): nobody, without a query.
  IF token IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT p.id FROM public.household_follower_tokens t
    CROSS JOIN LATERAL (
      SELECT t.account_id AS id
      UNION ALL
      SELECT g.person_id FROM public.guardianships g WHERE g.guardian_id = t.account_id
    ) p
    WHERE t.id = token AND (t.person_ids IS NULL OR p.id = ANY (t.person_ids));
END
$$;
