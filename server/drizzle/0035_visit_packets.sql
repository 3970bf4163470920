CREATE TABLE "visit_packets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"window_days" integer NOT NULL,
	"categories" text[] NOT NULL,
	"questions" text[] DEFAULT '{}'::text[] NOT NULL,
	"manifest_hash" text NOT NULL,
	"passcode_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"storage_id" uuid NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_packets_manifest_hash_unique" UNIQUE("manifest_hash"),
	CONSTRAINT "visit_packets_storage_id_unique" UNIQUE("storage_id"),
	CONSTRAINT "visit_packets_window_check" CHECK ("visit_packets"."window_days" in (14, 30)),
	CONSTRAINT "visit_packets_attempts_check" CHECK ("visit_packets"."failed_attempts" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "visit_packets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "visit_packets" ADD CONSTRAINT "visit_packets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_packets_user_created_idx" ON "visit_packets" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "visit_packets_owner" ON "visit_packets" AS PERMISSIVE FOR ALL TO public USING ("visit_packets"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("visit_packets"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');