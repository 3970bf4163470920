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
CREATE TABLE "ns_profile_switches" (
	"treatment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"profile" text NOT NULL,
	"percentage" double precision DEFAULT 100 NOT NULL,
	"timeshift_hours" double precision DEFAULT 0 NOT NULL,
	"duration_minutes" double precision DEFAULT 0 NOT NULL,
	"profile_json" jsonb,
	CONSTRAINT "ns_profile_switches_percentage_check" CHECK ("ns_profile_switches"."percentage" > 0 and "ns_profile_switches"."percentage" <= 1000),
	CONSTRAINT "ns_profile_switches_duration_check" CHECK ("ns_profile_switches"."duration_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ns_profile_switches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendor_pull_sources" ADD COLUMN "patient_name" text;--> statement-breakpoint
ALTER TABLE "household_follower_tokens" ADD CONSTRAINT "household_follower_tokens_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_profile_switches" ADD CONSTRAINT "ns_profile_switches_treatment_id_ns_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."ns_treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_profile_switches" ADD CONSTRAINT "ns_profile_switches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_follower_tokens_account_idx" ON "household_follower_tokens" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "household_follower_tokens_token_hash_key" ON "household_follower_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ns_profile_switches_user_occurred_idx" ON "ns_profile_switches" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE POLICY "household_follower_tokens_owner" ON "household_follower_tokens" AS PERMISSIVE FOR ALL TO public USING ("household_follower_tokens"."account_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("household_follower_tokens"."account_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "household_follower_tokens_definer" ON "household_follower_tokens" AS PERMISSIVE FOR SELECT TO public USING (current_user <> 'healthfolio_app');--> statement-breakpoint
CREATE POLICY "ns_profile_switches_owner" ON "ns_profile_switches" AS PERMISSIVE FOR ALL TO public USING ("ns_profile_switches"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("ns_profile_switches"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');