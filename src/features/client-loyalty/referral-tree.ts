import type { RpcRow, WithNullable } from '@/lib/rpc';

/** One person below the customer, as api.client_tree returns it: a short name and the code only. */
export type ReferralRow = WithNullable<RpcRow<'client_tree'>, 'sponsor_id'>;

export interface ReferralNode extends ReferralRow {
  children: ReferralNode[];
}

/**
 * Nests the flat list under the customer: generation 1 at the top, each person under its sponsor,
 * in the order the database gave (by generation, then code).
 */
export function buildReferralTree(rows: readonly ReferralRow[]): ReferralNode[] {
  const nodes = new Map<string, ReferralNode>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: ReferralNode[] = [];
  for (const node of nodes.values()) {
    const sponsor = node.sponsor_id ? nodes.get(node.sponsor_id) : undefined;
    if (sponsor && node.generation > 1) sponsor.children.push(node);
    else if (node.generation === 1) roots.push(node);
  }
  return roots;
}

/** How many people at generations 1, 2 and 3. */
export function countByGeneration(rows: readonly ReferralRow[]): [number, number, number] {
  const at = (generation: number) => rows.filter((row) => row.generation === generation).length;
  return [at(1), at(2), at(3)];
}
