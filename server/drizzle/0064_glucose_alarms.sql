CREATE TABLE "glucose_alarm_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "glucose_alarm_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "glucose_alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"value_mgdl" double precision,
	"reading_at" timestamp with time zone,
	"push_devices" integer DEFAULT 0 NOT NULL,
	"in_app_notification_id" text,
	"emails" integer DEFAULT 0 NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_by_name" text,
	"acknowledged_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "glucose_alarms_kind_check" CHECK ("glucose_alarms"."kind" in ('urgent_low', 'low', 'high', 'urgent_high', 'rising_fast', 'falling_fast', 'predicted_low', 'stale'))
);
--> statement-breakpoint
ALTER TABLE "glucose_alarms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "quiet_hours" jsonb;--> statement-breakpoint
ALTER TABLE "glucose_alarm_settings" ADD CONSTRAINT "glucose_alarm_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glucose_alarms" ADD CONSTRAINT "glucose_alarms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glucose_alarms_user_raised_idx" ON "glucose_alarms" USING btree ("user_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "glucose_alarms_one_open_idx" ON "glucose_alarms" USING btree ("user_id","kind") WHERE "glucose_alarms"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "glucose_alarms_open_idx" ON "glucose_alarms" USING btree ("raised_at") WHERE "glucose_alarms"."ended_at" is null;--> statement-breakpoint
CREATE POLICY "glucose_alarm_settings_owner" ON "glucose_alarm_settings" AS PERMISSIVE FOR ALL TO public USING ("glucose_alarm_settings"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("glucose_alarm_settings"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "glucose_alarms_owner" ON "glucose_alarms" AS PERMISSIVE FOR ALL TO public USING ("glucose_alarms"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("glucose_alarms"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');