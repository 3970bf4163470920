-- Jobs queued in one tick of the clock (one transaction, or the embedded database's millisecond clock)
-- share their run_at; this number keeps the order they were queued in (jobs/job-queue.ts).
ALTER TABLE "jobs" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);