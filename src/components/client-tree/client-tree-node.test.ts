import { describe, expect, it } from 'vitest';
import { nodeLabel } from '@/components/client-tree/client-tree-node';

const attributes = {
  id: 'c1',
  parentId: '',
  code: 'A00001',
  generation: 0,
  referrals: 0,
  descendants: 0,
  expanded: false,
};

describe('nodeLabel', () => {
  it('names the root with the number of clients', () => {
    expect(
      nodeLabel('Tutti i clienti', {
        ...attributes,
        id: 'root',
        code: '',
        generation: -1,
        descendants: 20000,
      }),
    ).toBe('Tutti i clienti, 20.000 clienti');
  });

  it('names a client with code, level and referrals', () => {
    expect(nodeLabel('Anna', { ...attributes, referrals: 2 })).toBe(
      'Anna, codice A00001, Senza sponsor, 2 presentati',
    );
    expect(nodeLabel('Dora', { ...attributes, code: 'A00004', generation: 5 })).toBe(
      'Dora, codice A00004, 3ª generazione e oltre',
    );
  });
});
