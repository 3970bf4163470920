-- Lab results: the app role reads and writes them under the forced owner and share policies.
GRANT SELECT, INSERT, UPDATE, DELETE ON lab_results TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE lab_results FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The A1C tracker's readings become lab results (LOINC 4548-4, %), in the system scope: the owner
-- role may be subject to the forced policies. The test date is kept as noon of that date in the
-- person's time zone (as the A1C tracker now sends it).
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO lab_results (user_id, test_name, loinc, value, unit, reference_high, reference_text, flag,
  effective_at, source, lab_name, note, created_at, updated_at)
SELECT e.user_id, 'Hemoglobin A1c', '4548-4', (e.data->>'value')::double precision, '%', 5.6,
  'Below 5.7% (ADA)',
  CASE WHEN (e.data->>'value')::double precision > 5.6 THEN 'high' ELSE 'normal' END,
  CASE WHEN e.data->>'test_date' ~ '^\d{4}-\d{2}-\d{2}$'
    THEN ((e.data->>'test_date') || ' 12:00')::timestamp AT TIME ZONE coalesce(p.timezone, 'UTC')
    ELSE e.occurred_at END,
  'typed', nullif(e.data->>'lab_name', ''), e.notes, e.created_at, e.updated_at
FROM tracker_entries e
LEFT JOIN profiles p ON p.user_id = e.user_id
WHERE e.tracker = 'a1c' AND jsonb_typeof(e.data->'value') = 'number'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM tracker_entries WHERE tracker = 'a1c';
--> statement-breakpoint
SELECT set_config('app.system', '', true);
