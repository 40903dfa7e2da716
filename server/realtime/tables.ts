import type { Database } from '../db/port.ts';

export interface TableColumn {
  name: string;
  /** pg_type.typname, as Realtime reports it (int4, uuid, _text, ...). */
  type: string;
  /** The full SQL type, for casting filter values. */
  sqlType: string;
}

export interface TableInfo {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  fullIdentity: boolean;
  published: boolean;
  columns: TableColumn[];
  primaryKey: string[];
}

const cacheMilliseconds = 5000;

/** What Realtime needs to know about a table: columns, primary key, RLS, replica identity, publication. */
export class TableCatalog {
  private readonly tables = new Map<string, { at: number; info: Promise<TableInfo | undefined> }>();
  private readonly readable = new Map<string, { at: number; columns: Promise<Set<string>> }>();

  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  table(schema: string, table: string): Promise<TableInfo | undefined> {
    const key = `${schema}.${table}`;
    const cached = this.tables.get(key);
    if (cached && Date.now() - cached.at < cacheMilliseconds) return cached.info;
    const info = this.load(schema, table);
    this.tables.set(key, { at: Date.now(), info });
    return info;
  }

  /** The columns `role` may SELECT, which are the only ones its events carry. */
  readableColumns(info: TableInfo, role: string): Promise<Set<string>> {
    const key = `${info.oid}:${role}`;
    const cached = this.readable.get(key);
    if (cached && Date.now() - cached.at < cacheMilliseconds) return cached.columns;
    const columns = this.db
      .query<{ name: string }>(
        `select a.attname as name from pg_catalog.pg_attribute a
          where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
            and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
        [info.oid, role],
      )
      .then(
        ({ rows }) => new Set(rows.map((row) => row.name)),
        () => new Set<string>(),
      );
    this.readable.set(key, { at: Date.now(), columns });
    return columns;
  }

  private async load(schema: string, table: string): Promise<TableInfo | undefined> {
    const { rows } = await this.db.query<{
      oid: number;
      rls: boolean;
      full_identity: boolean;
      published: boolean;
      columns: TableColumn[];
      primary_key: string[];
    }>(
      `select c.oid::int8::float8 as oid, c.relrowsecurity as rls, c.relreplident = 'f' as full_identity,
              exists (select 1 from pg_catalog.pg_publication_tables p
                       where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname
                         and p.tablename = c.relname) as published,
              (select coalesce(json_agg(json_build_object('name', a.attname, 'type', t.typname,
                        'sqlType', pg_catalog.format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]')
                 from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
              (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]')
                 from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                where i.indrelid = c.oid and i.indisprimary) as primary_key
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
      [schema, table],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      oid: Number(row.oid),
      schema,
      table,
      rls: row.rls,
      fullIdentity: row.full_identity,
      published: row.published,
      columns: row.columns,
      primaryKey: row.primary_key,
    };
  }
}
