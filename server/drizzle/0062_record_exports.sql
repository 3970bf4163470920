CREATE TABLE "record_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_id" uuid,
	"sha256" text,
	"file_size" bigint,
	"resources" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_deleted_at" timestamp with time zone,
	CONSTRAINT "record_exports_storage_id_unique" UNIQUE("storage_id"),
	CONSTRAINT "record_exports_status_check" CHECK ("record_exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "record_exports_progress_check" CHECK ("record_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "record_exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_exports_user_created_idx" ON "record_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "record_exports_one_unfinished" ON "record_exports" USING btree ("user_id") WHERE "record_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "record_exports_expiry_idx" ON "record_exports" USING btree ("expires_at") WHERE "record_exports"."storage_id" is not null and "record_exports"."file_deleted_at" is null;--> statement-breakpoint
CREATE POLICY "record_exports_owner" ON "record_exports" AS PERMISSIVE FOR ALL TO public USING ("record_exports"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("record_exports"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');