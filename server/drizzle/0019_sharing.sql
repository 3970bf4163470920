CREATE TABLE "shared_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shared_with_email" text NOT NULL,
	"shared_with_name" text,
	"access_type" text DEFAULT 'view_only' NOT NULL,
	"expires_at" timestamp with time zone,
	"message" text,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"require_sign_in" boolean DEFAULT false NOT NULL,
	"alert_on_low" boolean DEFAULT false NOT NULL,
	"bound_user_id" uuid,
	"first_accessed_at" timestamp with time zone,
	"last_accessed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_access_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "shared_access_access_type_check" CHECK ("shared_access"."access_type" in ('view_only', 'limited_access', 'full_access'))
);
--> statement-breakpoint
ALTER TABLE "shared_access" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shared_permissions" (
	"shared_access_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"data_category" text NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shared_permissions_shared_access_id_data_category_pk" PRIMARY KEY("shared_access_id","data_category"),
	CONSTRAINT "shared_permissions_category_check" CHECK ("shared_permissions"."data_category" in ('documents', 'health_metrics', 'medications', 'appointments', 'lab_results'))
);
--> statement-breakpoint
ALTER TABLE "shared_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_bound_user_id_user_id_fk" FOREIGN KEY ("bound_user_id") REFERENCES "auth"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_permissions" ADD CONSTRAINT "shared_permissions_shared_access_id_shared_access_id_fk" FOREIGN KEY ("shared_access_id") REFERENCES "public"."shared_access"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_permissions" ADD CONSTRAINT "shared_permissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_access_user_created_idx" ON "shared_access" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_access_bound_user_idx" ON "shared_access" USING btree ("bound_user_id");--> statement-breakpoint
CREATE INDEX "shared_permissions_user_share_idx" ON "shared_permissions" USING btree ("user_id","shared_access_id");--> statement-breakpoint
CREATE POLICY "appointments_share_appointments" ON "appointments" AS PERMISSIVE FOR SELECT TO public USING ("appointments"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'appointments' and sp.can_view) and "appointments"."starts_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "glucose_readings_share_health_metrics" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO public USING ("glucose_readings"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "glucose_readings"."recorded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "notifications_share_medications" ON "notifications" AS PERMISSIVE FOR SELECT TO public USING ("notifications"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "notifications"."due_date" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("notifications"."type" = 'reminder' and "notifications"."metadata"->>'medication_name' is not null));--> statement-breakpoint
CREATE POLICY "tracker_entries_share_health_metrics" ON "tracker_entries" AS PERMISSIVE FOR SELECT TO public USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('blood-pressure', 'weight', 'meal', 'mood-energy', 'pain')));--> statement-breakpoint
CREATE POLICY "tracker_entries_share_medications" ON "tracker_entries" AS PERMISSIVE FOR SELECT TO public USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('medication', 'insulin', 'insulin-settings')));--> statement-breakpoint
CREATE POLICY "tracker_entries_share_lab_results" ON "tracker_entries" AS PERMISSIVE FOR SELECT TO public USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('a1c')));--> statement-breakpoint
CREATE POLICY "shared_access_owner" ON "shared_access" AS PERMISSIVE FOR ALL TO public USING ("shared_access"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("shared_access"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "shared_access_share_self" ON "shared_access" AS PERMISSIVE FOR SELECT TO public USING ("shared_access"."id" = nullif(current_setting('app.share_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "shared_access_recipient" ON "shared_access" AS PERMISSIVE FOR SELECT TO public USING ("shared_access"."bound_user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "shared_permissions_owner" ON "shared_permissions" AS PERMISSIVE FOR ALL TO public USING ("shared_permissions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("shared_permissions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "shared_permissions_share_self" ON "shared_permissions" AS PERMISSIVE FOR SELECT TO public USING ("shared_permissions"."shared_access_id" = nullif(current_setting('app.share_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "shared_permissions_recipient" ON "shared_permissions" AS PERMISSIVE FOR SELECT TO public USING ("shared_permissions"."shared_access_id" in (select id from shared_access where bound_user_id = nullif(current_setting('app.user_id', true), '')::uuid));