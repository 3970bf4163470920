CREATE TABLE "household_follower_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"person_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "household_follower_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "household_follower_tokens" ADD CONSTRAINT "household_follower_tokens_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_follower_tokens_account_idx" ON "household_follower_tokens" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "household_follower_tokens_token_hash_key" ON "household_follower_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE POLICY "household_follower_tokens_owner" ON "household_follower_tokens" AS PERMISSIVE FOR ALL TO public USING ("household_follower_tokens"."account_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("household_follower_tokens"."account_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "household_follower_tokens_definer" ON "household_follower_tokens" AS PERMISSIVE FOR SELECT TO public USING (current_user <> 'healthfolio_app');