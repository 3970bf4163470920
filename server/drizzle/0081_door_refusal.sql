-- A Nightscout upload whose credential this process has seen sends its door (the per-address budget,
-- which sets `app.door_open`) and a check of the credential in the same write as its transaction
-- (ns-door-cache.ts): the check calls this, and a refusal fails the statement, so nothing after it in
-- that write runs, the transaction rolls back, and the request takes the ordinary door.
CREATE OR REPLACE FUNCTION app_refuse_unless(ok boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'refused at the door' USING ERRCODE = 'HF403';
  END IF;
END
$$;
