-- Throttle and quota counters are written by nearly every public request (each Nightscout upload
-- draws on its address's budget): unlogged, a counter's write commits without waiting for the WAL to
-- reach the disk. After a crash (not a clean restart) PostgreSQL empties the table: the counters start
-- again from zero, as they do when their window ends. Standbys do not receive it.
ALTER TABLE "auth"."rate_limit" SET UNLOGGED;
