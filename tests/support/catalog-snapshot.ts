import type { Queryable } from '../../server/db/port.ts';

/** Every object of a database outside the system schemas, as `kind name` → its definition. */
export type CatalogSnapshot = Map<string, string>;

const userSchemas = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'`;

// Each query returns (name, definition): one row per object, named as a reader would look for it.
const objectQueries: Record<string, string> = {
  schema: `select n.nspname as name,
                  concat_ws(' | ', 'acl ' || n.nspacl::text, 'comment ' || obj_description(n.oid, 'pg_namespace')) as definition
             from pg_namespace n where ${userSchemas}`,
  extension: `select e.extname as name, 'in ' || n.nspname as definition
                from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  'default privileges': `select case when d.defaclnamespace = 0 then 'all schemas' else d.defaclnamespace::regnamespace::text end
                                       || ' ' || d.defaclobjtype::text as name,
                                d.defaclacl::text as definition
                           from pg_default_acl d`,
  function: `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
                    concat_ws(E'\\n', pg_get_functiondef(p.oid), 'acl ' || p.proacl::text,
                              'comment ' || obj_description(p.oid, 'pg_proc')) as definition
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where ${userSchemas} and p.prokind in ('f', 'p')
                and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  relation: `select n.nspname || '.' || c.relname as name,
                    concat_ws(' | ', 'kind ' || c.relkind::text, 'rls ' || c.relrowsecurity, 'force rls ' || c.relforcerowsecurity,
                              'replica identity ' || c.relreplident::text, 'options ' || c.reloptions::text,
                              'acl ' || c.relacl::text, 'comment ' || obj_description(c.oid, 'pg_class')) as definition
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where ${userSchemas} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'c', 'f')
                and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  column: `select n.nspname || '.' || c.relname || '.' || a.attname as name,
                  concat_ws(' | ', 'position ' || (select count(*) from pg_attribute b
                                                   where b.attrelid = a.attrelid and b.attnum > 0 and not b.attisdropped
                                                     and b.attnum <= a.attnum),
                            format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end,
                            'default ' || pg_get_expr(ad.adbin, ad.adrelid), nullif('generated ' || a.attgenerated::text, 'generated '),
                            nullif('identity ' || a.attidentity::text, 'identity '), 'collation ' || nullif(a.attcollation, 0)::regcollation::text,
                            'acl ' || a.attacl::text, 'comment ' || col_description(c.oid, a.attnum)) as definition
             from pg_attribute a
             join pg_class c on c.oid = a.attrelid
             join pg_namespace n on n.oid = c.relnamespace
             left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
            where ${userSchemas} and c.relkind in ('r', 'p', 'v', 'm', 'c', 'f') and a.attnum > 0 and not a.attisdropped
              and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  constraint: `select n.nspname || '.' || coalesce(c.relname, t.typname) || ' ' || k.conname as name,
                      concat_ws(' | ', pg_get_constraintdef(k.oid), 'deferrable ' || k.condeferrable,
                                'comment ' || obj_description(k.oid, 'pg_constraint')) as definition
                 from pg_constraint k
                 join pg_namespace n on n.oid = k.connamespace
                 left join pg_class c on c.oid = k.conrelid
                 left join pg_type t on t.oid = k.contypid
                where ${userSchemas}`,
  index: `select n.nspname || '.' || c.relname as name,
                 concat_ws(' | ', pg_get_indexdef(c.oid), 'comment ' || obj_description(c.oid, 'pg_class')) as definition
            from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
           where ${userSchemas}`,
  view: `select n.nspname || '.' || c.relname as name, pg_get_viewdef(c.oid) as definition
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where ${userSchemas} and c.relkind in ('v', 'm')`,
  policy: `select p.schemaname || '.' || p.tablename || ' "' || p.policyname || '"' as name,
                  concat_ws(' | ', p.permissive, 'for ' || p.cmd, 'to ' || p.roles::text, 'using ' || p.qual,
                            'with check ' || p.with_check) as definition
             from pg_policies p`,
  trigger: `select n.nspname || '.' || c.relname || ' ' || g.tgname as name,
                   concat_ws(' | ', pg_get_triggerdef(g.oid), 'enabled ' || g.tgenabled::text) as definition
              from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
             where ${userSchemas} and not g.tgisinternal`,
  type: `select n.nspname || '.' || t.typname as name,
                concat_ws(' | ', 'kind ' || t.typtype::text, 'acl ' || t.typacl::text, 'comment ' || obj_description(t.oid, 'pg_type'),
                          'labels ' || (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e
                                         where e.enumtypid = t.oid)) as definition
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where ${userSchemas} and t.typtype in ('c', 'e', 'd', 'r')
            and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
            and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
  publication: `select p.pubname || ' ' || p.schemaname || '.' || p.tablename as name, 'member' as definition
                  from pg_publication_tables p`,
};

/** Reads every object of the database (outside the system schemas and extensions) with its definition. */
export async function snapshotCatalog(db: Queryable): Promise<CatalogSnapshot> {
  const snapshot: CatalogSnapshot = new Map();
  for (const [kind, sql] of Object.entries(objectQueries)) {
    const { rows } = await db.query<{ name: string; definition: string | null }>(sql);
    for (const row of rows) snapshot.set(`${kind} ${row.name}`, row.definition ?? '');
  }
  return snapshot;
}

/**
 * What differs between two snapshots, one line per object: which side alone has it, or both
 * definitions when they differ. Empty when the two databases are the same.
 */
export function diffCatalogs(
  left: CatalogSnapshot,
  right: CatalogSnapshot,
  names: { left: string; right: string },
): string[] {
  const differences: string[] = [];
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
  for (const key of keys) {
    const a = left.get(key);
    const b = right.get(key);
    if (a === b) continue;
    if (a === undefined) differences.push(`${key}: only in ${names.right}`);
    else if (b === undefined) differences.push(`${key}: only in ${names.left}`);
    else differences.push(`${key}: differs\n  ${names.left}: ${a}\n  ${names.right}: ${b}`);
  }
  return differences;
}
