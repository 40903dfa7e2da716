import { describe, expect, it } from 'vitest';
import { beforeWord, toName } from '@/lib/italian';

describe('toName', () => {
  it('writes ad before a name that begins with a, a before any other', () => {
    expect(toName('Anna')).toBe('ad Anna');
    expect(toName('anna')).toBe('ad anna');
    expect(toName('Àlida')).toBe('ad Àlida');
    expect(toName('Bea')).toBe('a Bea');
    expect(toName('Elena')).toBe('a Elena');
    expect(toName('Ottavia')).toBe('a Ottavia');
    expect(toName('Salone Aurora')).toBe('a Salone Aurora');
  });
});

describe('beforeWord', () => {
  it('adds the euphonic d only before the same vowel, keeping the case of the particle', () => {
    expect(beforeWord('e', 'Elena')).toBe('ed');
    expect(beforeWord('e', 'Anna')).toBe('e');
    expect(beforeWord('A', 'Aurora')).toBe('Ad');
    expect(beforeWord('o', 'Olga')).toBe('o');
    expect(beforeWord('di', 'Anna')).toBe('di');
  });
});
