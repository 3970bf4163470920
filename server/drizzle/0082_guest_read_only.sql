-- The guest role reads and does nothing else. Shares and follower tokens read as a new role,
-- healthfolio_reader, which holds SELECT on what the app role may read in this schema and EXECUTE on
-- the functions the policies call, nothing more: a write in a share's transaction is refused by the
-- grants, whatever a policy says. healthfolio_guest (migration guest_role) was a member of the app role
-- with all of its grants; roles are cluster-wide, so revoking that membership would not hold while
-- another database on the server still runs guest_role. It stays, unused. Tables added later grant the
-- new role SELECT themselves (db/rls.test.ts checks every one).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'healthfolio_reader') THEN
    CREATE ROLE healthfolio_reader NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- The migrating (owner) role must be able to SET ROLE to it; a superuser already can.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT healthfolio_reader TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO healthfolio_reader;
--> statement-breakpoint
DO $$
DECLARE
  rel regclass;
BEGIN
  FOR rel IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')
      AND has_table_privilege('healthfolio_app', c.oid, 'SELECT')
  LOOP
    EXECUTE format('GRANT SELECT ON %s TO healthfolio_reader', rel);
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_person() TO healthfolio_reader;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_follow_people() TO healthfolio_reader;
--> statement-breakpoint
ALTER POLICY "glucose_readings_household_follower" ON "glucose_readings" TO healthfolio_reader;
--> statement-breakpoint
ALTER POLICY "profiles_household_follower" ON "profiles" TO healthfolio_reader;
--> statement-breakpoint
ALTER POLICY "appointments_share_appointments" ON "appointments" TO healthfolio_reader USING ("appointments"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'appointments' and sp.can_view) and "appointments"."starts_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
ALTER POLICY "audit_chain_heads_trigger" ON "audit_chain_heads" TO public USING (current_user not in ('healthfolio_app', 'healthfolio_reader')) WITH CHECK (current_user not in ('healthfolio_app', 'healthfolio_reader'));--> statement-breakpoint
ALTER POLICY "audit_logs_erase" ON "audit_logs" TO public USING (current_user not in ('healthfolio_app', 'healthfolio_reader') and current_setting('app.audit_erasure', true) = 'on') WITH CHECK (current_user not in ('healthfolio_app', 'healthfolio_reader') and current_setting('app.audit_erasure', true) = 'on');--> statement-breakpoint
ALTER POLICY "documents_share_documents" ON "documents" TO healthfolio_reader USING ("documents"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'documents' and sp.can_view) and "documents"."uploaded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
ALTER POLICY "documents_share_lab_results" ON "documents" TO healthfolio_reader USING ("documents"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "documents"."uploaded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("documents"."category" in ('Lab Results')));--> statement-breakpoint
ALTER POLICY "glucose_readings_share_health_metrics" ON "glucose_readings" TO healthfolio_reader USING ("glucose_readings"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "glucose_readings"."recorded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
ALTER POLICY "health_summary_items_share_medications" ON "health_summary_items" TO healthfolio_reader USING ("health_summary_items"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "health_summary_items"."created_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("health_summary_items"."kind" = 'medication'));--> statement-breakpoint
ALTER POLICY "health_summary_items_share_health_metrics" ON "health_summary_items" TO healthfolio_reader USING ("health_summary_items"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "health_summary_items"."created_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("health_summary_items"."kind" <> 'medication'));--> statement-breakpoint
ALTER POLICY "guardianships_definer" ON "guardianships" TO public USING (current_user not in ('healthfolio_app', 'healthfolio_reader'));--> statement-breakpoint
ALTER POLICY "household_follower_tokens_definer" ON "household_follower_tokens" TO public USING (current_user not in ('healthfolio_app', 'healthfolio_reader'));--> statement-breakpoint
ALTER POLICY "lab_results_share_lab_results" ON "lab_results" TO healthfolio_reader USING ("lab_results"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "lab_results"."effective_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid));--> statement-breakpoint
ALTER POLICY "notifications_share_medications" ON "notifications" TO healthfolio_reader USING ("notifications"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "notifications"."due_date" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("notifications"."type" = 'reminder' and "notifications"."metadata"->>'medication_name' is not null));--> statement-breakpoint
ALTER POLICY "shared_access_share_self" ON "shared_access" TO healthfolio_reader USING ("shared_access"."id" = nullif(current_setting('app.share_id', true), '')::uuid);--> statement-breakpoint
ALTER POLICY "shared_permissions_share_self" ON "shared_permissions" TO healthfolio_reader USING ("shared_permissions"."shared_access_id" = nullif(current_setting('app.share_id', true), '')::uuid);--> statement-breakpoint
ALTER POLICY "tracker_entries_share_health_metrics" ON "tracker_entries" TO healthfolio_reader USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'health_metrics' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('blood-pressure', 'weight', 'meal', 'mood-energy', 'pain')));--> statement-breakpoint
ALTER POLICY "tracker_entries_share_medications" ON "tracker_entries" TO healthfolio_reader USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'medications' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('medication', 'insulin', 'insulin-settings')));--> statement-breakpoint
ALTER POLICY "tracker_entries_share_lab_results" ON "tracker_entries" TO healthfolio_reader USING ("tracker_entries"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "tracker_entries"."occurred_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("tracker_entries"."tracker" in ('a1c')));
