-- Account erasure (issue 35): a deleted person's audit rows keep their id and the event, not the
-- details, IP address or user agent. A row's hash covers a digest of those three (content_digest) rather
-- than the values themselves, so blanking them leaves every hash, and the chain, as it was. Rows written
-- before this migration keep their old hash (over the values) and are never blanked.
CREATE OR REPLACE FUNCTION audit_log_content_digest(r audit_logs) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(r.details, r.ip_address, r.user_agent)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || CASE WHEN r.chain IS NULL THEN jsonb_build_array(
    r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details, r.ip_address,
    r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) WHEN r.content_digest IS NULL THEN jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details,
    r.ip_address, r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) ELSE jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id,
    r.content_digest, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) END::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_logs_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head audit_chain_heads%ROWTYPE;
BEGIN
  NEW.chain := CASE WHEN NEW.user_id IS NULL THEN 'system:' || floor(random() * 16)::int
    ELSE 'user:' || NEW.user_id END;
  SELECT * INTO head FROM audit_chain_heads WHERE chain = NEW.chain FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (chain, user_id, last_seq, last_hash)
      VALUES (NEW.chain, NEW.user_id, 0, repeat('0', 64)) ON CONFLICT (chain) DO NOTHING;
    SELECT * INTO STRICT head FROM audit_chain_heads WHERE chain = NEW.chain FOR UPDATE;
  END IF;
  NEW.chain_seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.seq := nextval('audit_logs_seq');
  NEW.scrubbed_at := NULL;
  NEW.content_digest := audit_log_content_digest(NEW);
  NEW.hash := audit_log_row_hash(NEW.prev_hash, NEW);
  UPDATE audit_chain_heads SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE chain = NEW.chain;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Still append-only, with one exception: in a transaction that set app.audit_erasure, a row with a
-- digest may have its details, IP address and user agent blanked (and scrubbed_at set), nothing else.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.audit_erasure', true) = 'on'
    AND OLD.content_digest IS NOT NULL AND NEW.scrubbed_at IS NOT NULL
    AND NEW.details IS NULL AND NEW.ip_address IS NULL AND NEW.user_agent IS NULL
    AND (to_jsonb(NEW) - ARRAY['details', 'ip_address', 'user_agent', 'scrubbed_at'])
      = (to_jsonb(OLD) - ARRAY['details', 'ip_address', 'user_agent', 'scrubbed_at']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
