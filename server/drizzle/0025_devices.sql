CREATE TABLE "device_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"terra_user_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_data_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_connections_terra_user_id_unique" UNIQUE("terra_user_id")
);
--> statement-breakpoint
ALTER TABLE "device_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "device_entry_keys" (
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_key" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_entry_keys_pkey" PRIMARY KEY("user_id","source","external_key")
);
--> statement-breakpoint
ALTER TABLE "device_entry_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "nightscout_sources" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"credential_kind" text NOT NULL,
	"credential_encrypted" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"last_sync_at" timestamp with time zone,
	"last_reading_at" timestamp with time zone,
	"last_imported" integer,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nightscout_sources_kind_check" CHECK ("nightscout_sources"."credential_kind" in ('token', 'api_secret')),
	CONSTRAINT "nightscout_sources_status_check" CHECK ("nightscout_sources"."status" in ('pending', 'ok', 'error'))
);
--> statement-breakpoint
ALTER TABLE "nightscout_sources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ns_upload_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "ns_upload_credentials_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "ns_upload_credentials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_entry_keys" ADD CONSTRAINT "device_entry_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_sources" ADD CONSTRAINT "nightscout_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ns_upload_credentials" ADD CONSTRAINT "ns_upload_credentials_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_connections_user_idx" ON "device_connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "device_connections_next_sync_idx" ON "device_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "nightscout_sources_next_sync_idx" ON "nightscout_sources" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "ns_upload_credentials_user_idx" ON "ns_upload_credentials" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "device_connections_owner" ON "device_connections" AS PERMISSIVE FOR ALL TO public USING ("device_connections"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("device_connections"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "device_entry_keys_owner" ON "device_entry_keys" AS PERMISSIVE FOR ALL TO public USING ("device_entry_keys"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("device_entry_keys"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "nightscout_sources_owner" ON "nightscout_sources" AS PERMISSIVE FOR ALL TO public USING ("nightscout_sources"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("nightscout_sources"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "ns_upload_credentials_owner" ON "ns_upload_credentials" AS PERMISSIVE FOR ALL TO public USING ("ns_upload_credentials"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("ns_upload_credentials"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');