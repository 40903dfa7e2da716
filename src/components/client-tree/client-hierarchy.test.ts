import { describe, expect, it } from 'vitest';
import {
  buildHierarchy,
  generationLevel,
  initialExpanded,
  rootNodeId,
  toggleExpanded,
  visibleTree,
  type ClientNodeDatum,
  type TreeClient,
} from '@/components/client-tree/client-hierarchy';

const client = (id: string, sponsor: string | null, generation: number): TreeClient => ({
  id,
  code: `A${id.padStart(5, '0')}`,
  name: `Cliente ${id}`,
  sponsor_id: sponsor,
  generation,
});

// 1 ─┬─ 3 ── 5 ── 6
//    └─ 4
// 2
const clients = [
  client('1', null, 0),
  client('2', null, 0),
  client('3', '1', 1),
  client('4', '1', 1),
  client('5', '3', 2),
  client('6', '5', 3),
];

const names = (node: ClientNodeDatum | undefined) => (node?.children ?? []).map((child) => child.name);

describe('buildHierarchy', () => {
  it('links every client under its sponsor and the root clients under the root', () => {
    const hierarchy = buildHierarchy(clients);
    expect(hierarchy.childrenOf.get(rootNodeId)?.map((c) => c.id)).toEqual(['1', '2']);
    expect(hierarchy.childrenOf.get('1')?.map((c) => c.id)).toEqual(['3', '4']);
    expect(hierarchy.childrenOf.get('2')).toBeUndefined();
  });

  it('counts the clients below each node at any depth', () => {
    const { descendants } = buildHierarchy(clients);
    expect(descendants.get(rootNodeId)).toBe(6);
    expect(descendants.get('1')).toBe(4);
    expect(descendants.get('3')).toBe(2);
    expect(descendants.get('6')).toBe(0);
  });

  it('does not depend on the order of the list', () => {
    const hierarchy = buildHierarchy([...clients].reverse());
    expect(hierarchy.descendants.get('1')).toBe(4);
    expect(hierarchy.childrenOf.get('5')?.map((c) => c.id)).toEqual(['6']);
  });

  it('shows a client whose sponsor is missing from the list as a root client', () => {
    const hierarchy = buildHierarchy([client('7', 'unknown', 1)]);
    expect(hierarchy.childrenOf.get(rootNodeId)?.map((c) => c.id)).toEqual(['7']);
  });

  it('handles 20,000 clients in a deep and wide tree in linear time', () => {
    const many: TreeClient[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const sponsor = index < 100 ? null : String(Math.floor(index / 2));
      many.push(client(String(index), sponsor, sponsor === null ? 0 : 1));
    }
    const hierarchy = buildHierarchy(many);
    expect(hierarchy.descendants.get(rootNodeId)).toBe(20_000);
    expect(hierarchy.childrenOf.get(rootNodeId)).toHaveLength(100);
    const tree = visibleTree(hierarchy, initialExpanded(), 'Tutti i clienti');
    expect(tree.children).toHaveLength(100);
    expect(tree.children?.every((child) => child.children === undefined)).toBe(true);
  });
});

describe('visibleTree', () => {
  const hierarchy = buildHierarchy(clients);

  it('starts with the root open and every client closed (collapsed below depth 1)', () => {
    const tree = visibleTree(hierarchy, initialExpanded(), 'Tutti i clienti');
    expect(tree.name).toBe('Tutti i clienti');
    expect(tree.attributes).toMatchObject({ expanded: true, referrals: 2, descendants: 6, generation: -1 });
    expect(names(tree)).toEqual(['Cliente 1', 'Cliente 2']);
    expect(tree.children?.[0]?.children).toBeUndefined();
    expect(tree.children?.[0]?.attributes).toMatchObject({ code: 'A00001', referrals: 2, expanded: false });
  });

  it('starts with the root alone when collapsed below depth 0 (the merchant tree)', () => {
    const tree = visibleTree(hierarchy, initialExpanded(0), 'Tutti i clienti');
    expect(tree.attributes).toMatchObject({ expanded: false, referrals: 2, descendants: 6 });
    expect(tree.children).toBeUndefined();
    expect(
      names(visibleTree(hierarchy, toggleExpanded(hierarchy, initialExpanded(0), rootNodeId), '')),
    ).toEqual(['Cliente 1', 'Cliente 2']);
  });

  it('hands over only the children of open nodes', () => {
    let expanded = toggleExpanded(hierarchy, initialExpanded(), '1');
    expanded = toggleExpanded(hierarchy, expanded, '3');
    const tree = visibleTree(hierarchy, expanded, 'Tutti i clienti');
    const first = tree.children?.[0];
    expect(names(first)).toEqual(['Cliente 3', 'Cliente 4']);
    expect(names(first?.children?.[0])).toEqual(['Cliente 5']);
    expect(first?.children?.[0]?.children?.[0]?.children).toBeUndefined();
  });

  it('closes a node together with the open nodes below it', () => {
    let expanded = toggleExpanded(hierarchy, initialExpanded(), '1');
    expanded = toggleExpanded(hierarchy, expanded, '3');
    expanded = toggleExpanded(hierarchy, expanded, '1');
    expect([...expanded]).toEqual([rootNodeId]);
  });

  it('does not open a client without referrals', () => {
    expect(toggleExpanded(hierarchy, initialExpanded(), '2').has('2')).toBe(false);
  });
});

describe('generationLevel', () => {
  it('groups the third generation and deeper', () => {
    expect([0, 1, 2, 3, 4, 9].map(generationLevel)).toEqual([0, 1, 2, 3, 3, 3]);
  });
});
