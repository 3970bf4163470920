CREATE TABLE "hypo_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"value_mgdl" double precision NOT NULL,
	"reading_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"recheck_due_at" timestamp with time zone NOT NULL,
	"recheck_sent_at" timestamp with time zone,
	"escalate_due_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"caregivers_alerted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hypo_follow_ups_status_check" CHECK ("hypo_follow_ups"."status" in ('active', 'recovered', 'escalated', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "hypo_follow_ups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hypo_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hypo_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hypo_follow_ups" ADD CONSTRAINT "hypo_follow_ups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hypo_settings" ADD CONSTRAINT "hypo_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hypo_follow_ups_user_started_idx" ON "hypo_follow_ups" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hypo_follow_ups_one_active_idx" ON "hypo_follow_ups" USING btree ("user_id") WHERE "hypo_follow_ups"."status" = 'active';--> statement-breakpoint
CREATE INDEX "hypo_follow_ups_due_idx" ON "hypo_follow_ups" USING btree ("next_due_at") WHERE "hypo_follow_ups"."next_due_at" is not null;--> statement-breakpoint
CREATE POLICY "hypo_follow_ups_owner" ON "hypo_follow_ups" AS PERMISSIVE FOR ALL TO public USING ("hypo_follow_ups"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("hypo_follow_ups"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "hypo_settings_owner" ON "hypo_settings" AS PERMISSIVE FOR ALL TO public USING ("hypo_settings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("hypo_settings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');