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
