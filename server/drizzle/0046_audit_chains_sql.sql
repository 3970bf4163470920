-- Per-chain audit heads instead of one global head (issue 31). Every audited write used to lock the one
-- row of audit_chain until its commit, so the writes of all users took turns there. Now each row goes on
-- the chain of the person it names (`user:<id>`), or, without a user, on one of 16 system chains picked
-- at random (`system:<n>`), so anonymous failed sign-ins do not queue on one row either. Only writes on
-- the same chain wait for each other, which keeps each chain in commit order.
--
-- Rows written before this migration are not rewritten: they stay the single chain they were (`chain`
-- null, position = `seq`), verified as before against their frozen head, chain `global`. `seq` goes on
-- as one order over all rows, now from a sequence (assigned after the chain's head is locked, so within
-- a chain `seq` and `chain_seq` rise together); it may have gaps, `chain_seq` has none.

-- The owner is subject to FORCE ROW LEVEL SECURITY like everyone else (policy audit_chain_heads_trigger).
ALTER TABLE audit_chain_heads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON audit_chain_heads FROM PUBLIC;
--> statement-breakpoint
-- The app reads its own head (the system context all of them); only the trigger writes.
GRANT SELECT ON audit_chain_heads TO healthfolio_app;
--> statement-breakpoint
CREATE SEQUENCE audit_logs_seq AS bigint OWNED BY audit_logs.seq;
--> statement-breakpoint
REVOKE ALL ON SEQUENCE audit_logs_seq FROM PUBLIC;
--> statement-breakpoint
-- The old chain's head becomes the frozen head of chain `global`; the sequence starts after its rows.
-- The owner may itself be subject to FORCE ROW LEVEL SECURITY, so this runs in the system context.
DO $$
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO audit_chain_heads (chain, user_id, last_seq, last_hash)
    SELECT 'global', NULL, last_seq, last_hash FROM audit_chain WHERE last_seq > 0;
  PERFORM setval('audit_logs_seq', greatest(
    (SELECT coalesce(max(seq), 0) FROM audit_logs),
    (SELECT coalesce(max(last_seq), 0) FROM audit_chain)
  ) + 1, false);
END
$$;
--> statement-breakpoint
DROP TABLE audit_chain;
--> statement-breakpoint
-- A row's hash. Rows of the old chain keep their formula; a chained row's content also holds its chain
-- and position, so a row moved to another chain or position no longer matches its hash.
CREATE OR REPLACE FUNCTION audit_log_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || CASE WHEN r.chain IS NULL THEN jsonb_build_array(
    r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details, r.ip_address,
    r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) ELSE jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details,
    r.ip_address, r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) END::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- SECURITY DEFINER: the app role may neither read other users' rows nor write a head; the trigger runs
-- as the owner. Whatever the app sends for the chain columns, seq and the hashes is overwritten. The
-- head is locked (FOR UPDATE) until the transaction ends; a chain's first row creates its head (two
-- first rows at once: the second insert waits for the first's commit, then both lock the same head).
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
  NEW.hash := audit_log_row_hash(NEW.prev_hash, NEW);
  UPDATE audit_chain_heads SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE chain = NEW.chain;
  RETURN NEW;
END
$$;
