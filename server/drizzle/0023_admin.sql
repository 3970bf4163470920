CREATE TABLE "platform_settings" (
	"setting_key" text PRIMARY KEY NOT NULL,
	"setting_value" jsonb NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auth"."user" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "auth"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."user" ADD CONSTRAINT "user_status_check" CHECK ("auth"."user"."status" in ('active', 'pending_approval', 'disabled'));--> statement-breakpoint
CREATE POLICY "platform_settings_system" ON "platform_settings" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');