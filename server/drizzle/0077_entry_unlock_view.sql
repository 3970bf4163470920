-- What one entry's write reads to judge the achievements it may unlock (core: unlocks-after-write.ts),
-- read after the entry's insert in its round trip. Each read is bounded by the largest threshold the
-- caller passes (core's ACHIEVEMENTS are the one place for them), and is made only while an achievement
-- it decides is still locked: a long-time user's write reads the time zone and the stored unlocks only.
-- PL/pgSQL, so only the reads made are run (and their plans kept for the session); SECURITY INVOKER, so
-- row-level security applies to every read. Relations schema-qualified, no `SET search_path` (0076).
-- The glucose sources that count as entries are those of the entry_days triggers (0048): manual, meter.
CREATE FUNCTION entry_unlock_view(
  uid uuid, written_at timestamptz, now_at timestamptz, after timestamptz,
  entry_ids text[], day_ids text[], streak_ids text[], entry_cap integer, day_cap integer, span integer
) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  tz text := coalesce((SELECT p.timezone FROM public.profiles p WHERE p.user_id = uid), 'UTC');
  held text[] := coalesce(
    (SELECT array_agg(u.achievement_id::text) FROM public.achievement_unlocks u WHERE u.user_id = uid), '{}');
  today date := (now_at AT TIME ZONE tz)::date;
  written date := least((written_at AT TIME ZONE tz)::date, today);
  need_entries boolean := NOT held @> entry_ids;
  need_days boolean := NOT held @> day_ids;
  need_streak boolean := NOT held @> streak_ids;
  before_today integer;
  from_today integer;
  days_before integer;
  window_days json;
BEGIN
  IF need_entries THEN
    SELECT coalesce(sum(x.entries), 0) INTO before_today FROM (
      SELECT e.entries FROM public.entry_days e
      WHERE e.user_id = uid AND e.day < today AND e.entries > 0 LIMIT entry_cap) x;
  END IF;
  -- Today's and later counters, less the entries beyond the clock skew (they count nowhere).
  IF need_entries OR (written < today AND (need_days OR need_streak)) THEN
    SELECT coalesce(sum(e.entries), 0) INTO from_today FROM public.entry_days e
      WHERE e.user_id = uid AND e.day >= today;
    from_today := from_today
      - (SELECT count(*) FROM public.tracker_entries t WHERE t.user_id = uid AND t.occurred_at > after)
      - (SELECT count(*) FROM public.glucose_readings g
          WHERE g.user_id = uid AND g.source IN ('manual', 'meter') AND g.recorded_at > after);
  END IF;
  IF need_days THEN
    SELECT count(*) INTO days_before FROM (
      SELECT DISTINCT e.day FROM public.entry_days e
      WHERE e.user_id = uid AND e.day < today AND e.entries > 0 LIMIT day_cap) x;
  END IF;
  IF need_streak THEN
    SELECT coalesce(json_agg(x.day::text), '[]'::json) INTO window_days FROM (
      SELECT DISTINCT e.day FROM public.entry_days e
      WHERE e.user_id = uid AND e.entries > 0
        AND e.day BETWEEN written - span AND least(written + span, today - 1)) x;
  END IF;
  RETURN json_build_object(
    'today', today::text, 'day', written::text, 'unlocked', to_json(held),
    'entriesBeforeToday', before_today, 'entriesFromToday', from_today,
    'daysBeforeToday', days_before, 'windowDays', window_days);
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION entry_unlock_view(uuid, timestamptz, timestamptz, timestamptz, text[], text[], text[], integer, integer, integer) TO healthfolio_app;
