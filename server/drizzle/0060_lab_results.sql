CREATE TABLE "lab_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"test_name" text NOT NULL,
	"loinc" text NOT NULL,
	"value" double precision,
	"value_text" text,
	"unit" text,
	"reference_low" double precision,
	"reference_high" double precision,
	"reference_text" text,
	"flag" text,
	"effective_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'typed' NOT NULL,
	"document_id" uuid,
	"lab_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_results_value_check" CHECK ("lab_results"."value" is not null or "lab_results"."value_text" is not null),
	CONSTRAINT "lab_results_flag_check" CHECK ("lab_results"."flag" in ('low', 'normal', 'high', 'critical')),
	CONSTRAINT "lab_results_source_check" CHECK ("lab_results"."source" in ('typed', 'imported', 'portal'))
);
--> statement-breakpoint
ALTER TABLE "lab_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_results_user_effective_idx" ON "lab_results" USING btree ("user_id","effective_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lab_results_user_loinc_effective_idx" ON "lab_results" USING btree ("user_id","loinc","effective_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_same_result_idx" ON "lab_results" USING btree ("user_id","loinc","effective_at",coalesce("value"::text, "value_text"),coalesce("unit", ''));--> statement-breakpoint
CREATE POLICY "lab_results_owner" ON "lab_results" AS PERMISSIVE FOR ALL TO public USING ("lab_results"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on') WITH CHECK ("lab_results"."user_id" = (select app_person()) or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "lab_results_share_lab_results" ON "lab_results" AS PERMISSIVE FOR SELECT TO public USING ("lab_results"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "lab_results"."effective_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));