import { describe, expect, it } from 'vitest';
import { clauseDrops } from './clauses.ts';

describe('the clauses a policy mutant drops', () => {
  it('drops each AND and OR clause at any depth, leaving string literals alone', () => {
    const expression =
      "((client_id = ANY (ids())) AND ((status = 'a AND b'::text) OR ((status = 'c'::text) AND (starts_at <= now()))))";
    expect(clauseDrops(expression).map((drop) => drop.expression)).toEqual([
      "((status = 'a AND b'::text) OR ((status = 'c'::text) AND (starts_at <= now())))",
      '(client_id = ANY (ids()))',
      "((client_id = ANY (ids())) AND ((status = 'c'::text) AND (starts_at <= now())))",
      "((client_id = ANY (ids())) AND (status = 'a AND b'::text))",
      "((client_id = ANY (ids())) AND ((status = 'a AND b'::text) OR (starts_at <= now())))",
      "((client_id = ANY (ids())) AND ((status = 'a AND b'::text) OR (status = 'c'::text)))",
    ]);
  });

  it('finds nothing to drop in a single comparison', () => {
    expect(clauseDrops('(user_id = ( SELECT auth.uid() AS uid))')).toEqual([]);
  });
});
