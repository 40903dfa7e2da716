-- A visit's part is not modified alone: the salon confirms or rejects the visit.

create or replace function api.modify_reservation(reservation_id uuid, date date, "time" text, note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_note text := nullif(btrim(coalesce(modify_reservation.note, '')), '');
  pending app.reservations;
  new_start timestamptz;
  new_end timestamptz;
begin
  if modify_reservation.date is null or nullif(btrim(coalesce(modify_reservation."time", '')), '') is null
     or new_note is null then
    raise sqlstate 'P0001' using message = 'Compila data, ora e nota di modifica';
  end if;
  if length(new_note) > 500 then
    raise sqlstate 'P0001' using message = 'La nota può contenere al massimo 500 caratteri';
  end if;
  pending := app_private.merchant_reservation(modify_reservation.reservation_id, caller_merchant_id);
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  if pending.visit_id is not null then
    raise sqlstate 'P0001'
      using message = 'Una visita con più trattamenti non si modifica: confermala o rifiutala';
  end if;
  new_start := app_private.booking_start(modify_reservation.date, modify_reservation."time");
  new_end := new_start + (pending.ends_at - pending.starts_at);
  perform app_private.check_slot_free(caller_merchant_id, pending.treatment_id, pending.operator_id,
                                      new_start, new_end, pending.id);
  update app.reservations r
     set status = 'modificata', starts_at = new_start, ends_at = new_end, notes = new_note
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  return jsonb_build_object('message', 'Prenotazione modificata e inviata');
end
$$;
grant execute on function api.modify_reservation(uuid, date, text, text) to authenticated;
comment on function api.modify_reservation(uuid, date, text, text) is
  'Merchant only: ''in attesa'' -> ''modificata'' with a new date and time (booking window and grid, free '
  'for its operator or for some operator who performs it) and a required note (at most 500 characters). '
  'Not a visit''s part.';
