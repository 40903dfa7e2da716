-- Joining the waitlist answers the channels a freed slot will reach her by (her e-mail and phone
-- choices at this salon), so the confirmation promises an e-mail only when one will be sent.

create or replace function api.join_waitlist(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  from_day date default null,
  to_day date default null,
  period text default null
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(join_waitlist.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  bookable record := app_private.booking_window();
  chosen app.treatments;
  entry_id uuid;
  -- How a freed slot will reach her besides the app: what her confirmation may promise.
  channels jsonb := (select app_private.client_channels(c) from app.clients c where c.id = caller_client_id);
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if join_waitlist.treatment_id is null then
    raise sqlstate '22023' using message = 'Seleziona un trattamento';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, join_waitlist.treatment_id,
                                           join_waitlist.operator_id);
  if join_waitlist.from_day is null or join_waitlist.to_day is null
     or join_waitlist.from_day < bookable.first_day or join_waitlist.to_day > bookable.last_day then
    raise sqlstate '22023' using message = 'Scegli i giorni entro i prossimi 30 giorni';
  end if;
  if join_waitlist.from_day > join_waitlist.to_day then
    raise sqlstate '22023' using message = 'Il primo giorno viene dopo l''ultimo';
  end if;
  if join_waitlist.period is null or join_waitlist.period not in ('Mattina', 'Pomeriggio', 'Sera') then
    raise sqlstate '22023' using message = 'Scegli mattina, pomeriggio o sera';
  end if;

  -- One customer's joins, one at a time: a repeated tap finds the entry the first one made.
  perform pg_advisory_xact_lock(hashtextextended('join_waitlist ' || caller_client_id::text, 0));
  select e.id into entry_id from app.waitlist_entries e
   where e.client_id = caller_client_id and e.left_at is null and e.treatment_id = chosen.id
     and e.operator_id is not distinct from join_waitlist.operator_id and e.period = join_waitlist.period
     and e.from_day = join_waitlist.from_day and e.to_day = join_waitlist.to_day;
  if entry_id is not null then
    return jsonb_build_object('id', entry_id, 'message', 'Sei in lista d''attesa', 'channels', channels);
  end if;

  delete from app.waitlist_entries e
   where e.client_id = caller_client_id and e.created_at < now() - interval '1 day'
     and (e.left_at is not null or e.to_day < bookable.first_day);
  if (select count(*) from app.waitlist_entries e
       where e.client_id = caller_client_id and e.created_at >= now() - interval '1 day')
     >= app_private.waitlist_daily_joins() then
    raise sqlstate 'P0001'
      using message = 'Troppe richieste di lista d''attesa oggi: riprova domani o chiama il salone';
  end if;
  if (select count(*) from app.waitlist_entries e
       where e.client_id = caller_client_id and e.left_at is null and e.to_day >= bookable.first_day)
     >= app_private.waitlist_open_limit() then
    raise sqlstate 'P0001' using message = format(
      'Sei già in lista d''attesa per %s richieste in questo salone: esci da una per aggiungerne un''altra',
      app_private.waitlist_open_limit());
  end if;

  insert into app.waitlist_entries (merchant_id, client_id, treatment_id, operator_id, from_day, to_day, period)
  values (caller_merchant_id, caller_client_id, chosen.id, join_waitlist.operator_id, join_waitlist.from_day,
          join_waitlist.to_day, join_waitlist.period)
  returning id into entry_id;
  return jsonb_build_object('id', entry_id, 'message', 'Sei in lista d''attesa', 'channels', channels);
end
$$;
grant execute on function api.join_waitlist(text, uuid, uuid, date, date, text) to authenticated;
comment on function api.join_waitlist(text, uuid, uuid, date, date, text) is
  'Client only, address confirmed: waits for a slot of one of the salon''s treatments (with an operator who '
  'performs it, or any), on the days [from_day, to_day] of the booking window, in a part of the day '
  '(''Mattina'', ''Pomeriggio'', ''Sera''). The same entry again returns it; refused beyond 3 open entries '
  'at the salon and beyond 20 joins in a day. Answers the channels (email, push) a freed slot will also '
  'be told by, from her choices at this salon.';
