CREATE TABLE "medication_schedules" (
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"schedule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_schedules_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "medication_schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "medication_schedules" ADD CONSTRAINT "medication_schedules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "medication_schedules_owner" ON "medication_schedules" AS PERMISSIVE FOR ALL TO public USING ("medication_schedules"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("medication_schedules"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');
--> statement-breakpoint
-- The app role reads and writes schedules under the forced owner policy; shares never read them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "medication_schedules" TO healthfolio_app;
--> statement-breakpoint
GRANT SELECT ON "medication_schedules" TO healthfolio_reader;
--> statement-breakpoint
ALTER TABLE "medication_schedules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Each schedule there is so far, as its latest reminder carries it (a schedule was only its
-- reminders), in the system scope: the owner role may be subject to the forced policies.
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO "medication_schedules" ("id", "user_id", "schedule")
SELECT DISTINCT ON ("user_id", "metadata"->>'schedule_id')
  ("metadata"->>'schedule_id')::uuid, "user_id",
  "metadata" - ARRAY['local_time', 'dose_name', 'dose_dosage', 'skipped', 'skipped_at']
FROM "notifications"
WHERE "type" = 'reminder' AND "user_id" IS NOT NULL
  AND "metadata"->>'schedule_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
ORDER BY "user_id", "metadata"->>'schedule_id', "due_date" DESC NULLS LAST
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT set_config('app.system', '', true);
