import type { RawNodeDatum } from 'react-d3-tree';

/** A client in a salon's tree: its sponsor and its generation (0 = no sponsor). */
export interface TreeClient {
  /** The node's key: the client code in the merchant's and admin's trees (unique within a salon). */
  id: string;
  code: string;
  name: string;
  /** The sponsor's `id`, or null. */
  sponsor_id: string | null;
  generation: number;
}

/** The id of the synthetic root 'Tutti i clienti' above a merchant's root clients. */
export const rootNodeId = 'root';

/**
 * How deep the tree opens, as react-d3-tree's `initialDepth` would: 1 opens the root and leaves every
 * client collapsed (the admin's tree), 0 shows the root alone (the merchant's, spec §4). Expansion is
 * kept here rather than in react-d3-tree so that collapsed subtrees never enter the data it clones and
 * lays out.
 */
export type InitialDepth = 0 | 1;

interface ClientHierarchy {
  /** Clients by id. */
  byId: ReadonlyMap<string, TreeClient>;
  /** Direct referrals of each node, in the order the list gave them; `rootNodeId` holds the root clients. */
  childrenOf: ReadonlyMap<string, readonly TreeClient[]>;
  /** How many clients sit below each node, at any depth; `rootNodeId` counts every reachable client. */
  descendants: ReadonlyMap<string, number>;
}

/**
 * Builds the sponsor tree from the flat list in O(n): one pass to index, one to link, a breadth-first
 * walk for the order and a reverse pass to count descendants. A client whose sponsor is not in the list
 * is shown as a root client rather than lost.
 */
export function buildHierarchy(clients: readonly TreeClient[]): ClientHierarchy {
  const byId = new Map<string, TreeClient>();
  for (const client of clients) byId.set(client.id, client);

  const childrenOf = new Map<string, TreeClient[]>([[rootNodeId, []]]);
  for (const client of clients) {
    const parentId =
      client.sponsor_id !== null && byId.has(client.sponsor_id) ? client.sponsor_id : rootNodeId;
    const siblings = childrenOf.get(parentId);
    if (siblings) siblings.push(client);
    else childrenOf.set(parentId, [client]);
  }

  // Breadth-first from the root: every reachable client once, parents before children.
  const order: string[] = [rootNodeId];
  const parentOf = new Map<string, string>();
  for (let index = 0; index < order.length; index += 1) {
    const id = order[index]!;
    for (const child of childrenOf.get(id) ?? []) {
      parentOf.set(child.id, id);
      order.push(child.id);
    }
  }
  const descendants = new Map<string, number>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const id = order[index]!;
    const below = descendants.get(id) ?? 0;
    descendants.set(id, below);
    const parentId = parentOf.get(id);
    if (parentId !== undefined) descendants.set(parentId, (descendants.get(parentId) ?? 0) + below + 1);
  }

  return { byId, childrenOf, descendants };
}

/** Generation 0 (no sponsor), 1, 2, and 3 for the third generation and deeper: the legend's four colours. */
export function generationLevel(generation: number): 0 | 1 | 2 | 3 {
  if (generation <= 0) return 0;
  if (generation >= 3) return 3;
  return generation as 1 | 2;
}

export interface ClientNodeAttributes extends Record<string, string | number | boolean> {
  id: string;
  /** The node drawn above this one ('' for the root). */
  parentId: string;
  code: string;
  /** -1 for the root 'Tutti i clienti'. */
  generation: number;
  referrals: number;
  descendants: number;
  expanded: boolean;
}

export interface ClientNodeDatum extends RawNodeDatum {
  attributes: ClientNodeAttributes;
  children?: ClientNodeDatum[];
}

/**
 * The data handed to react-d3-tree: the root and, below each expanded node, its direct referrals.
 * Collapsed subtrees stay out, so the work per render follows what is on screen, not the client count.
 */
export function visibleTree(
  hierarchy: ClientHierarchy,
  expanded: ReadonlySet<string>,
  rootName: string,
): ClientNodeDatum {
  const node = (
    id: string,
    name: string,
    code: string,
    generation: number,
    parentId = '',
  ): ClientNodeDatum => {
    const referrals = hierarchy.childrenOf.get(id) ?? [];
    const isExpanded = referrals.length > 0 && expanded.has(id);
    const datum: ClientNodeDatum = {
      name,
      attributes: {
        id,
        parentId,
        code,
        generation,
        referrals: referrals.length,
        descendants: hierarchy.descendants.get(id) ?? 0,
        expanded: isExpanded,
      },
    };
    if (isExpanded)
      datum.children = referrals.map((child) => node(child.id, child.name, child.code, child.generation, id));
    return datum;
  };
  return node(rootNodeId, rootName, '', -1);
}

/** The nodes open when a tree first appears: those above `initialDepth` (the root, or none). */
export function initialExpanded(initialDepth: InitialDepth = 1): Set<string> {
  return new Set(initialDepth > 0 ? [rootNodeId] : []);
}

/** Opens a node, or closes it together with every open node below it. */
export function toggleExpanded(
  hierarchy: ClientHierarchy,
  expanded: ReadonlySet<string>,
  id: string,
): Set<string> {
  const next = new Set(expanded);
  if (!next.has(id)) {
    if ((hierarchy.childrenOf.get(id)?.length ?? 0) > 0) next.add(id);
    return next;
  }
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    next.delete(current);
    for (const child of hierarchy.childrenOf.get(current) ?? []) if (next.has(child.id)) stack.push(child.id);
  }
  return next;
}
