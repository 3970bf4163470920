ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_seq_idx" ON "audit_logs" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_seq_idx" ON "audit_logs" USING btree ("user_id","seq");