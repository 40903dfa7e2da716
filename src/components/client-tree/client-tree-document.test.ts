import { describe, expect, it } from 'vitest';
import { buildHierarchy, rootNodeId } from '@/components/client-tree/client-hierarchy';
import { treeClientsFromDocument } from '@/components/client-tree/client-tree-document';

const childCodes = (clients: ReturnType<typeof treeClientsFromDocument>, id: string) =>
  buildHierarchy(clients)
    .childrenOf.get(id)
    ?.map((client) => client.code);

describe('treeClientsFromDocument', () => {
  it('gives an empty salon an empty tree', () => {
    const clients = treeClientsFromDocument({ code: [], name: [], sponsor: [], generation: [] });
    expect(clients).toEqual([]);
    expect(childCodes(clients, rootNodeId)).toEqual([]);
  });

  it('keys each client by its code and finds its sponsor by position, over three generations', () => {
    // A00001 ─┬─ A00003 ── A00005 ── A00006
    //         └─ A00004
    // A00002
    const clients = treeClientsFromDocument({
      code: ['A00001', 'A00002', 'A00003', 'A00004', 'A00005', 'A00006'],
      name: ['Anna R.', 'Bea S.', 'Carla T.', 'Dora U.', 'Elsa V.', 'Franca Z.'],
      sponsor: [-1, -1, 0, 0, 2, 4],
      generation: [0, 0, 1, 1, 2, 3],
    });
    expect(clients[4]).toEqual({
      id: 'A00005',
      code: 'A00005',
      name: 'Elsa V.',
      sponsor_id: 'A00003',
      generation: 2,
    });
    expect(clients.filter((client) => client.sponsor_id === null).map((client) => client.code)).toEqual([
      'A00001',
      'A00002',
    ]);
    expect(childCodes(clients, rootNodeId)).toEqual(['A00001', 'A00002']);
    expect(childCodes(clients, 'A00001')).toEqual(['A00003', 'A00004']);
    expect(childCodes(clients, 'A00003')).toEqual(['A00005']);
    expect(childCodes(clients, 'A00005')).toEqual(['A00006']);
    expect(buildHierarchy(clients).descendants.get('A00001')).toBe(4);
  });

  it('keeps an erased client in place and draws a client whose sponsor is missing as a root', () => {
    const clients = treeClientsFromDocument({
      code: ['A00001', 'A00002', 'A00003', 'A00004'],
      name: ['Anna R.', 'Cliente rimosso', 'Carla T.', 'Dora U.'],
      // A00003's sponsor is not in the document (-1 at generation 1); A00004's points past the end.
      sponsor: [-1, 0, -1, 9],
      generation: [0, 1, 1, 2],
    });
    expect(clients.map((client) => [client.code, client.sponsor_id])).toEqual([
      ['A00001', null],
      ['A00002', 'A00001'],
      ['A00003', null],
      ['A00004', null],
    ]);
    expect(childCodes(clients, rootNodeId)).toEqual(['A00001', 'A00003', 'A00004']);
    expect(childCodes(clients, 'A00001')).toEqual(['A00002']);
    expect(clients[1]?.name).toBe('Cliente rimosso');
  });

  it('never makes a client its own sponsor', () => {
    const clients = treeClientsFromDocument({
      code: ['A00001'],
      name: ['Anna'],
      sponsor: [0],
      generation: [1],
    });
    expect(clients[0]?.sponsor_id).toBeNull();
    expect(childCodes(clients, rootNodeId)).toEqual(['A00001']);
  });

  it('refuses a document that is not the compact tree', () => {
    const valid = { code: ['A00001'], name: ['Anna'], sponsor: [-1], generation: [0] };
    for (const broken of [
      null,
      { ...valid, name: [] },
      { ...valid, sponsor: ['A00000'] },
      { ...valid, sponsor: [-2] },
      { ...valid, generation: [0.5] },
      { id: ['x'], code: ['A00001'], name: ['Anna'], sponsor_id: [null], generation: [0] },
    ]) {
      expect(() => treeClientsFromDocument(broken)).toThrow();
    }
  });
});
