-- The audit log is append-only for every role and tamper-evident (HIPAA §164.312(b)).
-- Each row's hash is sha256(previous row's hash || the row's canonical content); the head of the chain
-- lives in audit_chain, whose single row is locked by every insert, so concurrent inserts chain in
-- commit order. `npm run audit:verify` walks the chain (see docs/operations.md, "Audit log").

-- The chain head: one row (the last sequence number and hash). Only the trigger (as the owner) writes it.
CREATE TABLE audit_chain (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_seq bigint NOT NULL,
  last_hash text NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON audit_chain FROM PUBLIC;
--> statement-breakpoint
-- The verifier compares the chain's end with the head.
GRANT SELECT ON audit_chain TO healthfolio_app;
--> statement-breakpoint
-- A row's hash. The content is a jsonb array (unambiguous escaping and NULLs, stable text form) and the
-- time is written in UTC, so the result does not depend on the session's time zone.
CREATE FUNCTION audit_log_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || jsonb_build_array(
    r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details, r.ip_address,
    r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Rows written before the chain existed are chained in time order. The owner may itself be subject to
-- FORCE ROW LEVEL SECURITY, so the walk runs in the system context (local to this transaction).
DO $$
DECLARE
  r audit_logs%ROWTYPE;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  FOR r IN SELECT * FROM audit_logs ORDER BY created_at, id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    r.hash := audit_log_row_hash(prev, r);
    UPDATE audit_logs SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
  INSERT INTO audit_chain (id, last_seq, last_hash) VALUES (true, n, prev);
END
$$;
--> statement-breakpoint
ALTER TABLE audit_logs ALTER COLUMN seq SET NOT NULL;
--> statement-breakpoint
ALTER TABLE audit_logs ALTER COLUMN prev_hash SET NOT NULL;
--> statement-breakpoint
ALTER TABLE audit_logs ALTER COLUMN hash SET NOT NULL;
--> statement-breakpoint
-- SECURITY DEFINER: the app role may neither read other users' rows nor write the head; the trigger
-- runs as the owner. Whatever the app sends for seq and the hashes is overwritten.
CREATE FUNCTION audit_logs_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head audit_chain%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain WHERE id FOR UPDATE;
  NEW.seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := audit_log_row_hash(NEW.prev_hash, NEW);
  UPDATE audit_chain SET last_seq = NEW.seq, last_hash = NEW.hash WHERE id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_logs_chain() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER audit_logs_chain BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_chain();
--> statement-breakpoint
CREATE FUNCTION audit_logs_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();
