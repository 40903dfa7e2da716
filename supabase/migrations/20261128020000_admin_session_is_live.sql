-- The platform admin's powers belong to a live session. When ADMIN_EMAIL adopts an account that
-- somebody else may have opened, the server deletes its earlier sessions; their access tokens stay
-- valid for up to an hour, so being admin also asks that the token's session still exists.

create or replace function app_private.is_platform_admin() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  session_claim text := (select auth.jwt()) ->> 'session_id';
begin
  return exists (select 1 from app.platform_admins where user_id = (select auth.uid()))
     and session_claim ~ '^[0-9a-fA-F-]{36}$'
     and exists (select 1 from auth.sessions s
                  where s.id = session_claim::uuid and s.user_id = (select auth.uid()));
end
$$;
