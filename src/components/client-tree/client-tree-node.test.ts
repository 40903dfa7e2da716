import { describe, expect, it } from 'vitest';
import { fittedName, nodeLabel } from '@/components/client-tree/client-tree-node';

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

describe('fittedName', () => {
  it('keeps a short name and cuts a long one with an ellipsis to the room it has', () => {
    expect(fittedName('Anna', 166)).toBe('Anna');
    const cut = fittedName('Maria Antonietta Esposito-Bianchi della Valle', 166);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(Math.floor((166 - 26) / 7.5));
  });
});
