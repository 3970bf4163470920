-- entry_days: a user's entries counted per local day (profile time zone) and tracker, for streaks and
-- achievements. Triggers keep it in the transaction of every write, whoever writes (entries, hypo,
-- imports, Nightscout, devices): one place for the rule. The readings that count as entries are the
-- glucose sources of entriesRelation (manual, meter).
GRANT SELECT, INSERT, UPDATE, DELETE ON entry_days TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE entry_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE FUNCTION entry_days_count(uid uuid, at timestamptz, trk text, delta integer) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  d date := (at AT TIME ZONE coalesce((SELECT timezone FROM profiles WHERE user_id = uid), 'UTC'))::date;
BEGIN
  IF delta > 0 THEN
    INSERT INTO entry_days AS e (user_id, day, tracker, entries) VALUES (uid, d, trk, delta)
      ON CONFLICT (user_id, day, tracker) DO UPDATE SET entries = e.entries + excluded.entries;
  ELSE
    -- Only decrements here, never an insert: a user's deletion cascades through this trigger.
    UPDATE entry_days SET entries = entries + delta
      WHERE user_id = uid AND day = d AND tracker = trk AND entries > -delta;
    IF NOT FOUND THEN
      DELETE FROM entry_days WHERE user_id = uid AND day = d AND tracker = trk;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tracker_entries_count_days() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM entry_days_count(OLD.user_id, OLD.occurred_at, OLD.tracker, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM entry_days_count(NEW.user_id, NEW.occurred_at, NEW.tracker, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tracker_entries_count_days AFTER INSERT OR DELETE ON tracker_entries
  FOR EACH ROW EXECUTE FUNCTION tracker_entries_count_days();
--> statement-breakpoint
CREATE TRIGGER tracker_entries_count_days_move AFTER UPDATE OF user_id, occurred_at, tracker ON tracker_entries
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.occurred_at IS DISTINCT FROM NEW.occurred_at
    OR OLD.tracker IS DISTINCT FROM NEW.tracker)
  EXECUTE FUNCTION tracker_entries_count_days();
--> statement-breakpoint
CREATE FUNCTION glucose_readings_count_days() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.source IN ('manual', 'meter') THEN
      PERFORM entry_days_count(OLD.user_id, OLD.recorded_at, 'blood-glucose', -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.source IN ('manual', 'meter') THEN
      PERFORM entry_days_count(NEW.user_id, NEW.recorded_at, 'blood-glucose', 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- WHEN clauses keep sensor and imported readings (most rows) from calling the function at all.
CREATE TRIGGER glucose_readings_count_days_insert AFTER INSERT ON glucose_readings
  FOR EACH ROW WHEN (NEW.source IN ('manual', 'meter'))
  EXECUTE FUNCTION glucose_readings_count_days();
--> statement-breakpoint
CREATE TRIGGER glucose_readings_count_days_delete AFTER DELETE ON glucose_readings
  FOR EACH ROW WHEN (OLD.source IN ('manual', 'meter'))
  EXECUTE FUNCTION glucose_readings_count_days();
--> statement-breakpoint
CREATE TRIGGER glucose_readings_count_days_move AFTER UPDATE OF user_id, recorded_at, source ON glucose_readings
  FOR EACH ROW
  WHEN ((OLD.source IN ('manual', 'meter') OR NEW.source IN ('manual', 'meter'))
    AND (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.recorded_at IS DISTINCT FROM NEW.recorded_at
      OR OLD.source IS DISTINCT FROM NEW.source))
  EXECUTE FUNCTION glucose_readings_count_days();
--> statement-breakpoint
-- Days are the profile's calendar days: a new time zone recounts the user's days (a scan of their
-- entries, once per change).
CREATE FUNCTION entry_days_rebuild(uid uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  tz text := coalesce((SELECT timezone FROM profiles WHERE user_id = uid), 'UTC');
BEGIN
  DELETE FROM entry_days WHERE user_id = uid;
  INSERT INTO entry_days (user_id, day, tracker, entries)
  SELECT uid, (e.at AT TIME ZONE tz)::date, e.tracker, count(*)::int
  FROM (
    SELECT occurred_at AS at, tracker FROM tracker_entries WHERE user_id = uid
    UNION ALL
    SELECT recorded_at, 'blood-glucose' FROM glucose_readings
      WHERE user_id = uid AND source IN ('manual', 'meter')
  ) e
  GROUP BY 2, 3;
END
$$;
--> statement-breakpoint
CREATE FUNCTION profiles_rebuild_entry_days() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM entry_days_rebuild(NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_rebuild_entry_days AFTER UPDATE OF timezone ON profiles
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION profiles_rebuild_entry_days();
--> statement-breakpoint
-- A profile created after entries (their days were counted in UTC) recounts them in its zone.
CREATE TRIGGER profiles_rebuild_entry_days_insert AFTER INSERT ON profiles
  FOR EACH ROW WHEN (NEW.timezone <> 'UTC')
  EXECUTE FUNCTION profiles_rebuild_entry_days();
--> statement-breakpoint
-- Backfill every existing user (the owner role may be subject to the forced policies: system scope).
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO entry_days (user_id, day, tracker, entries)
SELECT e.user_id, (e.at AT TIME ZONE coalesce(p.timezone, 'UTC'))::date, e.tracker, count(*)::int
FROM (
  SELECT user_id, occurred_at AS at, tracker FROM tracker_entries
  UNION ALL
  SELECT user_id, recorded_at, 'blood-glucose' FROM glucose_readings WHERE source IN ('manual', 'meter')
) e
LEFT JOIN profiles p ON p.user_id = e.user_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT set_config('app.system', '', true);
