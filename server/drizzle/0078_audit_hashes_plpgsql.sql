-- The audit row's two hash functions in PL/pgSQL, with the same expressions as 0059 (every stored hash
-- still verifies). Called from the audit trigger, a SQL function's body was parsed and planned again in
-- every transaction (a PL/pgSQL caller's expression state lasts one transaction). PL/pgSQL keeps the
-- plans for the session: an audited write (begin, scope, the audit row, commit) from 8 connections ran
-- ~3,400 a second before and ~4,400 after (pgbench, bench/README.md).
CREATE OR REPLACE FUNCTION audit_log_content_digest(r audit_logs) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN encode(sha256(convert_to(jsonb_build_array(r.details, r.ip_address, r.user_agent)::text, 'UTF8')), 'hex');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN encode(sha256(convert_to(prev || CASE WHEN r.chain IS NULL THEN jsonb_build_array(
    r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details, r.ip_address,
    r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) WHEN r.content_digest IS NULL THEN jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id, r.details,
    r.ip_address, r.user_agent, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) ELSE jsonb_build_array(
    r.chain, r.chain_seq, r.seq, r.id, r.user_id, r.action, r.resource_type, r.resource_id,
    r.content_digest, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ) END::text, 'UTF8')), 'hex');
END
$$;
