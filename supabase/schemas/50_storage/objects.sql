-- Who reads and writes the images in Storage: merchant logos (bucket loghi) and operator photos
-- (bucket operatori). The buckets themselves are data, created by the migrations and config.toml.

create policy "Anyone reads merchant logos" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'loghi');

create policy "Merchants upload their own logo" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

create policy "Merchants replace their own logo" on storage.objects
  for update to authenticated
  using (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png')
  with check (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

create policy "Merchants delete their own logo" on storage.objects
  for delete to authenticated
  using (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

create policy "Anyone reads operator photos" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'operatori');

create policy "Merchants upload photos of their own operators" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );

create policy "Merchants replace photos of their own operators" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  )
  with check (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );

create policy "Merchants delete photos of their own operators" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );
