CREATE TABLE "health_system_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"secret_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_system_authorizations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_system_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"fhir_base_url" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"revocation_endpoint" text,
	"client_id" text NOT NULL,
	"client_type" text NOT NULL,
	"patient_id" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"tokens_sealed" text,
	"status" text DEFAULT 'syncing' NOT NULL,
	"problem" text,
	"last_sync_at" timestamp with time zone,
	"last_sync" jsonb,
	"updated_since" timestamp with time zone,
	"progress" jsonb,
	"source_document_id" uuid,
	"next_sync_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_system_connections_kind_check" CHECK ("health_system_connections"."kind" in ('provider', 'payer')),
	CONSTRAINT "health_system_connections_status_check" CHECK ("health_system_connections"."status" in ('syncing', 'ok', 'error', 'reconnect'))
);
--> statement-breakpoint
ALTER TABLE "health_system_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_system_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"fhir_base_url" text NOT NULL,
	"brand" text,
	"brand_key" text,
	"client_id" text,
	"client_type" text DEFAULT 'public' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_system_endpoints_fhir_base_url_unique" UNIQUE("fhir_base_url"),
	CONSTRAINT "health_system_endpoints_kind_check" CHECK ("health_system_endpoints"."kind" in ('provider', 'payer')),
	CONSTRAINT "health_system_endpoints_client_type_check" CHECK ("health_system_endpoints"."client_type" in ('public', 'confidential'))
);
--> statement-breakpoint
ALTER TABLE "health_system_endpoints" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "instance_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_sealed" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instance_signing_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "health_system_authorizations" ADD CONSTRAINT "health_system_authorizations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_authorizations" ADD CONSTRAINT "health_system_authorizations_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_authorizations" ADD CONSTRAINT "health_system_authorizations_endpoint_id_health_system_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."health_system_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_connections" ADD CONSTRAINT "health_system_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_connections" ADD CONSTRAINT "health_system_connections_endpoint_id_health_system_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."health_system_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_connections" ADD CONSTRAINT "health_system_connections_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_system_authorizations_expires_idx" ON "health_system_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_system_connections_user_base_idx" ON "health_system_connections" USING btree ("user_id","fhir_base_url");--> statement-breakpoint
CREATE INDEX "health_system_connections_next_sync_idx" ON "health_system_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE POLICY "health_system_authorizations_owner" ON "health_system_authorizations" AS PERMISSIVE FOR ALL TO public USING ("health_system_authorizations"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("health_system_authorizations"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "health_system_connections_owner" ON "health_system_connections" AS PERMISSIVE FOR ALL TO public USING ("health_system_connections"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("health_system_connections"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "health_system_endpoints_system" ON "health_system_endpoints" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "instance_signing_keys_system" ON "instance_signing_keys" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');