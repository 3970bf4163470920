CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"specialty" text,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"location" text,
	"telehealth_url" text,
	"reason" text,
	"preparation" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "appointments_specialty_check" CHECK ("appointments"."specialty" in ('Primary Care', 'Cardiology', 'Dermatology', 'Endocrinology', 'Neurology', 'Pediatrics')),
	CONSTRAINT "appointments_end_check" CHECK ("appointments"."ends_at" is null or "appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_type" text NOT NULL,
	"recipient_type" text DEFAULT 'patient' NOT NULL,
	"due_date" timestamp with time zone,
	"reminder_frequency" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"appointment_id" uuid,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('note', 'notification', 'reminder', 'alert', 'medication')),
	CONSTRAINT "notifications_priority_check" CHECK ("notifications"."priority" in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "notifications_sender_type_check" CHECK ("notifications"."sender_type" in ('doctor', 'caregiver', 'staff', 'system', 'user', 'admin')),
	CONSTRAINT "notifications_recipient_type_check" CHECK ("notifications"."recipient_type" in ('patient', 'caregiver', 'platform')),
	CONSTRAINT "notifications_frequency_check" CHECK ("notifications"."reminder_frequency" in ('once', 'daily', 'weekly', 'monthly')),
	CONSTRAINT "notifications_owner_check" CHECK ("notifications"."user_id" is not null or "notifications"."recipient_type" = 'platform')
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_starts_idx" ON "appointments" USING btree ("user_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_due_idx" ON "notifications" USING btree ("user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "notifications_undelivered_due_idx" ON "notifications" USING btree ("due_date") WHERE "notifications"."delivered_at" is null and "notifications"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "notifications_appointment_idx" ON "notifications" USING btree ("appointment_id");--> statement-breakpoint
CREATE POLICY "appointments_owner" ON "appointments" AS PERMISSIVE FOR ALL TO public USING ("appointments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("appointments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "calendar_feeds_owner" ON "calendar_feeds" AS PERMISSIVE FOR ALL TO public USING ("calendar_feeds"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("calendar_feeds"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "notifications_owner" ON "notifications" AS PERMISSIVE FOR ALL TO public USING ("notifications"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("notifications"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');