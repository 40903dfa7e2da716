import { allowed, changes, lazy, refused, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld, SalonIds } from './world.ts';

const publicBuckets = `bucket_id in ('loghi', 'operatori')`;
const key = `bucket_id || '/' || name`;

/** A merchant's own objects: its logo '{slug}.png' in loghi and its folder '{merchant_id}/' in operatori. */
const ownObjects = (salon: SalonIds) =>
  `((bucket_id = 'loghi' and name = '${salon.slug}.png')
    or (bucket_id = 'operatori' and name like '${salon.merchantId}/%'))`;

const insertObject = (bucket: string, name: string) =>
  `insert into storage.objects (bucket_id, name) values ('${bucket}', '${name}')`;
/**
 * A DELETE runs only in a transaction that set what /storage/v1 sets (server/storage/caller.ts, as
 * storage-api does): the statements here run with it, as the Storage API's own would, but without
 * its WHERE and RETURNING, so that the delete policies alone decide.
 */
const throughStorageApi = `select set_config('storage.allow_delete_query', 'true', true)`;
const removeObject = (bucket: string, name: string) =>
  `${throughStorageApi}; delete from storage.objects where bucket_id = '${bucket}' and name = '${name}'`;

/** An insert after the superuser cleared the place (the fixture already holds some of these names). */
const insertCheck = (
  name: string,
  persona: PersonaName,
  where: (w: PolicyWorld) => [bucket: string, object: string],
  outcome: 'ok' | 'policy',
) =>
  lazy(`storage.objects: ${name}`, (w) => {
    const [bucket, object] = where(w);
    const before = removeObject(bucket, object);
    const sql = insertObject(bucket, object);
    return outcome === 'ok' ? allowed('', persona, sql, before) : refused('', persona, sql, 'policy', before);
  });

const selects = selectChecks('storage.objects', () => ({
  anon: publicBuckets,
  clientA: publicBuckets,
  clientB: publicBuckets,
  merchantA: publicBuckets,
  merchantB: publicBuckets,
  admin: publicBuckets,
}));

const inserts: Check[] = [
  insertCheck('a merchant uploads its own logo', 'merchantA', (w) => ['loghi', `${w.A.slug}.png`], 'ok'),
  insertCheck(
    'a merchant cannot upload another salon’s logo',
    'merchantA',
    (w) => ['loghi', `${w.B.slug}.png`],
    'policy',
  ),
  insertCheck(
    'a merchant cannot upload its logo name elsewhere',
    'merchantA',
    (w) => ['privato', `${w.A.slug}.png`],
    'policy',
  ),
  insertCheck('a client cannot upload a logo', 'clientA', (w) => ['loghi', `${w.A.slug}.png`], 'policy'),
  insertCheck('anon cannot upload a logo', 'anon', (w) => ['loghi', `${w.A.slug}.png`], 'policy'),
  insertCheck(
    'a merchant uploads its operators’ photos',
    'merchantA',
    (w) => ['operatori', `${w.A.merchantId}/nuova.png`],
    'ok',
  ),
  insertCheck(
    'a merchant cannot upload into another salon’s folder',
    'merchantA',
    (w) => ['operatori', `${w.B.merchantId}/nuova.png`],
    'policy',
  ),
  insertCheck(
    'a merchant cannot upload its folder elsewhere',
    'merchantA',
    (w) => ['privato', `${w.A.merchantId}/nuova.png`],
    'policy',
  ),
  insertCheck(
    'a client cannot upload operator photos',
    'clientA',
    (w) => ['operatori', `${w.A.merchantId}/nuova.png`],
    'policy',
  ),
  insertCheck(
    'anon cannot upload operator photos',
    'anon',
    (w) => ['operatori', `${w.A.merchantId}/nuova.png`],
    'policy',
  ),
];

const who: [PersonaName, (w: PolicyWorld) => string][] = [
  ['merchantA', (w) => ownObjects(w.A)],
  ['merchantB', (w) => ownObjects(w.B)],
  ['clientA', () => 'false'],
  ['admin', () => 'false'],
  ['anon', () => 'false'],
];

const writes: Check[] = who.flatMap(([persona, predicate]) => [
  changes(`storage.objects: which objects ${persona} updates`, persona, {
    table: 'storage.objects',
    key,
    statement: `update storage.objects set metadata = '{"segnata": true}'`,
    changed: `select ${key} as k from storage.objects where metadata = '{"segnata": true}'`,
    predicate,
  }),
  changes(`storage.objects: which objects ${persona} deletes`, persona, {
    table: 'storage.objects',
    key,
    before: throughStorageApi,
    statement: 'delete from storage.objects',
    predicate,
  }),
]);

/** Outside the Storage API no one deletes an object or a bucket, not even service_role. */
const directDeletes: Check[] = (['merchantA', 'service'] as const).flatMap((persona) =>
  ['objects', 'buckets'].map((table) =>
    refused(
      `storage.${table}: ${persona} deletes nothing outside the Storage API`,
      persona,
      `delete from storage.${table}`,
      '42501: Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    ),
  ),
);

/** A merchant's own objects can change, but never leave its logo name or its folder. */
const moves: Check[] = [
  refused(
    'storage.objects: a merchant cannot rename its logo',
    'merchantA',
    `update storage.objects set name = name || '.bak' where bucket_id = 'loghi'`,
    'policy',
  ),
  refused(
    'storage.objects: a merchant cannot move a photo out of its folder',
    'merchantA',
    `update storage.objects set name = 'altro/' || name where bucket_id = 'operatori'`,
    'policy',
  ),
  // Without WHERE, so that only the update policies judge the new row (a WHERE reading a column
  // would make it pass the select policies too); the superuser first leaves one kind of object.
  lazy('storage.objects: a merchant cannot move its logo to another bucket', (w) =>
    refused(
      '',
      'merchantA',
      `update storage.objects set bucket_id = 'privato'`,
      'policy',
      `${removeObject('privato', `${w.A.slug}.png`)};
       delete from storage.objects where bucket_id = 'operatori' and name like '${w.A.merchantId}/%'`,
    ),
  ),
  lazy('storage.objects: a merchant cannot move its photos to another bucket', (w) =>
    refused(
      '',
      'merchantA',
      `update storage.objects set bucket_id = 'privato'`,
      'policy',
      removeObject('loghi', `${w.A.slug}.png`),
    ),
  ),
];

export const storageChecks: Check[] = [...selects, ...inserts, ...writes, ...directDeletes, ...moves];
