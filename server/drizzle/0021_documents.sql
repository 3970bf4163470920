CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"date" date NOT NULL,
	"description" text,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_type" text NOT NULL,
	"storage_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"extraction" text DEFAULT 'queued' NOT NULL,
	"extracted_text" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || file_name || ' ' || coalesce(extracted_text, ''))) STORED,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_id_unique" UNIQUE("storage_id"),
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('Lab Results', 'Prescriptions', 'Medical Images', 'Insurance Cards', 'Referrals', 'Medical History', 'Other')),
	CONSTRAINT "documents_extraction_check" CHECK ("documents"."extraction" in ('queued', 'reading', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_uploaded_idx" ON "documents" USING btree ("user_id","uploaded_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE POLICY "documents_owner" ON "documents" AS PERMISSIVE FOR ALL TO public USING ("documents"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("documents"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "documents_share_documents" ON "documents" AS PERMISSIVE FOR SELECT TO public USING ("documents"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'documents' and sp.can_view) and "documents"."uploaded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "jobs_owner" ON "jobs" AS PERMISSIVE FOR ALL TO public USING ("jobs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("jobs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');