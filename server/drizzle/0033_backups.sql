CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"format" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"storage_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backups_state_check" CHECK ("backups"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "backups_format_check" CHECK ("backups"."format" in ('pglite', 'postgres'))
);
--> statement-breakpoint
ALTER TABLE "backups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_created_idx" ON "backups" USING btree ("created_at");--> statement-breakpoint
CREATE POLICY "backups_system" ON "backups" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');