/** The bare server's statements: each endpoint's database work and nothing else. */

export const PROFILE_POINT_READ =
  'select id, user_id, user_type, display_name, glucose_unit, timezone from profiles where user_id = $1 limit 1';

// The same relation and order as GET /api/v1/entries (entries.repository.ts): trackers and logged glucose.
export const ENTRIES_PAGE = `select * from (
  select id, tracker, occurred_at, notes, data, created_at, updated_at from tracker_entries where user_id = $1
  union all
  select id, 'blood-glucose'::text as tracker, recorded_at as occurred_at, notes,
    jsonb_strip_nulls(jsonb_build_object('glucose', value_mgdl, 'timing', meal_context,
      'carbsConsumed', carbs_consumed, 'source', source)) as data, created_at, updated_at
  from glucose_readings where user_id = $1 and source in ('manual', 'meter')
) e order by occurred_at desc, id desc limit 51`;

export const ENTRY_INSERT = `insert into tracker_entries (user_id, tracker, occurred_at, notes, data)
  values ($1, $2, $3, $4, $5) returning id, tracker, occurred_at, notes, data, created_at, updated_at`;

// The floor of a statistics request: one aggregate over the same index range (time in ranges, mean,
// variability, percentiles); the app's statistics compute more than this from the same rows.
export const GLUCOSE_AGGREGATE = `select count(*)::int as readings, avg(value_mgdl) as mean,
  stddev_samp(value_mgdl) as sd,
  percentile_cont(array[0.05, 0.25, 0.5, 0.75, 0.95]) within group (order by value_mgdl) as percentiles,
  count(*) filter (where value_mgdl < 54)::int as very_low, count(*) filter (where value_mgdl < 70)::int as low,
  count(*) filter (where value_mgdl > 180)::int as high, count(*) filter (where value_mgdl > 250)::int as very_high
  from glucose_readings where user_id = $1 and recorded_at >= now() - interval '90 days'`;

// A Nightscout upload of one reading: the glucose store's insert, a replay a no-op (ns-upload.service).
export const NS_READING_INSERT = `insert into glucose_readings (user_id, source, recorded_at, value_mgdl, trend)
  values ($1, $2, $3, $4, $5) on conflict (user_id, recorded_at, source, deduplicated) do nothing`;
