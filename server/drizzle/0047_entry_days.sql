CREATE TABLE "entry_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tracker" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "entry_days_user_id_day_tracker_pk" PRIMARY KEY("user_id","day","tracker"),
	CONSTRAINT "entry_days_entries_check" CHECK ("entry_days"."entries" > 0)
);
--> statement-breakpoint
ALTER TABLE "entry_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "entry_days" ADD CONSTRAINT "entry_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "entry_days_owner" ON "entry_days" AS PERMISSIVE FOR ALL TO public USING ("entry_days"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("entry_days"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');