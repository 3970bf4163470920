CREATE TABLE "vendor_pull_sources" (
	"user_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"account_name" text NOT NULL,
	"region" text,
	"password_sealed" text NOT NULL,
	"session_sealed" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_reading_at" timestamp with time zone,
	"last_imported" integer,
	"next_sync_at" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_pull_sources_pkey" PRIMARY KEY("user_id","vendor"),
	CONSTRAINT "vendor_pull_sources_vendor_check" CHECK ("vendor_pull_sources"."vendor" in ('dexcom-share', 'librelinkup')),
	CONSTRAINT "vendor_pull_sources_status_check" CHECK ("vendor_pull_sources"."status" in ('pending', 'ok', 'error'))
);
--> statement-breakpoint
ALTER TABLE "vendor_pull_sources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendor_pull_sources" ADD CONSTRAINT "vendor_pull_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_pull_sources_next_sync_idx" ON "vendor_pull_sources" USING btree ("next_sync_at");--> statement-breakpoint
CREATE POLICY "vendor_pull_sources_owner" ON "vendor_pull_sources" AS PERMISSIVE FOR ALL TO public USING ("vendor_pull_sources"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("vendor_pull_sources"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');