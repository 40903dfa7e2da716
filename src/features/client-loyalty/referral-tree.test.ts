import { describe, expect, it } from 'vitest';
import {
  buildReferralTree,
  countByGeneration,
  type ReferralRow,
} from '@/features/client-loyalty/referral-tree';

const me = 'me';
const rows: ReferralRow[] = [
  { id: 'a', code: 'A00002', display_name: 'Anna B.', sponsor_id: me, generation: 1 },
  { id: 'b', code: 'A00003', display_name: 'Bea C.', sponsor_id: me, generation: 1 },
  { id: 'c', code: 'A00004', display_name: 'Carla D.', sponsor_id: 'a', generation: 2 },
  { id: 'd', code: 'A00005', display_name: 'Dora E.', sponsor_id: 'c', generation: 3 },
  { id: 'e', code: 'A00006', display_name: 'Elsa F.', sponsor_id: 'a', generation: 2 },
];

describe("the customer's referral tree", () => {
  it('nests each person under its sponsor, generation 1 at the top, keeping the order given', () => {
    const tree = buildReferralTree(rows);
    expect(tree.map((node) => node.code)).toEqual(['A00002', 'A00003']);
    expect(tree[0]?.children.map((node) => node.code)).toEqual(['A00004', 'A00006']);
    expect(tree[0]?.children[0]?.children.map((node) => node.code)).toEqual(['A00005']);
    expect(tree[1]?.children).toEqual([]);
  });

  it('is empty without referrals', () => {
    expect(buildReferralTree([])).toEqual([]);
    expect(countByGeneration([])).toEqual([0, 0, 0]);
  });

  it('counts people per generation', () => {
    expect(countByGeneration(rows)).toEqual([2, 2, 1]);
  });
});
