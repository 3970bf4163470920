CREATE TABLE "achievement_unlocks" (
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_unlocks_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "achievement_unlocks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "glucose_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"value_mgdl" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"meal_context" text,
	"carbs_consumed" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glucose_readings_user_time_source_key" UNIQUE("user_id","recorded_at","source"),
	CONSTRAINT "glucose_readings_value_check" CHECK ("glucose_readings"."value_mgdl" > 0 and "glucose_readings"."value_mgdl" < 2000),
	CONSTRAINT "glucose_readings_source_check" CHECK ("glucose_readings"."source" in ('manual', 'meter', 'cgm') or "glucose_readings"."source" like 'import:%' or "glucose_readings"."source" like 'device:%')
);
--> statement-breakpoint
ALTER TABLE "glucose_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tracker_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tracker" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"notes" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_entries_tracker_check" CHECK ("tracker_entries"."tracker" in ('blood-pressure', 'weight', 'meal', 'mood-energy', 'pain', 'journal', 'medication', 'insulin', 'insulin-settings', 'a1c'))
);
--> statement-breakpoint
ALTER TABLE "tracker_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "weight_goal" jsonb;--> statement-breakpoint
ALTER TABLE "achievement_unlocks" ADD CONSTRAINT "achievement_unlocks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD CONSTRAINT "glucose_readings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD CONSTRAINT "tracker_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glucose_readings_user_recorded_idx" ON "glucose_readings" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "tracker_entries_user_occurred_idx" ON "tracker_entries" USING btree ("user_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracker_entries_user_tracker_occurred_idx" ON "tracker_entries" USING btree ("user_id","tracker","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "achievement_unlocks_owner" ON "achievement_unlocks" AS PERMISSIVE FOR ALL TO public USING ("achievement_unlocks"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("achievement_unlocks"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "glucose_readings_owner" ON "glucose_readings" AS PERMISSIVE FOR ALL TO public USING ("glucose_readings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("glucose_readings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "tracker_entries_owner" ON "tracker_entries" AS PERMISSIVE FOR ALL TO public USING ("tracker_entries"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("tracker_entries"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');