-- A client's copy of their data (GDPR access and portability).

create function api.client_data_export(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_data_export.merchant_slug);
begin
  return (
    select jsonb_build_object(
      'exported_at', now(),
      'privacy_notice_version', app_private.privacy_notice_version(),
      'salon', jsonb_build_object('name', m.name, 'slug', m.slug),
      'profile', jsonb_build_object(
        'code', c.code, 'name', c.name, 'email', c.email, 'phone', c.phone,
        'registered_at', c.created_at, 'generation', c.generation,
        'sponsor_code', (select s.code from app_private.sponsor_codes(c.id) s),
        'available_credit', c.available_credit
      ),
      'purchases', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'created_at', mv.created_at, 'spend', mv.spend, 'discount', mv.discount, 'net', mv.net,
                 'reversal', mv.reversal_of is not null, 'reversal_reason', mv.reversal_reason
               ) order by mv.created_at, mv.id)
          from app.movements mv where mv.client_id = c.id
      ), '[]'::jsonb),
      'credit_ledger', coalesce((
        select jsonb_agg(jsonb_build_object('created_at', l.created_at, 'kind', l.kind, 'amount', l.amount)
               order by l.created_at, l.id)
          from app.credit_ledger l where l.client_id = c.id
      ), '[]'::jsonb),
      'reservations', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'starts_at', r.starts_at, 'ends_at', r.ends_at, 'treatment', r.treatment_name,
                 'operator', r.operator_name, 'status', app_private.shown_status(r.status, r.starts_at),
                 'notes', r.notes, 'created_at', r.created_at
               ) order by r.starts_at, r.id)
          from app.reservations r where r.client_id = c.id
      ), '[]'::jsonb),
      'consents', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'kind', k.kind, 'granted', k.granted, 'notice_version', k.notice_version,
                 'recorded_at', k.recorded_at
               ) order by k.id)
          from app.consents k where k.client_id = c.id
      ), '[]'::jsonb)
    )
    from app.clients c join app.merchants m on m.id = c.merchant_id
    where c.id = caller_client_id
  );
end
$$;
grant execute on function api.client_data_export(text) to authenticated;
comment on function api.client_data_export(text) is
  'Client only: everything the salon holds about the caller (profile, purchases, credit ledger, '
  'reservations, consents) as one json document, for the download in Anagrafica.';

-- The sponsor's code of a client (definer: a client may not read its sponsor's row).
create function app_private.sponsor_codes(client_id uuid) returns table (code text)
language sql stable security definer set search_path = ''
as $$
  select s.code from app.clients c join app.clients s on s.id = c.sponsor_id
   where c.id = sponsor_codes.client_id
     and c.user_id = (select auth.uid())
$$;
grant execute on function app_private.sponsor_codes(uuid) to authenticated, service_role;
comment on function app_private.sponsor_codes(uuid) is
  'The code of the caller''s own client row''s sponsor (nothing for another person''s row).';
