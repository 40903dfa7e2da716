import type { Queryable } from '../../../server/db/port.ts';
import { clauseDrops } from './clauses.ts';

/** One weakening of the access rules: `sql` applies it, `restore` undoes it exactly. */
export interface Mutant {
  /** The policy ('schema.table: name') or grant it weakens. */
  target: string;
  /** The relation whose checks are most likely to notice, e.g. 'app.clients'. */
  relation: string;
  label: string;
  sql: string;
  restore: string;
}

interface PolicyRow {
  relation: string;
  name: string;
  quoted: string;
  permissive: string;
  roles: string;
  cmd: string;
  qual: string | null;
  with_check: string | null;
}

export async function readPolicies(db: Queryable): Promise<PolicyRow[]> {
  const { rows } = await db.query<PolicyRow>(
    `select format('%I.%I', schemaname, tablename) as relation, policyname as name,
            quote_ident(policyname) as quoted, permissive, cmd, qual, with_check,
            (select string_agg(quote_ident(role), ', ') from unnest(roles) as role) as roles
       from pg_policies
      order by schemaname, tablename, policyname`,
  );
  return rows;
}

function createPolicy(policy: PolicyRow): string {
  return (
    `create policy ${policy.quoted} on ${policy.relation} as ${policy.permissive} for ${policy.cmd}` +
    ` to ${policy.roles}` +
    (policy.qual === null ? '' : ` using (${policy.qual})`) +
    (policy.with_check === null ? '' : ` with check (${policy.with_check})`)
  );
}

/** Drop; USING and WITH CHECK replaced by true; each AND/OR clause of either dropped. */
export function policyMutants(policies: PolicyRow[]): Mutant[] {
  return policies.flatMap((policy) => {
    const on = `policy ${policy.quoted} on ${policy.relation}`;
    const target = `${policy.relation}: ${policy.name}`;
    const mutant = (label: string, sql: string, restore: string): Mutant => ({
      target,
      relation: policy.relation,
      label,
      sql,
      restore,
    });
    const mutants = [mutant('drop the policy', `drop ${on}`, createPolicy(policy))];
    for (const [clause, expression] of [
      ['using', policy.qual],
      ['with check', policy.with_check],
    ] as const) {
      if (expression === null) continue;
      const restore = `alter ${on} ${clause} (${expression})`;
      mutants.push(mutant(`${clause} (true)`, `alter ${on} ${clause} (true)`, restore));
      for (const drop of clauseDrops(expression)) {
        mutants.push(
          mutant(`${clause}: ${drop.label}`, `alter ${on} ${clause} (${drop.expression})`, restore),
        );
      }
    }
    return mutants;
  });
}

/**
 * Mutants no role can tell apart from the original, with the reason. Counted apart from survivors
 * when they survive; a kill would mean the reason no longer holds.
 */
export const equivalentMutants: Record<string, string> = {
  'app.merchant_prefix_counter: row-level security — disable row level security':
    'no API role but service_role (which bypasses row-level security) has any privilege on the table',
  'app.client_code_counters: row-level security — disable row level security':
    'no API role but service_role (which bypasses row-level security) has any privilege on the table',
  'app.password_policy: row-level security — disable row level security':
    'no API role but service_role (which bypasses row-level security) has any privilege on the table',
  'app.notification_outbox: row-level security — disable row level security':
    'no API role but service_role (which bypasses row-level security) has any privilege on the table',
  'app.address_confirmations: row-level security — disable row level security':
    'no API role but service_role (which bypasses row-level security) has any privilege on the table',
};

/** Roles whose privileges on schema app are mutated (anon cannot even use the schema: see below). */
const roles = ['authenticated', 'service_role'];
const privileges = ['select', 'insert', 'update', 'delete'];

/**
 * Each table privilege of authenticated and service_role flipped (revoked when granted, granted on
 * the whole table when not), each column-level grant revoked, usage on schema app flipped for the
 * three API roles, and row-level security switched off on each table.
 */
export async function grantMutants(db: Queryable): Promise<Mutant[]> {
  const { rows: relations } = await db.query<{ relation: string; kind: string; rls: boolean }>(
    `select c.oid::regclass::text as relation, c.relkind::text as kind, c.relrowsecurity as rls
       from pg_class c
      where c.relnamespace = 'app'::regnamespace and c.relkind in ('r', 'v')
      order by 1`,
  );
  const { rows: columnGrants } = await db.query<{
    relation: string;
    column: string;
    role: string;
    privilege: string;
  }>(
    `select c.oid::regclass::text as relation, quote_ident(a.attname) as column,
            g.grantee::regrole::text as role, lower(g.privilege_type) as privilege
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attacl is not null
       cross join lateral aclexplode(a.attacl) as g
      where c.relnamespace = 'app'::regnamespace
      order by 1, 2, 3`,
  );
  const mutants: Mutant[] = [];
  for (const { relation, kind, rls } of relations) {
    for (const role of roles) {
      for (const privilege of kind === 'v' ? ['select'] : privileges) {
        const { rows } = await db.query<{ granted: boolean }>(
          'select has_table_privilege($1, $2, $3) as granted',
          [role, relation, privilege],
        );
        const columns = columnGrants
          .filter(
            (grant) => grant.relation === relation && grant.role === role && grant.privilege === privilege,
          )
          .map((grant) => grant.column);
        const regrantColumns = columns.length
          ? `; grant ${privilege} (${columns.join(', ')}) on ${relation} to ${role}`
          : '';
        const target = `${relation}: ${privilege} for ${role}`;
        mutants.push(
          rows[0]!.granted
            ? {
                target,
                relation,
                label: 'revoke',
                sql: `revoke ${privilege} on ${relation} from ${role}`,
                restore: `grant ${privilege} on ${relation} to ${role}${regrantColumns}`,
              }
            : {
                target,
                relation,
                label: 'grant on the whole table',
                sql: `grant ${privilege} on ${relation} to ${role}`,
                restore: `revoke ${privilege} on ${relation} from ${role}${regrantColumns}`,
              },
        );
      }
    }
    if (rls) {
      mutants.push({
        target: `${relation}: row-level security`,
        relation,
        label: 'disable row level security',
        sql: `alter table ${relation} disable row level security`,
        restore: `alter table ${relation} enable row level security`,
      });
    }
  }
  for (const grant of columnGrants) {
    const on = `${grant.privilege} (${grant.column}) on ${grant.relation}`;
    mutants.push({
      target: `${grant.relation}: ${grant.privilege} (${grant.column}) for ${grant.role}`,
      relation: grant.relation,
      label: 'revoke',
      sql: `revoke ${on} from ${grant.role}`,
      restore: `grant ${on} to ${grant.role}`,
    });
  }
  for (const role of ['anon', ...roles]) {
    const { rows } = await db.query<{ granted: boolean }>(
      `select has_schema_privilege($1, 'app', 'usage') as granted`,
      [role],
    );
    const [apply, undo] = rows[0]!.granted
      ? [`revoke usage on schema app from ${role}`, `grant usage on schema app to ${role}`]
      : [`grant usage on schema app to ${role}`, `revoke usage on schema app from ${role}`];
    mutants.push({
      target: `schema app: usage for ${role}`,
      relation: 'app',
      label: apply.split(' ')[0]!,
      sql: apply,
      restore: undo,
    });
  }
  return mutants;
}

/** Everything the mutants touch, to prove each restore put it back exactly. */
export async function accessFingerprint(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ line: string }>(
    `select concat_ws(' ', schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check) as line
       from pg_policies
     union all
     select concat_ws(' ', c.oid::regclass::text, 'rls', c.relrowsecurity) from pg_class c
      where c.relnamespace = 'app'::regnamespace
     union all
     select concat_ws(' ', c.oid::regclass::text, g.grantee::regrole::text, g.privilege_type)
       from pg_class c cross join lateral aclexplode(c.relacl) as g
      where c.relnamespace = 'app'::regnamespace
     union all
     select concat_ws(' ', c.oid::regclass::text, a.attname, g.grantee::regrole::text, g.privilege_type)
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attacl is not null
       cross join lateral aclexplode(a.attacl) as g
      where c.relnamespace = 'app'::regnamespace
     union all
     select concat_ws(' ', 'schema app', g.grantee::regrole::text, g.privilege_type)
       from pg_namespace n cross join lateral aclexplode(n.nspacl) as g
      where n.nspname = 'app'
     order by 1`,
  );
  return rows.map((row) => row.line).join('\n');
}
