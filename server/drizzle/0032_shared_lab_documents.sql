CREATE POLICY "documents_share_lab_results" ON "documents" AS PERMISSIVE FOR SELECT TO public USING ("documents"."user_id" = (select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = 'lab_results' and sp.can_view) and "documents"."uploaded_at" >= (select case sa.access_type when 'view_only' then now() - interval '30 days' when 'limited_access' then now() - interval '90 days' else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid) and ("documents"."category" in ('Lab Results')));