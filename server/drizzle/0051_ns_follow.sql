CREATE TABLE "glucose_targets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"urgent_low" integer NOT NULL,
	"target_low" integer NOT NULL,
	"target_high" integer NOT NULL,
	"urgent_high" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glucose_targets_order_check" CHECK ("glucose_targets"."urgent_low" >= 40 and "glucose_targets"."urgent_low" < "glucose_targets"."target_low" and "glucose_targets"."target_low" < "glucose_targets"."target_high" and "glucose_targets"."target_high" < "glucose_targets"."urgent_high" and "glucose_targets"."urgent_high" <= 400)
);
--> statement-breakpoint
ALTER TABLE "glucose_targets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ns_devicestatus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"device" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"doc" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ns_devicestatus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ns_follower_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ns_follower_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ns_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"doc" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ns_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ns_treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"credential_id" uuid,
	"event_type" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"doc" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ns_treatments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "glucose_targets" ADD CONSTRAINT "glucose_targets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_devicestatus" ADD CONSTRAINT "ns_devicestatus_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_follower_tokens" ADD CONSTRAINT "ns_follower_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_profiles" ADD CONSTRAINT "ns_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_treatments" ADD CONSTRAINT "ns_treatments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ns_devicestatus_user_time_device_key" ON "ns_devicestatus" USING btree ("user_id","occurred_at","device");--> statement-breakpoint
CREATE INDEX "ns_devicestatus_user_created_idx" ON "ns_devicestatus" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ns_devicestatus_occurred_idx" ON "ns_devicestatus" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "ns_follower_tokens_user_idx" ON "ns_follower_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ns_follower_tokens_token_hash_key" ON "ns_follower_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ns_profiles_user_identifier_key" ON "ns_profiles" USING btree ("user_id","identifier");--> statement-breakpoint
CREATE INDEX "ns_profiles_user_start_idx" ON "ns_profiles" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ns_treatments_user_dedupe_key" ON "ns_treatments" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "ns_treatments_user_identifier_idx" ON "ns_treatments" USING btree ("user_id","identifier");--> statement-breakpoint
CREATE INDEX "ns_treatments_user_occurred_idx" ON "ns_treatments" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ns_treatments_user_modified_idx" ON "ns_treatments" USING btree ("user_id","modified_at");--> statement-breakpoint
CREATE POLICY "glucose_targets_owner" ON "glucose_targets" AS PERMISSIVE FOR ALL TO public USING ("glucose_targets"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("glucose_targets"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "ns_devicestatus_owner" ON "ns_devicestatus" AS PERMISSIVE FOR ALL TO public USING ("ns_devicestatus"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("ns_devicestatus"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "ns_follower_tokens_owner" ON "ns_follower_tokens" AS PERMISSIVE FOR ALL TO public USING ("ns_follower_tokens"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("ns_follower_tokens"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "ns_profiles_owner" ON "ns_profiles" AS PERMISSIVE FOR ALL TO public USING ("ns_profiles"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("ns_profiles"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "ns_treatments_owner" ON "ns_treatments" AS PERMISSIVE FOR ALL TO public USING ("ns_treatments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("ns_treatments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');