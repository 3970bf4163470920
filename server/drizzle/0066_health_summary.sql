CREATE TABLE "health_summary_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code_system" text,
	"code" text,
	"text" text NOT NULL,
	"status" text,
	"onset_at" text,
	"recorded_at" text,
	"source_document_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"natural_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_summary_items_kind_check" CHECK ("health_summary_items"."kind" in ('condition', 'allergy', 'immunization', 'procedure', 'medication'))
);
--> statement-breakpoint
ALTER TABLE "health_summary_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "health_summary_items" ADD CONSTRAINT "health_summary_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_summary_items" ADD CONSTRAINT "health_summary_items_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_summary_items_user_kind_idx" ON "health_summary_items" USING btree ("user_id","kind","onset_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_summary_items_natural_key_idx" ON "health_summary_items" USING btree ("user_id","natural_key");--> statement-breakpoint
CREATE POLICY "health_summary_items_owner" ON "health_summary_items" AS PERMISSIVE FOR ALL TO public USING ("health_summary_items"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("health_summary_items"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "health_summary_items_share_medications" ON "health_summary_items" AS PERMISSIVE FOR SELECT TO public USING ("health_summary_items"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "health_summary_items"."created_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("health_summary_items"."kind" = 'medication'));--> statement-breakpoint
CREATE POLICY "health_summary_items_share_health_metrics" ON "health_summary_items" AS PERMISSIVE FOR SELECT TO public USING ("health_summary_items"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "health_summary_items"."created_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("health_summary_items"."kind" <> 'medication'));