CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "chain" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
CREATE INDEX "audit_chain_heads_user_id_idx" ON "audit_chain_heads" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "audit_chain_heads_read" ON "audit_chain_heads" AS PERMISSIVE FOR SELECT TO public USING ("audit_chain_heads"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "audit_chain_heads_trigger" ON "audit_chain_heads" AS PERMISSIVE FOR ALL TO public USING (current_user <> 'healthfolio_app') WITH CHECK (current_user <> 'healthfolio_app');